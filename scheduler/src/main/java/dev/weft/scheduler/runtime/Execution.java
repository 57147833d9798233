package dev.weft.scheduler.runtime;

import dev.weft.scheduler.hooks.Sites;
import dev.weft.scheduler.model.FailureKind;
import dev.weft.scheduler.model.SourcePosition;
import dev.weft.scheduler.model.SubjectFailure;
import dev.weft.scheduler.model.ThreadId;
import dev.weft.scheduler.runtime.collections.CollectionModel;
import dev.weft.scheduler.runtime.collections.MapKeys;
import dev.weft.scheduler.runtime.collections.QueueSlots;
import dev.weft.scheduler.runtime.collections.Rendezvous;
import dev.weft.scheduler.runtime.fibers.Continuations;
import dev.weft.scheduler.runtime.fibers.Fibers;
import dev.weft.scheduler.runtime.locks.LockState;
import dev.weft.scheduler.runtime.locks.Monitors;
import dev.weft.scheduler.runtime.locks.ReadWriteLocks;
import dev.weft.scheduler.runtime.locks.ReentrantLocks;
import dev.weft.scheduler.runtime.locks.StampedLocks;
import dev.weft.scheduler.runtime.memory.GarbageCollection;
import dev.weft.scheduler.runtime.pools.ForkJoinWork;
import dev.weft.scheduler.runtime.pools.NeutralTakes;
import dev.weft.scheduler.runtime.pools.PoolModel;
import dev.weft.scheduler.runtime.state.EarlierExecutions;
import dev.weft.scheduler.runtime.state.Randomness;
import dev.weft.scheduler.runtime.state.SharedStateWatch;
import dev.weft.scheduler.runtime.state.StateJournal;
import dev.weft.scheduler.runtime.state.StaticCopies;
import dev.weft.scheduler.runtime.state.StaticInitialisers;
import dev.weft.scheduler.runtime.synchronizers.Barriers;
import dev.weft.scheduler.runtime.threads.Carrier;
import dev.weft.scheduler.runtime.threads.HandOff;
import dev.weft.scheduler.runtime.threads.ManagedThread;
import dev.weft.scheduler.runtime.time.Deadlines;
import dev.weft.scheduler.runtime.time.SpinRule;
import dev.weft.scheduler.runtime.time.TimeOut;
import dev.weft.scheduler.runtime.time.Timeouts;
import dev.weft.scheduler.runtime.time.VirtualClock;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The state of one execution that the hooks and the driver share: its threads, the names of its objects, the models
 * of its primitives, its first failure. Everything but the volatile fields is touched only by the one thread that
 * currently runs (a managed thread, or the driver while all of them are paused).
 */
public final class Execution {

    /** {@link #source}'s positions, by site number. */
    private static volatile SourcePosition[] sources = new SourcePosition[0];

    public final RuntimeSettings settings;
    /** A collection the test asks for, with this execution's tables of its objects letting go of them meanwhile. */
    public final GarbageCollection garbageCollection = new GarbageCollection();
    public final ObjectNames names;
    /** What this execution changed of the state it did not create, put back when it ends. */
    public final StateJournal journal;
    /** Hears of the state this execution did not create, when executions run side by side. */
    public final SharedStateWatch watch;
    /** The execution's own static fields while it runs beside others' ({@link StaticCopies}), else {@code null}. */
    public final StaticCopies staticCopies;
    public final Monitors monitors = new Monitors(this);
    public final ReentrantLocks locks = new ReentrantLocks(this);
    public final CollectionModel collections = new CollectionModel(this);
    public final MapKeys mapKeys;
    public final QueueSlots queueSlots = new QueueSlots();
    /** Which takes of a pool's work queue order nothing of their own ({@link PoolModel#takenBy}). */
    public final NeutralTakes neutralTakes;
    /**
     * The driving thread was interrupted while it waited for the run (JUnit's timeout): its waits clear the flag so
     * as not to spin, and {@link JvmRun#close} sets it again, for the exploration to see before its next execution.
     */
    public volatile boolean driverInterrupted;
    /** A worker took a task neutrally, the other workers' choices unexplored ({@link PoolModel#takenBy}). */
    public volatile boolean tookAsInterchangeableWorker;
    /** A thread other than the main one looked at its own identity ({@code Thread.currentThread()}, a thread-local). */
    public volatile boolean threadIdentityObserved;
    public final Rendezvous rendezvous = new Rendezvous(this);
    public final ReadWriteLocks readWriteLocks = new ReadWriteLocks(this);
    public final StampedLocks stampedLocks = new StampedLocks(this);
    public final Barriers barriers = new Barriers(this);
    /** The fork/join tasks, made at the first one. */
    private ForkJoinWork forkJoin;

