package dev.weft.scheduler.runtime.threads;

import dev.weft.scheduler.runtime.RuntimeSettings;

import java.util.concurrent.TimeUnit;

/**
 * Keeps a second CPU from going idle while executions run ({@link RuntimeSettings#keepCoreAwake()}).
 *
 * <p>Each step that moves to another managed thread wakes that thread. When the CPU it is to run on has gone idle, the
 * wake-up first has to bring that CPU back, which on a virtual machine costs several microseconds more than the
 * hand-off itself (measured here: 9–10 µs per hand-off between parked threads, 2.5–4 µs with a busy second CPU). A
 * daemon thread that only calls {@link Thread#yield()} keeps that CPU busy while giving it up at once to any thread
 * that becomes runnable there. It ends on its own once no execution has started for {@value #IDLE_MILLIS} ms, so it
 * lives only while an exploration runs.
 */
public final class CoreKeeper {

    private static final long IDLE_MILLIS = 50;
    private static final long IDLE_NANOS = TimeUnit.MILLISECONDS.toNanos(IDLE_MILLIS);
    private static final String NAME = "weft-core-keeper";

    private static volatile long lastActivity;
    /** The running keeper, or {@code null}; written only under the class lock, read without it. */
    private static volatile Thread keeper;

    private CoreKeeper() {
    }

    /** An execution starts: keeps (or starts) the keeper running for another {@value #IDLE_MILLIS} ms. */
    public static void executionStarts() {
        lastActivity = System.nanoTime();
        if (keeper == null) {
            start();
        }
    }

    private static synchronized void start() {
        if (keeper != null) {
            return;
        }
        Thread thread = new Thread(CoreKeeper::yieldWhileActive, NAME);
        thread.setDaemon(true);
        keeper = thread;
        thread.start();
    }

    private static void yieldWhileActive() {
        while (true) {
            while (System.nanoTime() - lastActivity < IDLE_NANOS) {
                Thread.yield();
            }
            synchronized (CoreKeeper.class) {
                if (System.nanoTime() - lastActivity >= IDLE_NANOS) {
                    keeper = null;
                    return;
                }
            }
        }
    }

    /** Whether {@code thread} is (by its name) the keeper: a live thread that is no leak. */
    public static boolean isKeeper(Thread thread) {
        return NAME.equals(thread.getName());
    }
}
