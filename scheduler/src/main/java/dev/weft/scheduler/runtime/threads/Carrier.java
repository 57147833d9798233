package dev.weft.scheduler.runtime.threads;

import dev.weft.scheduler.runtime.Execution;
import dev.weft.scheduler.runtime.memory.ConstructedHashes;

import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * A platform thread Weft owns and reuses from one execution to the next: it runs an execution's managed main thread,
 * or stands in for a {@code new Thread(runnable)} of the test ({@link #standIn}), then waits idle for its next task.
 * Creating and starting a thread costs about 100 µs on a small virtual machine, a tenth of a whole execution of a
 * small test; handing a task to an idle carrier costs one wake-up.
 *
 * <p>Before each task the carrier is made to look new, as a thread its creator had just constructed: name, priority,
 * daemon flag, context class loader, copies of the inheritable thread-local values, identity hash
 * ({@link ConstructedHashes#passOn}). After it, its thread-local values
 * are dropped and its uncaught-exception handler and interrupt flag reset. A carrier goes back to the pool only if its
 * task returned and this reset worked ({@link ThreadLocalMaps#available()}); otherwise it ends. It goes back only when
 * the execution that used it is closed, never in the middle of one.
 *
 * <p>A stand-in is what the test's code holds as its {@code Thread}, so {@code Thread.currentThread()} in it is the
 * same object everywhere, in the JDK too. What would differ from a real unstarted or ended thread is answered by the
 * hooks instead ({@link ThreadLooks}).
 */
public final class Carrier extends Thread {

    private static final ConcurrentLinkedDeque<Carrier> IDLE = new ConcurrentLinkedDeque<>();
    /** How many wait in {@link #IDLE} (the deque's own size is counted by walking it). */
    private static final AtomicInteger IDLE_COUNT = new AtomicInteger();
    /**
     * At most this many wait in the pool: a test that starts 128 threads in each execution finds 128 carriers waiting
     * for the next one (with 64, it created and ended 64 platform threads per execution, a third of its time on JDK
     * 17). Beyond that, it pays for creating the rest.
     */
    private static final int MAX_IDLE = 1024;
    /**
     * This many stay in the pool for good; the others end once they have waited {@link #LINGER_NANOS}, so that the
     * JVM does not keep hundreds of idle threads after the test that needed them.
     */
    private static final int KEPT_IDLE = 64;
    private static final long LINGER_NANOS = TimeUnit.SECONDS.toNanos(1);

    /** The test's thread this carrier stands in for: its {@code run()} is the task. {@code null} for a main thread. */
    private Thread original;
    private volatile Runnable task;
    /** From {@link #launch} until the task has ended and the carrier is idle again (or has ended for good). */
    private volatile boolean busy;
    /** Whether this stand-in was started (its task launched) in the current execution. */
    private volatile boolean launched;
    /** The managed thread it runs as, once launched. */
    private volatile ManagedThread managed;
    /** The daemon flag the test sees: a running thread's own cannot be changed. */
    private boolean daemon;
    /** An interrupt before the start, which a real thread keeps for its {@code run()}. */
    private boolean interruptedBeforeStart;
    /** The thread waiting in {@link #finishesBy}, woken when the task has ended. */
    private volatile Thread closer;
    /** Whether the last task returned (else the carrier is not reused: what it left behind is unknown). */
    private volatile boolean finishedNormally;
    /** Set to make the carrier's thread end. */
    private volatile boolean retired;
    /** When it last went back to the pool ({@link System#nanoTime()}). */
    private volatile long idleSince;
    /** Set once the carrier's own thread is in its idle loop: a later {@code run()} on it is the test's call. */
    private boolean idling;

    private Carrier() {
        super("weft-carrier");
        setDaemon(true);
    }

    /**
     * An idle carrier, or a new one (started, idle) if none is; it belongs to {@code execution} until the execution's
     * close {@linkplain #recycle recycles} it, so that two threads of one execution are never the same object.
     */
    private static Carrier obtain(Execution execution) {
        Carrier carrier = IDLE.pollFirst();
        if (carrier != null) {
            IDLE_COUNT.decrementAndGet();
        } else {
            carrier = new Carrier();
            carrier.start();
        }
        execution.carriers.add(carrier);
        return carrier;
    }

    /**
     * A carrier for an execution's main thread, made to look like a thread the caller just created; not a daemon
     * thread, as the threads that run tests are not, so that the test's threads inherit what they would in a JVM.
     */
    public static Carrier forMain(Execution execution, String name) {
        Carrier carrier = obtain(execution);
        ConstructedHashes.forMainThread(carrier);
        Thread launcher = Thread.currentThread();
        carrier.lookLike(null, name, launcher.getPriority(), false, launcher.getContextClassLoader());
        ThreadLocalMaps.inherit(carrier, launcher);
        return carrier;
    }

    /**
     * What a managed thread's {@code new Thread(...)} gives the test: a carrier standing in for {@code thread} where
     * threads are reused ({@code weft.reuseThreads}, a plain {@code Thread}, no fibers), else {@code thread} itself.
     */
    public static Thread forTestThread(ManagedThread self, Thread thread) {
        if (self.execution.fibers != null || !self.execution.settings.reuseThreads() || !ThreadLocalMaps.available()
                || thread.getClass() != Thread.class) {
            return thread;
        }
        return standIn(self.execution, thread);
    }

    /**
     * A carrier that stands in for {@code original}, a {@code Thread} the calling managed thread just constructed
     * with a {@code Runnable} (or none): same name, priority, daemon flag, context class loader and inheritable
     * thread-local values. It is started by {@link ThreadLifecycle} like any other thread.
     */
    static Carrier standIn(Execution execution, Thread original) {
        Carrier carrier = obtain(execution);
        ConstructedHashes.passOn(original, carrier);
        carrier.lookLike(original, original.getName(), original.getPriority(), original.isDaemon(),
                original.getContextClassLoader());
        // the original's constructor already copied its creator's values: they move over as they are
        ThreadLocalMaps.takeOver(carrier, original);
        return carrier;
    }

    private void lookLike(Thread stoodFor, String name, int priority, boolean isDaemon, ClassLoader loader) {
        original = stoodFor;
        launched = false;
        managed = null;
        interruptedBeforeStart = false;
        daemon = isDaemon;
        setName(name);
        setPriority(priority);
        setContextClassLoader(loader);
    }

    /** Starts a stand-in as {@code child}: it runs the original's {@code run()} between the run brackets. */
    void launchAs(ManagedThread child) {
        managed = child;
        child.interrupted |= interruptedBeforeStart;
        Thread stoodFor = original;
        launch(() -> {
            Throwable thrown = ThreadLifecycle.runAs(child, stoodFor::run);
            if (thrown != null) {
                // what the JVM does with what escapes a thread's run()
                getUncaughtExceptionHandler().uncaughtException(this, thrown);
            }
        });
    }

    /** Runs the main thread's {@code work}. */
    public void launchMain(Runnable work) {
        launch(work);
    }

    private void launch(Runnable work) {
        launched = true;
        busy = true;
        task = work;
        LockSupport.unpark(this);
    }

    /** Whether the test started it: its task was launched in the current execution. */
    boolean launched() {
        return launched;
    }

    /** Whether the managed thread it was launched as has ended. */
    boolean ended() {
        ManagedThread running = managed;
        return running != null && running.ended;
    }

    /** The daemon flag the test sees. */
    boolean daemonFlag() {
        return daemon;
    }

    /** {@code setDaemon(on)}: kept until its start, then refused, as a real thread does. */
    void setDaemonFlag(boolean on) {
        if (launched) {
            throw new IllegalThreadStateException(getName() + " was already started");
        }
        daemon = on;
    }

    /** An interrupt before its start, kept for its {@code run()}. */
    void interruptBeforeStart() {
        interruptedBeforeStart = true;
    }

    /** Whether it was interrupted before its start. */
    boolean interruptedBeforeStart() {
        return interruptedBeforeStart;
    }

    /**
     * Waits until the launched task has ended (the carrier is idle again or gone), at most until {@code deadline}
     * ({@link System#nanoTime()}).
     */
    public boolean finishesBy(long deadline) {
        closer = Thread.currentThread();
        while (busy) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            if (!isAlive()) {
                return true;
            }
            LockSupport.parkNanos(this, Math.min(left, TimeUnit.MILLISECONDS.toNanos(5)));
        }
        return true;
    }

    @Override
    public void run() {
        if (Thread.currentThread() != this || idling) {
            // the test called run() as a plain method, as one may on any Thread (also on the current one)
            Thread stoodFor = original;
            if (stoodFor != null) {
                stoodFor.run();
            }
            return;
        }
        idling = true;
        while (!retired) {
            Runnable work = task;
            if (work == null) {
                waitIdle();
                continue;
            }
            task = null;
            boolean returned = false;
            try {
                Thread.interrupted(); // an interrupt meant for the previous task
                work.run();
                returned = true;
            } finally {
                Thread.interrupted();
                finishedNormally = returned;
                busy = false;
                Thread waiting = closer;
                if (waiting != null) {
                    closer = null;
                    LockSupport.unpark(waiting);
                }
            }
        }
    }

    /**
     * Waits for a task; a carrier beyond the {@link #KEPT_IDLE} that waited in the pool for {@link #LINGER_NANOS}
     * takes itself out of it and ends. (It looks again after each such wait: when it began to wait, before its
     * execution's close put it in the pool, it could not know how many would be there.)
     */
    private void waitIdle() {
        LockSupport.parkNanos(this, LINGER_NANOS);
        if (task == null && System.nanoTime() - idleSince >= LINGER_NANOS && IDLE_COUNT.get() > KEPT_IDLE
                && IDLE.removeFirstOccurrence(this)) {
            // no execution can obtain it now: taken out of the pool before anyone polled it
            IDLE_COUNT.decrementAndGet();
            retired = true;
        }
    }

    /**
     * At the end of the execution that used it, once its task has ended (or if it never started): back to the pool,
     * made to look unused, or, if it cannot be reset here, ended.
     */
    public void recycle() {
        if (busy) {
            return; // still stuck in its task: it is left running, and the close reports it
        }
        boolean unused = !launched || finishedNormally;
        original = null;
        managed = null;
        launched = false;
        setUncaughtExceptionHandler(null);
        if (unused && IDLE_COUNT.get() < MAX_IDLE && ThreadLocalMaps.clear(this)) {
            idleSince = System.nanoTime();
            IDLE_COUNT.incrementAndGet();
            IDLE.addFirst(this);
        } else {
            retired = true;
            LockSupport.unpark(this);
            joinQuietly(); // it only has to leave its idle loop
        }
    }

    private void joinQuietly() {
        boolean interrupted = false;
        while (isAlive()) {
            try {
                join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** How many carriers wait in the pool (alive, and not leaked). */
    public static int idleCount() {
        return IDLE_COUNT.get();
    }

    /** Whether {@code thread} is a carrier waiting in the pool. */
    public static boolean isIdle(Thread thread) {
        return thread instanceof Carrier && IDLE.contains(thread);
    }
}