    public final Randomness randomness = new Randomness();
    /** The reused threads this execution runs on or hands out ({@link Carrier}), recycled when it is closed. */
    public final java.util.Queue<Carrier> carriers = new java.util.concurrent.ConcurrentLinkedQueue<>();
    /** What runs this execution's threads as continuations, or {@code null} if they run on platform threads. */
    public final Fibers fibers;
    final SpinRule spinRule;
    /** The time this execution's threads see. */
    public final VirtualClock clock;
    /** What this exploration's executions so far left for this one ({@link JvmRun#start}). */
    public final EarlierExecutions earlier;
    /** The classes this execution initialises again at their first use ({@link StaticInitialisers#used}). */
    public final Set<Class<?>> initialisersDue;

    /** By thread index; {@code null} where an index was handed out to a start that has not been performed. */
    private final List<ManagedThread> threads = new ArrayList<>();
    private int threadNumbers;
    private int poolNumbers;
    /**
     * {@link #threads()}: immutable, so that any thread may read it; {@code null} after a start until it is asked for
     * again. Guarded by {@link #threads}.
     */
    private List<ManagedThread> started = List.of();
    /**
     * The started threads that have not finished, by index; those found finished are dropped ({@link #paused()}).
     * A test that starts threads one after another by the thousand (commons-pool's evictor tests) made every step
     * walk, and allocate a list as long as, every thread the execution had started.
     */
    private final List<ManagedThread> unfinished = new ArrayList<>();
    private final Map<Thread, ManagedThread> byJavaThread = new IdentityHashMap<>();
    private int nextThreadIndex;
    /** The events the execution has completed so far, for {@link #recordsDetail()}. */
    private volatile int eventsCompleted;

    private volatile Thread driver;
    /** Set once the run is under a {@link HandOff}: the threads then decide the steps themselves. */
    public volatile HandOff handOff;
    private volatile boolean abandoned;
    private volatile SubjectFailure failure;
    /** What the spurious wake-ups of this execution were, for a failure's message. */
    private final List<String> spuriousWakeUps = new ArrayList<>();
    /** The sleeps and timeouts that ended while another thread could still move ({@link Timeouts#ANY}), in order. */
    private final List<String> stalls = new ArrayList<>();

    Execution(RuntimeSettings settings, VirtualClock.Origin origin, EarlierExecutions earlier,
              CausalOrder order, SharedStateWatch watch) {
        this.settings = settings;
        this.watch = watch;
        this.staticCopies = watch.active() ? StaticCopies.open() : null;
        this.names = new ObjectNames(watch, staticCopies);
        names.tablesIn(garbageCollection);
        queueSlots.tablesIn(garbageCollection);
        randomness.tablesIn(garbageCollection);
        this.journal = new StateJournal(names);
        this.mapKeys = new MapKeys(names);
        this.neutralTakes = new NeutralTakes(order);
        this.spinRule = new SpinRule(settings.spinDetection());
        this.clock = new VirtualClock(origin);
        this.earlier = earlier;
        this.initialisersDue = earlier.initialisers.due();
        this.fibers = settings.continuations() && Continuations.available() ? new Fibers() : null;
    }

    /** Hands out the next dense thread index (at the start's scheduling point, so it follows the schedule). */
    public int reserveThreadIndex() {
        return nextThreadIndex++;
    }

    /**
     * A thread of this execution; {@code daemon} is the flag the test sees ({@link ManagedThread#daemon}), which for
     * a {@link Carrier} is not its own.
     */
    public ManagedThread register(ThreadId id, Thread thread, boolean daemon) {
        ManagedThread managed = new ManagedThread(this, id, thread, daemon);
        synchronized (threads) {
            while (threads.size() <= id.index()) {
                threads.add(null);
            }
            threads.set(id.index(), managed);
            started = null;
        }
        byJavaThread.put(thread, managed);
        synchronized (unfinished) {
            int at = unfinished.size();
            while (at > 0 && unfinished.get(at - 1).id.index() > id.index()) {
                at--;
            }
            unfinished.add(at, managed);
        }
        return managed;
    }

