package dev.weft.scheduler.runtime.fibers;

import dev.weft.scheduler.runtime.threads.HandOff;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The watchdog of the driving threads that carry fibers themselves ({@link InlineCarrying}): such a thread cannot watch
 * the fiber it runs, as a parked driver does. One daemon thread for them all, while any is installed; it looks at each
 * every few milliseconds, which costs nothing next to the executions' own switches.
 *
 * <ul>
 *   <li>While an execution runs, it does what the parked driver does ({@link HandOff#watchFromOutside}): the thread
 *       let run that is stuck fails the execution, and if it is the fiber on the driving thread, the others are
 *       unwound and it is interrupted, for the driving thread to get back.</li>
 *   <li>A driving thread that has stayed inside one fiber for the watchdog timeout after its execution ended (it was
 *       stuck, and could not be unwound; or it got stuck unwinding at the close) is given up: its supervisor is told
 *       why ({@link InlineCarrying#lostBecause()}).</li>
 * </ul>
 */
public final class InlineWatcher {

    private static final long INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(5);
    private static final List<InlineCarrying> WATCHED = new CopyOnWriteArrayList<>();
    /** The running watcher, or {@code null}; written under the class lock. */
    private static Thread watcher;

    private InlineWatcher() {
    }

    static synchronized void watch(InlineCarrying carrying) {
        WATCHED.add(carrying);
        if (watcher == null) {
            watcher = new Thread(InlineWatcher::watchWhileAny, "weft-inline-watchdog");
            watcher.setDaemon(true);
            watcher.start();
        }
    }

    static void forget(InlineCarrying carrying) {
        WATCHED.remove(carrying);
    }

    private static void watchWhileAny() {
        // per driving thread: its mount count when it was first seen inside a fiber after its execution ended, and when
        Map<InlineCarrying, long[]> insideSince = new IdentityHashMap<>();
        while (true) {
            synchronized (InlineWatcher.class) {
                if (WATCHED.isEmpty()) {
                    watcher = null;
                    return;
                }
            }
            LockSupport.parkNanos(INTERVAL_NANOS);
            for (InlineCarrying carrying : WATCHED) {
                HandOff handOff = carrying.current;
                if (handOff == null) {
                    insideSince.remove(carrying);
                    continue;
                }
                if (!handOff.isDone()) {
                    handOff.watchFromOutside();
                }
                if (!handOff.isDone() || (carrying.mounts & 1) == 0) {
                    insideSince.remove(carrying);
                    continue;
                }
                long mounts = carrying.mounts;
                long[] since = insideSince.get(carrying);
                if (since == null || since[0] != mounts) {
                    insideSince.put(carrying, new long[] {mounts, System.nanoTime()});
                } else if (System.nanoTime() - since[1] >= handOff.watchdogTimeoutNanos()) {
                    carrying.lose(handOff.whyLost(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - since[1])));
                    insideSince.remove(carrying);
                    WATCHED.remove(carrying);
                }
            }
        }
    }
}
