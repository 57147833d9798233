package dev.weft.scheduler.runtime.threads;

import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.ThreadId;
import dev.weft.scheduler.runtime.Action;
import dev.weft.scheduler.runtime.Detail;
import dev.weft.scheduler.runtime.Execution;
import dev.weft.scheduler.runtime.ExecutionAbandoned;
import dev.weft.scheduler.runtime.JvmRun;
import dev.weft.scheduler.runtime.SpuriousWakeUp;
import dev.weft.scheduler.runtime.UnmodelledPrimitiveException;
import dev.weft.scheduler.runtime.collections.CollectionModel;
import dev.weft.scheduler.runtime.collections.CollectionStep;
import dev.weft.scheduler.runtime.collections.DelayQueues;
import dev.weft.scheduler.runtime.fibers.Fiber;
import dev.weft.scheduler.runtime.locks.MethodMonitors;
import dev.weft.scheduler.runtime.locks.MonitorNotifier;
import dev.weft.scheduler.runtime.memory.ConstructedHashes;
import dev.weft.scheduler.runtime.pools.IdleWorkers;
import dev.weft.scheduler.runtime.pools.JdkInternalSync;
import dev.weft.scheduler.runtime.pools.NeutralTakes;
import dev.weft.scheduler.runtime.pools.UncontrolledPools;
import dev.weft.scheduler.runtime.state.Randomness;
import dev.weft.scheduler.runtime.state.StaticInitialisers;
import dev.weft.scheduler.runtime.time.SpinWindow;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.locks.LockSupport;

/**
 * One thread of one execution: the hand-off between it and the driver, and what the models keep per thread.
 *
 * <p>Hand-off: the thread publishes its next {@link Action} and sets {@link #state} to {@code PAUSED} (a volatile
 * write, so everything it did happens-before the driver's read), unparks the driver and parks until the driver sets
 * the state back to {@code RUNNING}. The driver writes the models only while every thread is paused, and the thread
 * writes them only while it is the one running, so the models need no locks. Under a step policy
 * ({@link JvmRun#runWith}) the thread does not wake the driver: it hands itself to the {@link HandOff}, which lets it
 * choose the next step (and perhaps run on at once).
 */
public final class ManagedThread {

    public enum State { RUNNING, PAUSED, FINISHED }

    /**
     * Tests only: runs on the pausing thread right after it has published {@code PAUSED}, to widen the window in which
     * the driver can act on that before the thread goes on (see {@code HandOffRaceTest}). {@code null} otherwise.
     */
    static volatile Runnable afterPausePublished;

    public final Execution execution;
    public final ThreadId id;
    public final Thread thread;
    /**
     * Whether the test sees this thread as a daemon thread: the execution is over once the test body has returned and
     * only daemon threads are left ({@link JvmRun#pending()}), as a JVM exits then.
     */
    public final boolean daemon;

    private volatile State state = State.RUNNING;
    private Action pending;
    /**
     * The {@link #pendingOperation} views made of one action, enabled and not (a thread waiting for a lock flips
     * between them each time another thread takes it and gives it back), and that action.
     */
    private PendingOperation enabledView;
    private PendingOperation disabledView;
    private Action pendingViewOf;
    /** The real monitor this thread waits in while paused (it holds it: see {@link #pauseInRealMonitor}), or null. */
    private volatile Object realMonitor;
    /** The real monitors of synchronized methods this thread is inside. */
    public final MethodMonitors methodMonitors = new MethodMonitors();
    /** The continuation it runs as, or {@code null} if it has a platform thread of its own. Set before it runs. */
    public volatile Fiber fiber;