    /** The managed thread for a {@code Thread} object, or {@code null} if it was not started in this execution. */
    public ForkJoinWork forkJoin() {
        if (forkJoin == null) {
            forkJoin = new ForkJoinWork();
        }
        return forkJoin;
    }

    public ManagedThread managed(Thread thread) {
        return byJavaThread.get(thread);
    }

    /**
     * Every thread started so far, by index. The list is made again after a start, when it is next asked for, not at
     * each call (the runtime asks for it several times at some steps) nor at each start (a test body that starts 128
     * threads in a row would make it 128 times).
     */
    public List<ManagedThread> threads() {
        synchronized (threads) {
            if (started == null) {
                List<ManagedThread> nowStarted = new ArrayList<>(threads.size());
                for (ManagedThread each : threads) {
                    if (each != null) {
                        nowStarted.add(each);
                    }
                }
                started = List.copyOf(nowStarted);
            }
            return started;
        }
    }

    /**
     * When a thread comes to an operation, on a scale that tells it from what other threads do: after every event
     * completed so far, before the next one completes, and with room between two events for the waiters one signal
     * queues ({@link LockState#queueAfterSignal}), which come after the events before it and before every thread
     * that comes to an operation after it.
     */
    public long arrivalTick() {
        return (long) eventsCompleted << 20;
    }

    /** Called as each event completes, with the number completed. */
    void eventsCompleted(int count) {
        eventsCompleted = count;
    }

    /**
     * Whether an operation a thread comes to now records its stack and value ({@link RuntimeSettings#detailFrom}).
     * Asked when the thread reaches the operation, which it may perform some steps later: a thread that waited
     * across the first event with detail has none for that operation.
     */
    public boolean recordsDetail() {
        return eventsCompleted >= settings.detailFrom();
    }

    /** The threads paused at a scheduling point, by index (a thread stuck in uncontrolled code is running). */
    public List<ManagedThread> paused() {
        synchronized (unfinished) {
            unfinished.removeIf(thread -> thread.state() == ManagedThread.State.FINISHED);
            List<ManagedThread> paused = new ArrayList<>(unfinished.size());
            for (ManagedThread thread : unfinished) {
                if (thread.state() == ManagedThread.State.PAUSED) {
                    paused.add(thread);
                }
            }
            return paused;
        }
    }

    /**
     * Whether some paused thread can move on its own ({@link #free}). It stops at the first: asked at every step, it
     * must not cost a walk over every thread when the first it meets can move.
     */
    public boolean someoneFree() {
        synchronized (unfinished) {
            for (Iterator<ManagedThread> it = unfinished.iterator(); it.hasNext(); ) {
                ManagedThread thread = it.next();
                ManagedThread.State state = thread.state();
                if (state == ManagedThread.State.FINISHED) {
                    it.remove();
                } else if (state == ManagedThread.State.PAUSED && free(thread)) {
                    return true;
                }
            }
            return false;
        }
    }

    /**
     * The number of the execution's next thread with a default name: {@code Thread-0} first, as in a new JVM, in the
     * order the threads are made, so that the same schedule names them alike.
     */
    public int nextThreadNumber() {
        return threadNumbers++;
    }

    /** Likewise for pools of {@code Executors.defaultThreadFactory()}: {@code pool-1-thread-1} first. */
    public int nextPoolNumber() {
        return ++poolNumbers;
    }

    /** The thread that runs the test body, the first the execution starts. */
    public ManagedThread mainThread() {
        return threads().get(0);
    }

    ManagedThread thread(ThreadId id) {
        ManagedThread thread = id.index() < threads.size() ? threads.get(id.index()) : null;
        return thread != null && thread.id.equals(id) ? thread : null;
    }

    public Thread driver() {
        return driver;
    }

    /** The thread that calls {@code start}, {@code step} or {@code close} is the one managed threads wake. */
    void driveFrom(Thread current) {
        driver = current;
    }

    public boolean abandoned() {
        return abandoned;
    }

