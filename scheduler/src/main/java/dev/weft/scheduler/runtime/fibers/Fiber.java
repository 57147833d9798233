package dev.weft.scheduler.runtime.fibers;

import dev.weft.scheduler.runtime.WeakIdentityMap;
import dev.weft.scheduler.runtime.memory.ConstructedHashes;
import dev.weft.scheduler.runtime.threads.ManagedThread;
import dev.weft.scheduler.runtime.threads.ThreadLocalMaps;
import dev.weft.scheduler.runtime.threads.ThreadLooks;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.WeakReference;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

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
 * and its {@link Fibers} hands the other fibers to another carrier meanwhile. That happens in a synchronized method
 * of a class loaded before Weft was installed, whose real monitor a paused thread releases by waiting in it, and below a
 * native frame.
 *
 * <p>The {@code Thread} object is never started for real: what the test asks it (state, liveness, daemon flag) is
 * answered by {@link ThreadLooks} from the managed thread.
 */
public final class Fiber {

    /**
     * Threads run as fibers, for {@link ThreadLooks}: weakly, as the test may keep a thread after its execution. The
     * fiber is held weakly too: it holds its thread, and a value that holds its key keeps the entry forever.
     */
    private static final WeakIdentityMap<Thread, WeakReference<Fiber>> LAUNCHED = new WeakIdentityMap<>();
    /** The last main thread's fiber launched from each driving thread ({@link #mainThread}). */
    private static final ThreadLocal<Fiber> LAST_MAIN = new ThreadLocal<>();
    private static final VarHandle MOUNTED_ON;
    /**
     * Tests only: runs on the carrier right after a fiber whose body returned has left it, the moment at which a wake
     * at close may have another carrier take the fiber from the ready queue (see {@code FiberRaceTest}). {@code null}
     * otherwise.
     */
    static volatile Consumer<Fiber> afterItEnded;