    // Model state of the thread; see the models that use it.
    public boolean ended;
    public boolean interrupted;
    boolean permit;
    public int classInitDepth;
    /** Static initialisers this thread is in (they also raise {@link #classInitDepth}). */
    public int staticInitDepth;
    /** The next static initialiser to start is one that runs again in each execution ({@link StaticInitialisers}). */
    public boolean nextInitialiserRepeatable;
    /** By {@link #staticInitDepth} (bit {@code depth - 1}): which initialisers this thread is in run again. */
    long repeatableInitialisers;
    /** The next static initialiser to start is a copy run again ({@link StaticInitialisers}), not the JVM's own. */
    public boolean nextInitialiserACopy;
    /** By {@link #staticInitDepth}, as {@link #repeatableInitialisers}: which initialisers this thread is in are copies. */
    long initialiserCopies;
    /**
     * Threads a static initialiser of this thread started, with the start's site: they are started at this thread's
     * first scheduling point after the outermost initialiser has returned ({@link #pause}).
     */
    public final List<ThreadLifecycle.DeferredStart> deferredStarts = new ArrayList<>(0);
    /**
     * A refusal of something a static initialiser of this thread did ({@link UncontrolledPools#timerOfAnInitialiser}),
     * thrown at the thread's first visible step after the outermost initialiser returned; else {@code null}.
     */
    public UnmodelledPrimitiveException deferredRefusal;
    /** Collection calls this thread is inside ({@link CollectionModel}). */
    public int collectionDepth;
    /** The {@link #collectionDepth} of the modelled call that raised {@link #classInitDepth}, or 0. */
    public int suppressedAtDepth;
    /** The collection of that call: the owner of the views it returns. */
    public Object callCollection;
    /** The monitor of a synchronized collection that the outermost modelled call holds ({@link CollectionModel}). */
    public Object callMonitor;
    /**
     * A keyed call on a collection that is not thread-safe, in progress ({@link CollectionModel}): its step, told at
     * the call's end whether the call kept the collection's structure, and the collection's size before the call.
     */
    public CollectionStep structureCheck;
    public int sizeBeforeCall;
    /** The state of the delay queue whose call this thread is inside ({@link DelayQueues}), or {@code null}. */
    public Location delayQueueCall;
    /** Whether this pool worker, left waiting for work at the end, has had its last look ({@link IdleWorkers}). */
    public boolean lookedForWorkAtTheEnd;
    /** The pool whose {@code getTask} this worker has entered and not yet taken a task in, or {@code null}. */
    public java.util.concurrent.ThreadPoolExecutor lookingForTaskIn;
    /** The task the offer this thread is performing puts into a queue, until its event ({@link NeutralTakes}). */
    public Object queueing;
    /** The step this thread is about to make that orders nothing the user can see ({@link NeutralTakes}). */
    public dev.weft.scheduler.model.Operation orderNeutralStep;
    /** How many of this thread's first events its past counts: all but the order-neutral ones since the last other. */
    public int orderingSteps;
    public int steps;
    /**
     * When the timed call in progress times out on the execution's clock, until it waits at its timed action; -1 when
     * the call has none (see {@code ControlledHooks.visibleTimed}).
     */
    public long timedCallDeadline = -1;
    /** When the timed call in progress began on the execution's clock. */
    public long timedCallBegun;
    /** This thread has had its one spurious wake-up of the execution ({@link SpuriousWakeUp}). */
    public boolean wokeSpuriously;
    private int childCount;
    private int objectCount;
    private int hashedCount;
    private int seedCount;
    /** The generator of this thread's {@code ThreadLocalRandom}, {@code Math.random()}, UUIDs ({@link Randomness}). */
    private Random random;
    /** The generators this thread draws from instead of generators other threads draw from ({@link Randomness}). */
    private Map<Random, Random> randomsInstead;

    // Results the driver hands back to the hook that paused.
    public boolean result;
    public Throwable toThrow;
    public OpKind casOutcome;
    /**
     * What fails the execution of a virtual thread whose task threw: handed to the uncaught-exception handler before
     * its run bracket ended ({@link UncaughtExceptions}).
     */
    Throwable uncaught;
    /** A handler of the user's took this thread's uncaught exception (the JVM's later call must not repeat it). */
    boolean uncaughtHandled;

    public final SpinWindow spinWindow = new SpinWindow();

    public ManagedThread(Execution execution, ThreadId id, Thread thread, boolean daemon) {
        this.execution = execution;
        this.id = id;
        this.thread = thread;
        this.daemon = daemon;
    }

    public State state() {
        return state;
    }

    /**
     * The explorer's view of {@code action} as this thread's next operation. Asked for every paused thread at every
     * step, while most of them still wait in front of the same action: a view is made once per action and whether it
     * is enabled.
     */
    public PendingOperation pendingOperation(Action action, boolean enabled) {
        if (pendingViewOf != action) {
            pendingViewOf = action;
            enabledView = null;
            disabledView = null;
        }
        PendingOperation view = enabled ? enabledView : disabledView;
        if (view == null) {
            view = new PendingOperation(id, action.operation(), enabled, Execution.source(action.site()), daemon);
            if (enabled) {
                enabledView = view;
            } else {
                disabledView = view;
            }
        }
        return view;
    }

    public Action pending() {
        return pending;
    }

    /** Driver side: the thread stays paused but will next do {@code next} (a wait turning into a re-acquire). */
    public void replacePending(Action next) {
        giveDeadline(next);
        pending = next;
    }