    void abandon() {
        abandoned = true;
    }

    public SubjectFailure failure() {
        return failure;
    }

    /**
     * Records a failure unless one was recorded before: the first failure is the execution's. A thread's failure
     * after a stall ({@link #stalled}) is a {@code TIMING} failure that names the stall: it happens only when a thread
     * is slower than a sleep or timeout the test relies on.
     */
    public synchronized void fail(SubjectFailure observed) {
        if (failure != null) {
            return;
        }
        SubjectFailure failed = observed;
        if (!stalls.isEmpty() && (observed.kind() == FailureKind.ASSERTION
                || observed.kind() == FailureKind.EXCEPTION)) {
            failed = new SubjectFailure(FailureKind.TIMING, observed.thread(), "the failure needs "
                    + stallsCounted() + ", a stall no test should rely on not happening: " + observed.message(),
                    observed.cause());
        }
        failure = spuriousWakeUps.isEmpty() ? failed : new SubjectFailure(failed.kind(), failed.thread(),
                failed.message() + " (after a spurious wake-up: " + String.join("; ", spuriousWakeUps) + ")",
                failed.cause());
    }

    /** The stalls in their order, each named once with how often it happened: {@code "... (10 times)"}. */
    private String stallsCounted() {
        Map<String, Integer> counted = new LinkedHashMap<>();
        for (String stall : stalls) {
            counted.merge(stall, 1, Integer::sum);
        }
        List<String> named = new ArrayList<>();
        counted.forEach((stall, times) -> named.add(times == 1 ? stall : stall + " (" + times + " times)"));
        return String.join(", then ", named);
    }

    /** A sleep or timeout ended while another thread could still move ({@link TimeOut}): {@code what} says which. */
    public synchronized void stalled(String what) {
        stalls.add(what);
    }

    /**
     * Whether the paused thread can move on its own: its pending action is enabled and it is not spinning, or it waits
     * for a deadline the clock has reached. A spin loop's turns wait for such a thread as for any other (fairness): a
     * JVM would wake it, and the loop may be waiting for what it does then.
     */
    boolean free(ManagedThread paused) {
        Action pending = paused.pending();
        return pending.enabled() ? !spinRule.spinning(paused) : Deadlines.due(pending, clock);
    }

    /** The threads other than {@code self} that could move now, by name: {@code "main.1 and main.2"}. */
    public String threadsFreeBesides(ManagedThread self) {
        List<String> free = new ArrayList<>();
        for (ManagedThread other : threads()) {
            if (other != self && other.state() == ManagedThread.State.PAUSED && free(other)) {
                free.add(other.id.name());
            }
        }
        return free.size() <= 1 ? String.join("", free)
                : String.join(", ", free.subList(0, free.size() - 1)) + " and " + free.get(free.size() - 1);
    }

    /** What the code at {@code site} calls, in the user's words ({@code Future.get}), or "a timed wait". */
    public static String member(int site) {
        String member = site < 0 ? "" : Sites.get(site).member();
        return member.isEmpty() ? "a timed wait" : member;
    }

    /** The thread woke up without a cause at the wait at {@code site} ({@link SpuriousWakeUp}). */
    synchronized void wokeSpuriously(ManagedThread thread, int site) {
        thread.wokeSpuriously = true;
        spuriousWakeUps.add(thread.id.name() + " returned from its wait at " + source(site)
                + " though nothing woke it, as the JVM allows");
    }

    /** Where the code at {@code site} is; the same object for every call (each step asks for every thread's). */
    public static SourcePosition source(int site) {
        if (site < 0) {
            return SourcePosition.UNKNOWN;
        }
        SourcePosition[] known = sources;
        SourcePosition position = site < known.length ? known[site] : null;
        return position != null ? position : remember(site);
    }

    private static synchronized SourcePosition remember(int site) {
        SourcePosition[] known = sources;
        if (site >= known.length) {
            known = Arrays.copyOf(known, Math.max(site + 1, known.length * 2));
        }
        if (known[site] == null) {
            Sites.Site s = Sites.get(site);
            // a record: its final fields make it safe to read through the array without a lock
            known[site] = new SourcePosition(s.className(), s.methodName(), s.fileName(), s.line());
        }
        sources = known;
        return known[site];
    }
}
