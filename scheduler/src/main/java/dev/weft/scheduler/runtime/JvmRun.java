package dev.weft.scheduler.runtime;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.Run;
import dev.weft.scheduler.model.StepPolicy;
import dev.weft.scheduler.model.SubjectFailure;
import dev.weft.scheduler.model.ThreadId;
import dev.weft.scheduler.runtime.fibers.Fiber;
import dev.weft.scheduler.runtime.fibers.InlineCarrying;
import dev.weft.scheduler.runtime.memory.ConstructedHashes;
import dev.weft.scheduler.runtime.pools.IdleWorkers;
import dev.weft.scheduler.runtime.pools.JdkInternalSync;
import dev.weft.scheduler.runtime.pools.NeutralTakes;
import dev.weft.scheduler.runtime.pools.PoolModel;
import dev.weft.scheduler.runtime.state.EarlierExecutions;
import dev.weft.scheduler.runtime.state.SharedStateWatch;
import dev.weft.scheduler.runtime.threads.Carrier;
import dev.weft.scheduler.runtime.threads.CoreKeeper;
import dev.weft.scheduler.runtime.threads.HandOff;
import dev.weft.scheduler.runtime.threads.ManagedThread;
import dev.weft.scheduler.runtime.threads.ThreadLifecycle;
import dev.weft.scheduler.runtime.time.Deadlines;
import dev.weft.scheduler.runtime.time.IdleTime;
import dev.weft.scheduler.runtime.time.SpinRule;
import dev.weft.scheduler.runtime.time.TimeOut;
import dev.weft.scheduler.runtime.time.Timeouts;
import dev.weft.scheduler.runtime.time.VirtualClock;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * One execution of a test body on real JVM threads, driven one step at a time by the thread that calls
 * {@link #step} (the driver). Between steps every managed thread is paused at a scheduling point; a step lets one of
 * them perform its pending operation and waits until it has reached its next scheduling point or ended. Under
 * {@link #runWith} the managed threads take the steps themselves instead (see {@link HandOff}).
 */
public final class JvmRun implements Run {

    /**
     * How long the driver busy-waits for a hand-off before it parks: a hand-off to a thread that runs at once takes a
     * few microseconds, a park/unpark round trip tens of them; on a loaded machine a longer spin only burns the CPU
     * the running thread needs.
     */
    private static final long SPIN_NANOS = 20_000;
    /** How often a parked driver looks at the running thread, for the watchdog. */
    private static final long WATCH_INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    private final Execution execution;
    private final Watchdog watchdog;
    private final Consumer<String> warnings;
    /** When the execution has run for its time limit ({@link System#nanoTime}); {@link Long#MAX_VALUE}: never. */
    private final long deadline;
    /** The thread that runs the test body. */
    private ManagedThread mainThread;
    /** Launches the main thread; {@code null} once it is launched ({@link #settle}). */
    private Runnable unlaunched;
    /** The thread that took the latest step. */
    private ManagedThread lastMover;
    /** Time that passes while the only threads that can move are waiting loops ({@link IdleTime}). */
    private final IdleTime idleTime = new IdleTime();
    private int nextEventIndex;
    private final HeapWatch heapWatch = new HeapWatch(HeapWatch.Heap.JVM);
    /**
     * Whether some thread was free when {@link #pending()} last looked, and before which event: the step it lets
     * the policy choose is checked against the same view ({@link #checkedNext}) instead of walking every thread again,
     * which with a hundred threads was a sixth of the time.
     */
    private boolean freeWhenAsked;
    private int askedBeforeEvent = -1;
    /**
     * How long after the test body returned the threads it left may still wait for time to pass ({@link #leftBehind}):
     * ten minutes of the execution's clock, far beyond any timeout a test's own threads wait for to end, and only
     * a few turns of an idle worker's wait for work (a minute each in Jetty's pool).
     */
    private static final long LEAKED_AFTER_NANOS = TimeUnit.MINUTES.toNanos(10);
    /** When the test body returned, on the execution's clock; -1 until the first decision after it. */
    private long bodyReturnedAt = -1;
    private boolean closed;
    /** Set by a close that could not unwind threads of an execution that had failed: which, and for how long. */
    private String leftRunning;

    private JvmRun(Execution execution, Consumer<String> warnings) {
        this.execution = execution;
        this.watchdog = new Watchdog(execution);
        this.warnings = warnings;
        long limit = execution.settings.executionTimeLimit().toNanos();
        long now = System.nanoTime();
        this.deadline = limit >= Long.MAX_VALUE - now ? Long.MAX_VALUE : now + limit;
    }

    /** Past the execution's time limit: read at every step, which costs a clock read against microseconds. */
    @Override
    public boolean overTime() {
        return deadline != Long.MAX_VALUE && System.nanoTime() - deadline > 0;
    }

    @Override
    public boolean memoryFull(int steps) {
        return heapWatch.full(steps);
    }

    @Override
    public String memoryUse() {
        return heapWatch.describe();
    }

    @Override
    public String timeLimit() {
        return TimeUnit.NANOSECONDS.toSeconds(execution.settings.executionTimeLimit().toNanos()) + " s";
    }

    /**
     * Whether this execution took a task neutrally ({@link NeutralTakes}) and also saw a thread other than the
     * main one look at its identity: then which worker took it may have mattered ({@link PoolModel#takenBy}).
     */
    boolean workerIdentityMayHaveMattered() {
        return execution.tookAsInterchangeableWorker && execution.threadIdentityObserved;
    }

    /**
     * The threads this execution's close could not unwind after the execution had failed (stuck in code the scheduler
     * does not control, deaf to interrupts), which are left running; {@code null} if there were none.
     */
    String leftRunning() {
        return leftRunning;
    }

    /**
     * A fresh execution whose main thread runs the body: launched by {@link #runWith}, or by the first other call,
     * which waits until it is paused in front of its first operation.
     */
    static JvmRun start(RuntimeSettings settings, ThrowingRunnable body) {
        return start(settings, body, warning -> { }, VirtualClock.Origin.now(), new EarlierExecutions(),
                CausalOrder.UNKNOWN, SharedStateWatch.NONE);
    }

    /**
     * As {@link #start(RuntimeSettings, ThrowingRunnable)}; {@code warnings} hears what the test should be told, the
     * execution's clock starts at {@code origin}, and {@code earlier} carries what the exploration's executions leave
     * for the next ones (the static initialisers they ran, the state they changed that could not be put back);
     * {@code order} is the explorer's happens-before order, asked as the execution runs ({@link NeutralTakes}), and
     * {@code watch} hears of the state the execution did not create ({@link SharedStateWatch}).
     */
    static JvmRun start(RuntimeSettings settings, ThrowingRunnable body, Consumer<String> warnings,
                        VirtualClock.Origin origin, EarlierExecutions earlier, CausalOrder order,
                        SharedStateWatch watch) {
        Execution execution = new Execution(settings, origin, earlier, order, watch);
        execution.driveFrom(Thread.currentThread());
        // A driving thread that carries the fibers itself hands nothing from one OS thread to another: no core to keep
        // awake (and the keeper would take the one a second worker needs).
        if (settings.keepCoreAwake() && (execution.fibers == null || InlineCarrying.ofCurrentThread() == null)) {
            CoreKeeper.executionStarts();
        }
        MainThread main = new MainThread(body);
        ThreadId id = new ThreadId(execution.reserveThreadIndex(), "main");
        JvmRun run = new JvmRun(execution, warnings);
        Runnable launch;
        if (execution.fibers != null) {
            main.bindTo(execution.register(id, Fiber.mainThread("weft-main"), false));
            ManagedThread managed = execution.thread(id);
            launch = () -> Fiber.launchMain(execution.fibers, managed, main);
        } else if (settings.reuseThreads()) {
            Carrier carrier = Carrier.forMain(execution, "weft-main");
            main.bindTo(execution.register(id, carrier, false));
            launch = () -> carrier.launchMain(main);
        } else {
            Thread thread = new Thread(main, "weft-main");
            ConstructedHashes.forMainThread(thread); // its hash and id as with the other two kinds of main thread
            thread.setDaemon(true);
            main.bindTo(execution.register(id, thread, false));
            launch = thread::start;
        }
        run.mainThread = execution.thread(id);
        run.unlaunched = launch;
        return run;
    }

    /**
     * Launches the main thread, if {@link #runWith} has not, and waits until it is paused in front of its first
     * operation (or has ended). {@code runWith} launches it itself, under its hand-off: the main thread then takes the
     * first decision when it gets there, and nobody waits for it and wakes it again.
     */
    private void settle() {
        Runnable launch = unlaunched;
        if (launch != null) {
            unlaunched = null;
            launch.run();
            awaitSettled(mainThread, "after it was started");
        }
    }

    @Override
    public List<PendingOperation> pending() {
        settle();
        if (onlyDaemonThreadsLeft()) {
            return List.of(); // as a JVM exits: the daemon threads are abandoned, and unwound when the run is closed
        }
        List<ManagedThread> live = live();
        if (IdleWorkers.onlyIdleWorkersLeft(live, warnings) || onlyLeftBehindLeft(live)) {
            return List.of();
        }
        return entriesOf(live);
    }

    /**
     * One thread's entry, in time that does not grow with the number of threads but for the look for a free one,
     * which stops at the first. Only {@link IdleWorkers}' rule is not applied: it empties {@link #pending()} when the
     * live threads all wait for work, none of them enabled.
     */
    @Override
    public PendingOperation pendingOf(ThreadId id) {
        settle();
        ManagedThread thread = execution.thread(id);
        if (thread == null || thread.state() != ManagedThread.State.PAUSED || onlyDaemonThreadsLeft()) {
            return null;
        }
        boolean someoneFree = someoneFreeNow();
        Action action = next(thread, someoneFree);
        return thread.pendingOperation(action, enabled(thread, action, someoneFree));
    }

    /**
     * The threads left once the execution is over, with their next operations: the daemon threads, once only they are
     * left (see {@link #pending()}), or the pool workers left waiting for work; else none. An idle worker's next
     * operation is first its look at its pool's work queue ({@link IdleWorkers#lookOnceMore}).
     */
    @Override
    public List<PendingOperation> abandoned() {
        settle();
        List<ManagedThread> live = live();
        if (!onlyDaemonThreadsLeft() && !IdleWorkers.allWaitForWork(live)) {
            return List.of();
        }
        IdleWorkers.lookOnceMore(live);
        return entriesOf(live);
    }

    /** The live threads' entries, with whether some thread is free asked again (an idle worker's look changes it). */
    private List<PendingOperation> entriesOf(List<ManagedThread> live) {
        boolean someoneFree = askSomeoneFree();
        List<PendingOperation> pending = new ArrayList<>(live.size());
        for (ManagedThread thread : live) {
            Action action = next(thread, someoneFree);
            pending.add(thread.pendingOperation(action, enabled(thread, action, someoneFree)));
        }
        return pending;
    }

    /**
     * The test body has returned and every thread that has not ended is a daemon thread: a JVM would exit here. (A
     * thread stuck in uncontrolled code counts as not ended: the watchdog reports it.)
     */
    private boolean onlyDaemonThreadsLeft() {
        if (!mainThread.ended) {
            return false;
        }
        boolean daemonLeft = false;
        for (ManagedThread thread : execution.threads()) {
            if (thread.state() != ManagedThread.State.FINISHED) {
                if (!thread.daemon) {
                    return false;
                }
                daemonLeft = true;
            }
        }
        return daemonLeft;
    }

    /**
     * Yes: the test body ends with its {@code @AfterEach} methods, whose cleanup (a pool shut down, a file deleted) an
     * execution closed at the cut would skip at its first visible operation.
     */
    @Override
    public boolean finishesWhenCutOff() {
        return true;
    }

    /**
     * When the test body has returned, the threads still blocked are leaked ones, not a deadlock of the test's: a JVM
     * would not exit while they wait.
     */
    @Override
    public String blockageHeadline() {
        return mainThread.ended ? "the test body has returned, but threads it started (not daemon threads) are left"
                + " blocked forever: leaked threads, which would keep a JVM from exiting (stop what started them, or"
                + " make them daemon threads)"
                : Run.super.blockageHeadline();
    }

    @Override
    public Event step(ThreadId id) {
        execution.driveFrom(Thread.currentThread());
        settle();
        if (execution.handOff != null) {
            throw new IllegalStateException("cannot step " + id + ": the run is under a step policy");
        }
        Action action = checkedNext(id);
        ManagedThread thread = execution.thread(id);
        // Cleared here, not by the thread: a thread whose next operation is another compare-and-set reaches it (and
        // its hook) before the driver reads the outcome of this one.
        thread.casOutcome = null;
        Action next = action.perform();
        if (action instanceof ThreadLifecycle.Start start && start.child() != null) {
            awaitSettled(start.child(), "after it was started at " + Execution.source(action.site()));
        }
        if (next != null) {
            thread.replacePending(next);
        } else if (execution.failure() == null) {
            thread.resume();
            awaitSettled(thread, "after " + action.operation() + " (" + Execution.source(action.site()) + ")");
        }
        return completed(thread, action);
    }

    /**
     * Runs the policy on the managed threads themselves (see {@link HandOff}): the thread that reaches its next
     * scheduling point chooses the next step; the calling thread only waits for the end and watches for stuck
     * threads.
     */
    @Override
    public void runWith(StepPolicy policy) {
        execution.driveFrom(Thread.currentThread());
        if (closed || execution.handOff != null) {
            throw new IllegalStateException("runWith: the run is " + (closed ? "closed" : "already under a policy"));
        }
        HandOff handOff = new HandOff(this, execution, policy, watchdog);
        execution.handOff = handOff;
        Runnable launch = unlaunched;
        unlaunched = null;
        handOff.drive(mainThread, launch);
    }

    /**
     * What the thread does if it is let move now ({@link #next(ManagedThread, boolean)}), checked: the thread is alive,
     * paused and enabled, in a run that is neither closed nor over.
     */
    public Action checkedNext(ThreadId id) {
        if (closed || execution.failure() != null) {
            throw new IllegalStateException("cannot step " + id + ": the execution is "
                    + (closed ? "closed" : "over (" + execution.failure().kind() + ")"));
        }
        ManagedThread thread = execution.thread(id);
        if (thread == null || thread.state() != ManagedThread.State.PAUSED) {
            throw new IllegalArgumentException("cannot step " + id + ": no such thread is alive in this execution");
        }
        boolean someoneFree = someoneFreeNow();
        Action action = next(thread, someoneFree);
        if (!enabled(thread, action, someoneFree)) {
            throw new IllegalStateException("cannot step " + id + ": " + action.operation() + " at "
                    + Execution.source(action.site()) + " is not enabled (" + thread + " " + action.whyBlocked() + ")");
        }
        idleTime.stepped(someoneFree, action == thread.pending() && execution.spinRule.spinning(thread),
                execution.clock);
        return action;
    }

    /** The thread of this execution with that identity. */
    public ManagedThread thread(ThreadId id) {
        return execution.thread(id);
    }

    /** The event of a step whose thread has settled (or is stuck), after the spin rule has seen it. */
    public Event completed(ManagedThread thread, Action action) {
        lastMover = thread;
        Event event = new Event(nextEventIndex++, thread.id, thread.steps++, performed(thread, action),
                Execution.source(action.site()), action.value(), action.stack());
        execution.eventsCompleted(nextEventIndex);
        execution.neutralTakes.completed(thread, action, event);
        execution.spinRule.performed(thread, action, event);
        return event;
    }

    @Override
    public Optional<SubjectFailure> failure() {
        settle();
        return Optional.ofNullable(execution.failure());
    }

    /**
     * Why no thread can move (call it when {@link #pending()} has no enabled operation): what each live thread waits
     * for and where, who holds the locks they want, and the cycle of threads waiting for each other if there is one.
     */
    @Override
    public String describeBlockage() {
        settle();
        return Blockage.describe(live(), execution.spinRule);
    }

    @Override
    public String describeThreads() {
        settle();
        return Blockage.threads(execution);
    }

    /**
     * Unwinds every thread that has not ended and waits for all of them to terminate ({@link ExecutionTeardown}).
     *
     * @throws IllegalStateException if a thread does not terminate within the watchdog timeout
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        settle(); // a main thread never launched has nothing to unwind, but close must find it paused or ended
        closed = true;
        leftRunning = new ExecutionTeardown(execution).close();
    }

    /**
     * The execution has ended while the driving thread, which carries its fibers itself, is inside one of them that
     * cannot give it back: pinned in a pause, or stuck in uncontrolled code (the watchdog failed the execution). The
     * driver cannot close the execution from there, so the threads are unwound now as {@link #close} unwinds them: the
     * paused ones on a helper carrier, the running one interrupted. Once that fiber lets the driver go, the close
     * finds the work done; a fiber that never does costs the driving thread ({@link InlineCarrying}).
     */
    public synchronized void unwindAroundDriver() {
        if (!execution.abandoned()) {
            execution.abandon();
            ExecutionTeardown.unwind(execution.threads());
        }
    }

    /** Threads paused at a scheduling point (a thread stuck in uncontrolled code is running, not live here). */
    private List<ManagedThread> live() {
        return execution.paused();
    }

    /** Whether some thread can move on its own ({@link Execution#someoneFree}), asked once per event. */
    private boolean someoneFreeNow() {
        return askedBeforeEvent == nextEventIndex ? freeWhenAsked : askSomeoneFree();
    }

    /** Asks {@link Execution#someoneFree} and keeps the answer for the rest of this event. */
    private boolean askSomeoneFree() {
        freeWhenAsked = execution.someoneFree();
        askedBeforeEvent = nextEventIndex;
        return freeWhenAsked;
    }

    /**
     * What the paused thread does if it is let move now: its pending action, or, for a timed action that cannot
     * complete normally, a {@link TimeOut} when the {@link Timeouts} policy lets time pass. Under
     * {@link Timeouts#WHEN_BLOCKED} that is when no thread is free (the timed thread itself is not: its action is not
     * enabled), so a timeout never overtakes a thread that could still wake it. Or, for an untimed wait that nothing
     * woke yet, a {@link SpuriousWakeUp} when the settings ask for them: once per thread, right as it begins to wait
     * (before any other thread moves: what a later wake-up could show, the waiter taking its monitor back later shows
     * too, and one choice per wait costs far fewer executions than one per position), and only while another thread
     * is free: when none is, the waiter may wait forever, which is a deadlock whether or not it might also have woken.
     * The offer lapses when another thread moves; the explorers run both outcomes, since its operation says it
     * lapses (docs/design/explorers.md, "Spurious wake-ups: an offer that lapses").
     * A timed wait is left to the timeout policy: an early return of one is what {@link Timeouts#ANY} explores. The
     * JDK's own waits never wake spuriously here: its code re-checks in a loop, and the wake-up would only cost
     * executions. And time passes in the order of the deadlines: a timeout only when nothing else is due earlier
     * ({@link Deadlines}). A timed action whose deadline the clock has already reached (another thread's sleep or
     * timeout to the same instant moved it there, or a zero timeout) may time out at any moment: its time has passed,
     * as on a JVM, where threads due at the same instant wake together and race.
     */
    private Action next(ManagedThread thread, boolean someoneFree) {
        Action pending = thread.pending();
        if (leftBehind(pending)) {
            return pending; // a leaked thread's wait: it waits on, as for ever
        }
        if (pending.mayTimeOut() && !pending.timedOut() && !pending.enabled()) {
            long deadline = pending.deadline();
            boolean due = Deadlines.due(pending, execution.clock);
            if (due || execution.settings.timeouts().allowTimeout(someoneFree)
                    && (deadline < 0 || Deadlines.earliest(thread, deadline))) {
                return new TimeOut(thread, pending, !due && someoneFree);
            }
        }
        if (execution.settings.spuriousWakeups() && someoneFree && lastMover == thread && !thread.wokeSpuriously
                && !pending.enabled() && !pending.mayTimeOut() && pending.spuriousWakeUp() != null
                && !JdkInternalSync.inJdkBody(pending.site())) {
            return new SpuriousWakeUp(thread, pending);
        }
        return pending;
    }

    /**
     * Whether the paused thread's action is a timed wait, not over, that would end (on the execution's clock) more than
     * {@link #LEAKED_AFTER_NANOS} after the test body returned. Such a wait is left behind: its timeout is not offered,
     * and the thread counts as waiting for good. Without this, a pool the test never stopped, whose idle worker waits
     * for work with a timeout round a loop (Jetty's {@code QueuedThreadPool}), ran turn after turn of virtual time
     * until the step limit, and failed with {@code STEP_LIMIT} as a loop without end. Before the body returns it
     * costs one look at a field.
     */
    private boolean leftBehind(Action pending) {
        if (!mainThread.ended) {
            return false;
        }
        if (bodyReturnedAt < 0) {
            // every decision asks this of some thread, so the first after the body's end: no step in between
            bodyReturnedAt = execution.clock.elapsed();
        }
        if (!pending.mayTimeOut() || pending.timedOut() || pending.enabled()
                || Deadlines.due(pending, execution.clock)) {
            return false;
        }
        long deadline = pending.deadline();
        return deadline >= 0 && deadline - bodyReturnedAt > LEAKED_AFTER_NANOS;
    }

    /**
     * After the test body: whether every live thread is a wait left behind ({@link #leftBehind}), an idle worker of
     * the JDK's pools or a daemon thread, at least one left behind. Then the execution is complete and the test gets
     * a warning, as for a JDK pool never shut down ({@link IdleWorkers}): JUnit passes such a test, and its threads
     * leak in the JVM. A thread left waiting without a timeout (not an idle worker) still makes it a {@code DEADLOCK}
     * of leaked threads ({@link #blockageHeadline}).
     */
    private boolean onlyLeftBehindLeft(List<ManagedThread> live) {
        if (!mainThread.ended || live.isEmpty()) {
            return false;
        }
        Set<String> waiting = new TreeSet<>();
        for (ManagedThread thread : live) {
            Action pending = thread.pending();
            if (leftBehind(pending)) {
                waiting.add(Execution.source(pending.site()).toString());
            } else if (!thread.daemon && !IdleWorkers.waitsForWork(thread)) {
                return false;
            }
        }
        if (waiting.isEmpty()) {
            return false;
        }
        // by where they wait, not by name: which of a pool's threads are left differs between executions, and one
        // warning per set of names made dozens for one test (Jetty's testEvictCount)
        warnings.accept("the test ended while threads it started (not daemon threads) still waited with a timeout"
                + " ten minutes after it, at " + String.join(", ", waiting) + ": a pool or service of the test's was"
                + " not stopped. The test passes, as it would in a JVM where those threads leak.");
        return true;
    }

    /** Enabled, and not spinning unless every thread that could move is spinning (see {@link SpinRule}). */
    private boolean enabled(ManagedThread thread, Action action, boolean someoneFree) {
        return action.enabled() && (!someoneFree || action != thread.pending() || !execution.spinRule.spinning(thread));
    }

    /** The operation as performed: a compare-and-set resolved by the outcome the thread reported. */
    private Operation performed(ManagedThread thread, Action action) {
        Operation operation = action.performed();
        if (operation.kind() != OpKind.CAS) {
            return operation;
        }
        if (thread.casOutcome == null) {
            throw new IllegalStateException(thread + " performed a compare-and-set on " + operation.target() + " at "
                    + Execution.source(action.site()) + " but reported no outcome (no casResult hook followed it)");
        }
        return new Operation(thread.casOutcome, operation.target());
    }

    /**
     * Waits until the thread is paused at a scheduling point or has finished: a short busy wait first (a hand-off
     * then costs microseconds), then parking, with the watchdog looking at the thread now and then.
     */
    private void awaitSettled(ManagedThread thread, String after) {
        long started = System.nanoTime();
        while (System.nanoTime() - started < SPIN_NANOS) {
            if (thread.state() != ManagedThread.State.RUNNING) {
                return;
            }
            Thread.onSpinWait();
        }
        while (thread.state() == ManagedThread.State.RUNNING) {
            LockSupport.parkNanos(this, WATCH_INTERVAL_NANOS);
            execution.driverInterrupted |= Thread.interrupted(); // else the next park would return at once
            if (thread.state() != ManagedThread.State.RUNNING) {
                return;
            }
            SubjectFailure stuck = watchdog.inspect(thread, System.nanoTime() - started, after);
            if (stuck != null) {
                execution.fail(stuck);
                return;
            }
        }
    }

    /** The body of the managed main thread: runs the test body between the run brackets. */
    private static final class MainThread implements Runnable {
        private final ThrowingRunnable body;
        private ManagedThread managed;

        MainThread(ThrowingRunnable body) {
            this.body = body;
        }

        void bindTo(ManagedThread thread) {
            managed = thread;
        }

        @Override
        public void run() {
            ThreadLifecycle.runAs(managed, body); // what the body threw has failed the execution
        }
    }
}