    static {
        try {
            MOUNTED_ON = MethodHandles.lookup().findVarHandle(Fiber.class, "mountedOn", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final Thread thread;
    public final ManagedThread managed;
    private final Fibers fibers;
    private final Object continuation;
    /** In its execution's ready queue (or about to be): a second schedule before it ran adds nothing. */
    private final AtomicBoolean queued = new AtomicBoolean();
    /**
     * The carrier it is mounted on, or {@code null} while suspended (or not started, or done); set through
     * {@link #MOUNTED_ON}.
     */
    private volatile Thread mountedOn;
    /** The carrier it waits on during a pinned pause, or {@code null}. */
    private volatile Thread pinnedOn;
    private volatile boolean done;
    /** Whether the close interrupted the carrier this fiber is stuck on ({@link #keepCarrierWhileStuck}). */
    private volatile boolean carrierInterrupted;
    /** The thread waiting in {@link #finishesBy}. */
    private volatile Thread closer;

    private Fiber(Fibers fibers, ManagedThread managed, Runnable body) {
        this.fibers = fibers;
        this.managed = managed;
        this.thread = managed.thread;
        this.continuation = Continuations.create(body);
    }

    /** Launches an execution's main thread as {@link #launch} does; its {@code Thread} may serve the next one. */
    public static void launchMain(Fibers fibers, ManagedThread managed, Runnable body) {
        LAST_MAIN.set(launch(fibers, managed, () -> {
            Thread.interrupted(); // an interrupt the last execution left on its thread
            body.run();
        }));
    }

    /** Runs {@code body} as {@code managed}, whose {@code Thread} it is from now on, as soon as a carrier is free. */
    public static Fiber launch(Fibers fibers, ManagedThread managed, Runnable body) {
        Fiber fiber = new Fiber(fibers, managed, body);
        managed.fiber = fiber;
        LAUNCHED.put(fiber.thread, new WeakReference<>(fiber));
        fiber.wake();
        return fiber;
    }

    /**
     * The {@code Thread} of an execution's main thread on the calling driving thread: made to look like a thread the
     * caller had just created (name, priority, a non-daemon, context class loader, copies of its inheritable
     * thread-local values), and the same object as the last execution's when that one's fiber has ended and its
     * thread-local values could be dropped. Constructing a {@code Thread} costs a few microseconds, a few percent of
     * an execution of a small test.
     */
    public static Thread mainThread(String name) {
        Thread launcher = Thread.currentThread();
        Fiber last = LAST_MAIN.get();
        Thread thread;
        if (last != null && last.done && ThreadLocalMaps.clear(last.thread)) {
            thread = last.thread;
            thread.setName(name);
            thread.setPriority(launcher.getPriority());
            thread.setContextClassLoader(launcher.getContextClassLoader());
            thread.setUncaughtExceptionHandler(null);
            ThreadLocalMaps.inherit(thread, launcher);
        } else {
            thread = new Thread((Runnable) null, name); // inherits from the caller what a new thread would
        }
        ConstructedHashes.forMainThread(thread); // its hash (and id) the same whichever Thread serves
        thread.setDaemon(false);
        return thread;
    }

    /** Whether {@code thread} was launched as a fiber. */
    public static boolean launched(Thread thread) {
        return LAUNCHED.containsKey(thread);
    }

    /**
     * The fiber {@code thread} runs as, or {@code null} if it never was launched or its execution is long over (the
     * fiber is then forgotten: its thread has ended).
     */
    public static Fiber of(Thread thread) {
        WeakReference<Fiber> fiber = LAUNCHED.get(thread);
        return fiber == null ? null : fiber.get();
    }

    /**
     * Thread side, from {@link ManagedThread}'s wait for its turn: suspends the continuation until it is
     * {@linkplain #wake woken}.
     *
     * @param maySuspend {@code false} when the thread must wait on its carrier (in a real monitor)
     * @return {@code true} once it was suspended and has been resumed; {@code false} if it is pinned for this pause,
     *         and the caller must wait on the carrier instead, as a platform thread does
     */
    public boolean suspended(boolean maySuspend) {
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
    public void turnCame() {
        pinnedOn = null;
    }

    /** Lets the fiber see its new state: schedules it, or wakes the carrier it is pinned to. */
    public void wake() {
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
        // Taken with a compare-and-set: a fiber woken twice may sit twice in the ready queue, and two carriers (the
        // one it was pinned to and the one that took over, or the driver and a helper) may poll it at once.
        if (!MOUNTED_ON.compareAndSet(this, null, carrier)) {
            return false;
        }
        boolean ended = false;
        try {
            queued.set(false); // a wake from now on schedules it again
            if (done) {
                return true;
            }
            Continuations.mount(carrier, thread);
            try {
                Continuations.run(continuation);
            } finally {
                Continuations.unmount(carrier, thread);
                if (carrierInterrupted) {
                    carrierInterrupted = false;
                    Thread.interrupted(); // what keepCarrierWhileStuck sent, if the stuck code did not take it
                }
            }
            ended = Continuations.done(continuation);
            if (ended) {
                // Only now, unmounted: its thread may serve the next execution (mainThread). And before it lets go of
                // the carrier: the close wakes every thread, this one too, and a carrier that takes it from the ready
                // queue must find it done rather than run an ended continuation.
                done = true;
                Thread waiting = closer;
                if (waiting != null) {
                    LockSupport.unpark(waiting);
                }
            }
            return true;
        } finally {
            mountedOn = null;
            Consumer<Fiber> hook = afterItEnded;
            if (ended && hook != null) {
                hook.accept(this);
            }
        }
    }

    /** The platform thread it runs on now, or its own {@code Thread} while it is not mounted. */
    public Thread carrierOrThread() {
        Thread carrier = mountedOn;
        return carrier != null ? carrier : thread;
    }

    /**
     * Closing while it runs (stuck in code the scheduler does not control, which the close has just interrupted): its
     * carrier stays with it, and another carrier unwinds the other fibers. The carrier is interrupted too: the close's
     * interrupt of the fiber's {@code Thread} wakes the carrier's OS thread ({@link Continuations#mount}), but a
     * monitor wait in the JDK's code ({@code PipedInputStream.read}) looks at the carrier's own interrupt status, and
     * went on waiting (QA, JDK 25: the reader was left running). The carrier's status is cleared once the fiber leaves
     * it ({@link #runOn}), so that it does not reach the next fiber the carrier runs, nor the driving thread's code.
     */
    public void keepCarrierWhileStuck() {
        Thread carrier = mountedOn;
        if (carrier != null) {
            fibers.carrierHeld(carrier);
            carrierInterrupted = true;
            carrier.interrupt();
        }
    }

    /** Thread side, in its last moments: {@code waiting} is woken once the body has returned and left its carrier. */
    public void wakeWhenDone(Thread waiting) {
        closer = waiting;
    }

    /**
     * Waits until its body has returned and left its carrier, at most until {@code deadline} (nano time). A driving
     * thread that carries the fibers itself runs the ready ones meanwhile: nobody else would unwind them.
     */
    public boolean finishesBy(long deadline) {
        Thread current = Thread.currentThread();
        closer = current;
        while (!done) {
            if (fibers.ranOneReadyOn(current)) {
                continue;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            LockSupport.parkNanos(this, Math.min(left, TimeUnit.MILLISECONDS.toNanos(5)));
        }
        return true;
    }
}