    /** The first timed action the timed call in progress waits at times out at the call's deadline. */
    private void giveDeadline(Action action) {
        if (timedCallDeadline >= 0 && action.mayTimeOut()) {
            action.timesOutAt(timedCallDeadline, timedCallBegun);
            timedCallDeadline = -1;
        }
    }

    /**
     * Thread side: stops in front of {@code action} until the driver lets this thread perform it. Inside a
     * synchronized method whose real monitor the JVM took ({@link MethodMonitors}), the thread waits in that monitor
     * meanwhile, releasing it for the others.
     *
     * @throws ExecutionAbandoned when the execution is closed meanwhile
     */
    public void pauseAt(Action action) {
        pause(action, methodMonitors.innermost());
    }

    /**
     * Thread side: like {@link #pauseAt}, waiting in {@code monitor}, whose real monitor this thread holds, while
     * paused (a wait inside a {@code synchronized} method: the monitor waited on, not the innermost one).
     */
    public void pauseInRealMonitor(Action action, Object monitor) {
        pause(action, monitor);
    }

    /** A static initialiser began ({@link #staticInitDepth} raised): marks it if it runs again in each execution. */
    public void enteredInitialiser() {
        long bit = depthBit();
        repeatableInitialisers = nextInitialiserRepeatable
                ? repeatableInitialisers | bit
                : repeatableInitialisers & ~bit;
        nextInitialiserRepeatable = false;
        initialiserCopies = nextInitialiserACopy ? initialiserCopies | bit : initialiserCopies & ~bit;
        nextInitialiserACopy = false;
    }

    /** A static initialiser ends ({@link #staticInitDepth} not lowered yet). */
    public void leavingInitialiser() {
        repeatableInitialisers &= ~depthBit();
        initialiserCopies &= ~depthBit();
    }

    /**
     * Whether the innermost static initialiser this thread is in is the JVM's own initialisation of its class, not a
     * copy run again: what it writes is the class's state in every execution.
     */
    public boolean inTheJvmsInitialiser() {
        return staticInitDepth > 0 && (initialiserCopies & depthBit()) == 0;
    }

    /** Whether the innermost static initialiser this thread is in is a copy run again in this execution. */
    public boolean inInitialiserCopy() {
        return staticInitDepth > 0 && (initialiserCopies & depthBit()) != 0;
    }

    /** Whether the innermost static initialiser this thread is in runs again in each execution. */
    public boolean inRepeatableInitialiser() {
        return staticInitDepth > 0 && (repeatableInitialisers & depthBit()) != 0;
    }

    private long depthBit() {
        return staticInitDepth > 0 && staticInitDepth <= Long.SIZE ? 1L << (staticInitDepth - 1) : 0;
    }

    /** @param releasing the real monitor to wait in while paused, or {@code null} to park */
    private void pause(Action action, Object releasing) {
        if (execution.abandoned()) {
            throw ExecutionAbandoned.INSTANCE;
        }
        if (!deferredStarts.isEmpty() && classInitDepth == 0) {
            // the first step after the static initialisers returned (their class is initialised now)
            ThreadLifecycle.startDeferred(this);
        }
        while (JdkInternalSync.silent(this, action)) {
            action = action.perform();
            if (action == null) {
                return;
            }
        }
        giveDeadline(action);
        if (execution.recordsDetail()) {
            action.recordStack(Detail.stack());
        }
        pending = action;
        realMonitor = releasing; // before PAUSED is published: whoever wakes this thread reads it
        try {
            awaitTurn();
        } finally {
            realMonitor = null;
        }
    }

    private void awaitTurn() {
        // Read before PAUSED is published. The main thread's first pause releases the driver, which then installs
        // the hand-off and at once lets this thread perform this very action; read after, the hand-off would be
        // there, and this thread would take the token as if that action were already done (a step that never ran,
        // and a policy asked for the next one while this thread is running).
        HandOff handOff = execution.handOff;
        state = State.PAUSED;
        Runnable slowDown = afterPausePublished;
        if (slowDown != null) {
            slowDown.run();
        }
        if (handOff != null) {
            handOff.arrived(this);
        } else {
            LockSupport.unpark(execution.driver());
        }
        boolean interruptedForReal = false;
        while (state != State.RUNNING) {
            idle();
            // A real interrupt (from code the scheduler does not control) would make park return at once; keep it
            // for the thread but do not let it turn this loop into a busy wait.
            interruptedForReal |= Thread.interrupted();
            if (execution.abandoned()) {
                throw ExecutionAbandoned.INSTANCE;
            }
        }
        Fiber running = fiber;
        if (running != null) {
            running.turnCame();
        }
        if (interruptedForReal) {
            thread.interrupt();
        }
    }

