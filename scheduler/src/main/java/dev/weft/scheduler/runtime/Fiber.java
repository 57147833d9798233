package dev.weft.scheduler.runtime;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

/**
 * A managed thread that runs as a continuation ({@link Continuations}) on a platform thread of its execution's
 * {@link Fibers}, instead of on a platform thread of its own. The test's own {@code Thread} object stays what it is:
 * while the fiber runs, its carrier answers {@code Thread.currentThread()} with it, so thread-local values, monitors
 * and lock owners all see the test's thread. Pausing suspends the continuation and resuming schedules it: a hand-off
 * between two fibers is a return to the carrier's loop and a jump into the other continuation, with no OS thread
 * woken or put to sleep.
 *
 * <p>Where the continuation cannot be suspended, the fiber is <em>pinned</em> for that pause: it waits on its carrier
 * as a platform thread would (parked, or in the real monitor it must release: {@link ManagedThread#pauseInRealMonitor})
 * and its {@link Fibers} hands the other fibers to another carrier meanwhile. That happens in a synchronized method of a
 * class loaded before Weft was installed, whose real monitor a paused thread releases by waiting in it, and below a
 * native frame.
 *
 * <p>The {@code Thread} object is never started for real: what the test asks it (state, liveness, daemon flag) is
 * answered by {@link ThreadLooks} from the managed thread.
 */
final class Fiber {

    /** Threads run as fibers, for {@link ThreadLooks}: weakly, as the test may keep a thread after its execution. */
    private static final Map<Thread, Fiber> LAUNCHED = Collections.synchronizedMap(new WeakHashMap<>());
    private static final long SPIN_NANOS = TimeUnit.MICROSECONDS.toNanos(50);

    final Thread thread;
    final ManagedThread managed;
    private final Fibers fibers;
    private final Object continuation;
    /** In its execution's ready queue (or about to be): a second schedule before it ran adds nothing. */
    private final AtomicBoolean queued = new AtomicBoolean();
    /** The carrier it is mounted on, or {@code null} while suspended (or not started, or done). */
    private volatile Thread mountedOn;
    /** The carrier it waits on during a pinned pause, or {@code null}. */
    private volatile Thread pinnedOn;
    private volatile boolean done;
    /** The thread waiting in {@link #finishesBy}. */
    private volatile Thread closer;

    private Fiber(Fibers fibers, ManagedThread managed, Runnable body) {
        this.fibers = fibers;
        this.managed = managed;
        this.thread = managed.thread;
        this.continuation = Continuations.create(() -> {
            try {
                body.run();
            } finally {
                done = true;
                Thread waiting = closer;
                if (waiting != null) {
                    LockSupport.unpark(waiting);
                }
            }
        });
    }

    /** Runs {@code body} as {@code managed}, whose {@code Thread} it is from now on, as soon as a carrier is free. */
    static void launch(Fibers fibers, ManagedThread managed, Runnable body) {
        Fiber fiber = new Fiber(fibers, managed, body);
        managed.fiber = fiber;
        LAUNCHED.put(fiber.thread, fiber);
        fiber.wake();
    }

    /** The fiber {@code thread} was launched as, or {@code null} if it never was. */
    static Fiber of(Thread thread) {
        return LAUNCHED.get(thread);
    }

    /**
     * Thread side, from {@link ManagedThread}'s wait for its turn: suspends the continuation until it is
     * {@linkplain #wake woken}.
     *
     * @param maySuspend {@code false} when the thread must wait on its carrier (in a real monitor)
     * @return {@code true} once it was suspended and has been resumed; {@code false} if it is pinned for this pause,
     *         and the caller must wait on the carrier instead, as a platform thread does
     */
    boolean suspended(boolean maySuspend) {
        if (pinnedOn != null) {
            return false; // pinned once in this pause: stays so until its turn comes
        }
        if (maySuspend && Continuations.suspend()) {
            return true;
        }
        Thread carrier = mountedOn;
        pinnedOn = carrier; // before the caller looks at the state again: a waker either sees this or was seen
        fibers.carrierHeld(carrier);
        return false;
    }

    /** Thread side: its turn came; the next pause may suspend again. */
    void turnCame() {
        pinnedOn = null;
    }

    /** Lets the fiber see its new state: schedules it, or wakes the carrier it is pinned to. */
    void wake() {
        Thread pinned = pinnedOn;
        if (pinned != null) {
            LockSupport.unpark(pinned);
        } else if (queued.compareAndSet(false, true)) {
            fibers.ready(this);
        }
    }

    /**
     * Carrier side: runs the continuation until it suspends or ends.
     *
     * @return {@code false} if it is still mounted on another carrier (it is finishing a pinned pause there), so
     *         that the caller tries again later
     */
    boolean runOn(Thread carrier) {
        if (mountedOn != null) {
            return false;
        }
        queued.set(false); // a wake from now on schedules it again
        if (done) {
            return true;
        }
        mountedOn = carrier;
        Continuations.mount(carrier, thread);
        try {
            Continuations.run(continuation);
        } finally {
            Continuations.unmount(carrier, thread);
            mountedOn = null;
        }
        return true;
    }

    /** The platform thread it runs on now, or its own {@code Thread} while it is not mounted. */
    Thread carrierOrThread() {
        Thread carrier = mountedOn;
        return carrier != null ? carrier : thread;
    }

    /**
     * Closing while it runs (stuck in code the scheduler does not control): its carrier stays with it, and another
     * carrier unwinds the other fibers. (Interrupting its {@code Thread} reaches that carrier: see
     * {@link Continuations#mount}.)
     */
    void keepCarrierWhileStuck() {
        Thread carrier = mountedOn;
        if (carrier != null) {
            fibers.carrierHeld(carrier);
        }
    }

    /** Waits until its body has returned, at most until {@code deadline} ({@link System#nanoTime()}). */
    boolean finishesBy(long deadline) {
        // A fiber that ended its execution is returning from its body on the carrier right now: a moment's spin is
        // cheaper than parking and being woken.
        long spinUntil = System.nanoTime() + SPIN_NANOS;
        while (!done && System.nanoTime() < spinUntil) {
            Thread.onSpinWait();
        }
        closer = Thread.currentThread();
        while (!done) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            LockSupport.parkNanos(this, Math.min(left, TimeUnit.MILLISECONDS.toNanos(5)));
        }
        return true;
    }

    boolean done() {
        return done;
    }
}