    /** The real monitor this thread waits in while paused (it holds that monitor only for moments), or null. */
    public Object realMonitorWaitedIn() {
        return realMonitor;
    }

    private void idle() {
        Object monitor = realMonitor;
        Fiber running = fiber;
        if (running != null && (running.suspended(monitor == null) || state == State.RUNNING)) {
            // resumed; or pinned, and woken by a waker that scheduled it before it could see the pin
            return;
        }
        if (monitor == null) {
            LockSupport.park(this);
            return;
        }
        try {
            if (state != State.RUNNING && !execution.abandoned()) {
                monitor.wait();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Hand-off: the thread that decided the step is this one, and it runs on without parking. */
    void runOn() {
        state = State.RUNNING;
    }

    /** Driver side: lets the paused thread perform its pending action and run on. */
    public void resume() {
        state = State.RUNNING;
        wake();
    }

    /** Thread side: the thread leaves the scheduler's control for good (it ended or was abandoned). */
    void finish() {
        HandOff handOff = execution.handOff; // read before FINISHED is published, as in pauseAt
        state = State.FINISHED;
        if (handOff != null) {
            handOff.arrived(this);
        } else {
            LockSupport.unpark(execution.driver());
        }
    }

    /** Driver side: wakes a paused thread so that it sees it may run, or that the execution was abandoned. */
    public void wake() {
        Object monitor = realMonitor;
        Fiber running = fiber;
        if (monitor != null) {
            MonitorNotifier.notifyAllLater(this, monitor);
        } else if (running != null) {
            running.wake();
        } else {
            LockSupport.unpark(thread);
        }
    }

    /** The platform thread its code runs on now: its own, or the carrier its fiber is mounted on. */
    public Thread platformThread() {
        Fiber running = fiber;
        return running != null ? running.carrierOrThread() : thread;
    }

    /** Throws what the driver decided the paused operation throws ({@link InterruptedException}, ...), if anything. */
    public void throwIfTold() throws InterruptedException {
        if (toThrow instanceof InterruptedException interruptedException) {
            toThrow = null;
            throw interruptedException;
        }
        throwUncheckedIfTold();
    }

    /** Throws what the driver decided the paused operation throws, for operations that throw only unchecked ones. */
    public void throwUncheckedIfTold() {
        Throwable thrown = toThrow;
        if (thrown == null) {
            return;
        }
        toThrow = null;
        if (thrown instanceof RuntimeException runtime) {
            throw runtime;
        }
        throw (Error) thrown;
    }

    /** The stable name of this thread's next child: parent name, a dot, and the per-parent child number. */
    String nextChildName() {
        return id.name() + "." + (++childCount);
    }

    /**
     * The suffix that names the next object this thread meets: {@code 2} for the main thread's second,
     * {@code main.1#3} for another thread's third.
     */
    public String nextObjectSuffix() {
        objectCount++;
        return id.index() == 0 ? Integer.toString(objectCount) : id.name() + "#" + objectCount;
    }

    /**
     * The identity hash of the next object this thread constructs whose hash is its identity
     * ({@link ConstructedHashes}): from the thread's name and its count of such objects, which depend only on its
     * program order, like object names.
     */
    public int nextIdentityHash() {
        return ConstructedHashes.mix(id.name().hashCode(), hashedCount + 1);
    }

    /** A seed for this thread's next generator: from its name and its count of seeds, like its hashes. */
    public long nextSeed() {
        long mixed = ((long) id.name().hashCode() << 32) + ++seedCount;
        mixed = (mixed ^ (mixed >>> 33)) * 0xFF51AFD7ED558CCDL;
        mixed = (mixed ^ (mixed >>> 33)) * 0xC4CEB9FE1A85EC53L;
        return mixed ^ (mixed >>> 33);
    }

    /** This thread's own generator, made at its first use in the execution. */
    public Random random() {
        if (random == null) {
            random = new Random(nextSeed());
        }
        return random;
    }

    /** The generator of this thread's own that it draws from instead of {@code shared}, made at its first draw. */
    public Random randomInsteadOf(Random shared) {
        if (randomsInstead == null) {
            randomsInstead = new IdentityHashMap<>();
        }
        return randomsInstead.computeIfAbsent(shared, any -> new Random(nextSeed()));
    }

    /** The hash {@link #nextIdentityHash()} gave went to an object. */
    public void identityHashGiven() {
        hashedCount++;
    }

    @Override
    public String toString() {
        return id.name();
    }
}
