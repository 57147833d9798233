package dev.weft.scheduler.runtime;

import dev.weft.scheduler.hooks.CollectionCalls;
import dev.weft.scheduler.hooks.HookHandler;
import dev.weft.scheduler.hooks.OwnSynchronizers;
import dev.weft.scheduler.hooks.IdentityHashes;
import dev.weft.scheduler.hooks.Hooks;
import dev.weft.scheduler.hooks.Sites;
import dev.weft.scheduler.hooks.ThreadBuilders;
import dev.weft.scheduler.model.OpKind;

import java.lang.invoke.VarHandle;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Exchanger;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.Future;
import java.util.concurrent.Phaser;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.concurrent.locks.StampedLock;

/**
 * The hook handler of the JVM runtime: one instance for the whole JVM, which finds the execution through the calling
 * thread. On a thread that no execution manages, or inside a static initialiser, every hook does what the
 * uninstrumented code would have done (the {@link HookHandler} defaults), at the cost of one thread-local read.
 */
final class ControlledHooks implements HookHandler {

    private static final ControlledHooks INSTANCE = new ControlledHooks();

    /** The managed thread the current thread is, bound from its first hook to its end. */
    private static final ThreadLocal<ManagedThread> CURRENT = new ThreadLocal<>();

    /** Children between their start and their first hook, where they bind themselves. */
    private static final Map<Thread, ManagedThread> STARTING = new ConcurrentHashMap<>();

    private ControlledHooks() {
    }

    static synchronized void installIfAbsent() {
        if (Hooks.handler() != INSTANCE) {
            Hooks.install(INSTANCE);
        }
    }

    static void bind(ManagedThread thread) {
        CURRENT.set(thread);
    }

    static void unbind() {
        CURRENT.remove();
    }

    static void expectStart(Thread thread, ManagedThread managed) {
        STARTING.put(thread, managed);
    }

    /** At close: a child that never reached its first hook must not stay in {@link #STARTING}. */
    static void forgetStart(Thread thread) {
        STARTING.remove(thread);
    }

    /**
     * A managed thread whose operations are hidden inside one step (a static initialiser, the function of
     * {@code ConcurrentHashMap.compute}) cannot start a thread there, or the child would run uncontrolled: one started
     * by a static initialiser is started once it has returned, any other fails ({@link ThreadLifecycle#startInsideAStep}).
     *
     * @return whether the start was taken care of so (else the caller starts the thread as an unmanaged one would)
     */
    private static boolean startInsideAStep(Thread thread, int site) {
        ManagedThread self = CURRENT.get();
        if (self == null || self.classInitDepth == 0) {
            return false;
        }
        ThreadLifecycle.startInsideAStep(self, thread, site);
        return true;
    }

    /**
     * {@link #visible()}, for a timed call: the thread keeps the call's deadline on the execution's clock
     * ({@code nanos} from now, or none if negative) until the call waits at its timed action, which then times out
     * there ({@code ManagedThread.giveDeadline}).
     */
    private static ManagedThread visibleTimed(long nanos) {
        ManagedThread self = visible();
        timedCall(self, nanos);
        return self;
    }

    /** The timed call of {@code self} (if managed) times out {@code nanos} from now (none if negative). */
    private static void timedCall(ManagedThread self, long nanos) {
        if (self != null) {
            self.timedCallDeadline = nanos < 0 ? -1 : self.execution.clock.deadlineIn(nanos);
            self.timedCallBegun = self.execution.clock.elapsed();
        }
    }

    private static long saturatedNanos(Duration duration) {
        try {
            return duration.toNanos();
        } catch (ArithmeticException tooLong) {
            return Long.MAX_VALUE;
        }
    }

    /** The calling thread if it is a thread of an execution, visible or not. */
    static ManagedThread current() {
        return CURRENT.get();
    }

    /** The calling thread when its operations are visible: managed and not initialising a class. */
    static ManagedThread visible() {
        ManagedThread thread = CURRENT.get();
        if (thread == null || thread.classInitDepth != 0) {
            return null;
        }
        if (!thread.deferredStarts.isEmpty()) {
            // The first hook after the static initialisers returned: their threads start before what it does, which
            // may look at them (a join of such a thread must wait for it, not find it unstarted).
            ThreadLifecycle.startDeferred(thread);
        }
        return thread;
    }

    @Override
    public void fieldRead(Object owner, int site) {
        ManagedThread self = visible();
        if (self != null) {
            MemoryAccess.field(self, owner, false, site);
        }
    }

    @Override
    public void fieldWrite(Object owner, int site) {
        ManagedThread self = visible();
        if (self != null) {
            MemoryAccess.field(self, owner, true, site);
        } else if (owner != null) {
            ManagedThread hidden = inInitialiserCopy();
            if (hidden != null) {
                Sites.Site where = Sites.get(site);
                hidden.execution.staticCopies.writtenByInitialiser(hidden, owner,
                        "<init>".equals(where.methodName()) ? where.className() : null, site);
            }
        }
    }

    @Override
    public int staticReadInt(int value, int site) {
        Object own = ownStatic(site);
        return own == StaticCopies.ABSENT ? value : (Integer) own;
    }

    @Override
    public long staticReadLong(long value, int site) {
        Object own = ownStatic(site);
        return own == StaticCopies.ABSENT ? value : (Long) own;
    }

    @Override
    public float staticReadFloat(float value, int site) {
        Object own = ownStatic(site);
        return own == StaticCopies.ABSENT ? value : (Float) own;
    }

    @Override
    public double staticReadDouble(double value, int site) {
        Object own = ownStatic(site);
        return own == StaticCopies.ABSENT ? value : (Double) own;
    }

    @Override
    public Object staticReadObject(Object value, int site) {
        Object own = ownStatic(site);
        return own == StaticCopies.ABSENT ? value : own;
    }

    /** The calling execution's own value of the static field at {@code site}, or {@link StaticCopies#ABSENT}. */
    private static Object ownStatic(int site) {
        ManagedThread self = withStaticCopies();
        return self == null ? StaticCopies.ABSENT : self.execution.staticCopies.own(site, self);
    }

    @Override
    public boolean staticWriteKept(int site) {
        ManagedThread self = withStaticCopies();
        return self != null && self.execution.staticCopies.keeps(self, site);
    }

    /**
     * The calling thread if its execution keeps its own static fields ({@link StaticCopies}), else {@code null}; while
     * no execution does, at the cost of one volatile read.
     */
    private static ManagedThread withStaticCopies() {
        if (!StaticCopies.anyOpen()) {
            return null;
        }
        ManagedThread self = CURRENT.get();
        return self == null || self.execution.staticCopies == null ? null : self;
    }

    @Override
    public void staticWrite(Object boxed, int site) {
        ManagedThread self = CURRENT.get();
        self.execution.staticCopies.write(site, self, boxed);
    }

    @Override
    public void arrayRead(Object array, int index, int site) {
        ManagedThread self = visible();
        if (self != null) {
            MemoryAccess.arrayElement(self, array, index, false, site);
        }
    }

    @Override
    public void arrayBulk(Object first, boolean firstWritten, Object second, int site) {
        ManagedThread self = visible();
        if (self != null) {
            MemoryAccess.arrayBulk(self, first, firstWritten, second, site);
        } else if (firstWritten) {
            changedByInitialiserCopy(first, site);
        }
    }

    @Override
    public void arrayWrite(Object array, int index, int site) {
        ManagedThread self = visible();
        if (self != null) {
            MemoryAccess.arrayElement(self, array, index, true, site);
        } else {
            changedByInitialiserCopy(array, site);
        }
    }

    @Override
    public void allocated(Object object, int site) {
        ManagedThread self = visible();
        if (self != null) {
            if (object instanceof java.util.Timer timer) {
                UncontrolledPools.timer(timer, site);
            } else if (object instanceof java.util.concurrent.SubmissionPublisher<?> publisher) {
                UncontrolledPools.publisher(publisher, site);
            }
            self.execution.names.allocated(object, self);
            self.execution.journal.forget(object);
            if (object instanceof ReentrantReadWriteLock && self.execution.watch.active()) {
                // its model is kept by the sync its views share, which the JDK made in its constructor
                self.execution.names.madeUnseen(
                        JdkInternals.field(object, ReentrantReadWriteLock.class, "sync", site));
            }
        } else {
            ManagedThread hidden = ownProgram();
            if (hidden != null) {
                hidden.execution.names.madeUnseen(object); // inside a step that hides its operations
            } else {
                madeByInitialiser(object);
            }
        }
    }

    /** An object made where the calling thread's operations are not visible: told if an initialiser made it. */
    private static void madeByInitialiser(Object object) {
        ManagedThread hidden = withStaticCopies();
        if (hidden != null && hidden.inRepeatableInitialiser()) {
            hidden.execution.staticCopies.madeByInitialiser(object);
        }
    }

    /**
     * A change to {@code object} where the calling thread's operations are not visible: inside a static initialiser
     * run again beside other executions, the watch hears of it ({@link StaticCopies#writtenByInitialiser}).
     */
    private static void changedByInitialiserCopy(Object object, int site) {
        ManagedThread hidden = inInitialiserCopy();
        if (hidden != null) {
            hidden.execution.staticCopies.writtenByInitialiser(hidden, object, null, site);
        }
    }

    /** The calling thread if it runs a static initialiser again beside other executions, else {@code null}. */
    private static ManagedThread inInitialiserCopy() {
        ManagedThread hidden = withStaticCopies();
        return hidden != null && hidden.inInitialiserCopy() ? hidden : null;
    }

    @Override
    public void constructing(Object self) {
        ManagedThread thread = ownProgram();
        if (thread != null) {
            ConstructedHashes.give(self, thread);
            thread.execution.names.madeUnseen(self); // its constructor's writes may go through its methods
        } else {
            madeByInitialiser(self); // before its constructor's own writes, which may go through its setters
        }
    }

    /**
     * The current managed thread where what it does is its own program's, to be the same in every execution: not
     * {@link #visible()} alone, since what a modelled call runs (a {@code computeIfAbsent}'s function) is the
     * thread's all the same; not in a static initialiser, which runs once, in whichever execution comes first.
     */
    private static ManagedThread ownProgram() {
        ManagedThread thread = CURRENT.get();
        return thread != null && thread.staticInitDepth == 0 ? thread : null;
    }

    @Override
    public void randomMade(Random random, boolean unseeded) {
        ManagedThread self = ownProgram();
        if (self != null) {
            self.execution.randomness.made(random, unseeded, self);
        }
    }

    @Override
    public Random randomToDrawFrom(Random random) {
        ManagedThread self = ownProgram();
        return self == null ? HookHandler.super.randomToDrawFrom(random)
                : self.execution.randomness.toDrawFrom(random, self);
    }

    @Override
    public int threadNumber(int jdkNumber) {
        ManagedThread self = ownProgram();
        return self == null ? jdkNumber : self.execution.nextThreadNumber();
    }

    @Override
    public int poolNumber(int jdkNumber) {
        ManagedThread self = ownProgram();
        return self == null ? jdkNumber : self.execution.nextPoolNumber();
    }

    @Override
    public double mathRandom(int site) {
        ManagedThread self = ownProgram();
        return self == null ? Math.random() : self.random().nextDouble();
    }

    @Override
    public UUID randomUUID(int site) {
        ManagedThread self = ownProgram();
        return self == null ? UUID.randomUUID() : Randomness.randomUUID(self);
    }

    @Override
    public boolean monitorEnter(Object monitor, int site) {
        ManagedThread self = visible();
        if (self == null) {
            return false;
        }
        self.execution.monitors.enter(self, monitor, site);
        return true;
    }

    @Override
    public boolean monitorExit(Object monitor, int site) {
        ManagedThread self = visible();
        if (self == null) {
            return false;
        }
        // Never throw here, not even to unwind an abandoned execution: javac's handler for a synchronized block
        // covers its own monitor exit, so a throwing exit would be retried forever.
        if (!self.execution.abandoned()) {
            self.execution.monitors.exit(self, monitor, site);
        }
        return true;
    }

    @Override
    public void synchronizedMethodEntered(Object monitor, int site) {
        ManagedThread self = CURRENT.get();
        if (self != null) {
            self.execution.monitors.methodEntered(self, monitor, site);
        }
    }

    @Override
    public void synchronizedMethodExited(Object monitor, int site) {
        ManagedThread self = CURRENT.get();
        if (self != null) {
            self.execution.monitors.methodExited(self, monitor, site);
        }
    }

    @Override
    public boolean holdsLock(Object monitor, int site) {
        ManagedThread self = visible();
        return self == null ? Thread.holdsLock(monitor) : self.execution.monitors.holds(self, monitor);
    }

    @Override
    public void classInitStart() {
        ManagedThread self = CURRENT.get();
        if (self != null) {
            self.classInitDepth++;
            self.staticInitDepth++;
            self.enteredInitialiser();
        }
    }

    @Override
    public void classInitialising(Class<?> type) {
        ManagedThread self = CURRENT.get();
        if (self != null && self.execution.earlier.initialisers.initialising(type)) {
            self.nextInitialiserRepeatable = true;
            self.execution.watch.initialisedClass(type.getName());
        }
    }

    @Override
    public void classUsed(Class<?> type) {
        ManagedThread self = CURRENT.get();
        if (self != null && !self.execution.initialisersDue.isEmpty()) {
            StaticInitialisers.used(self, type);
        }
    }

    @Override
    public void classInitEnd() {
        ManagedThread self = CURRENT.get();
        if (self != null && self.classInitDepth > 0) {
            self.leavingInitialiser();
            self.classInitDepth--;
            self.staticInitDepth = Math.max(0, self.staticInitDepth - 1);
        }
    }

    @Override
    public void objectWait(Object monitor, long millis, int nanos, int site) throws InterruptedException {
        ManagedThread self = visibleTimed(millis > 0 || nanos > 0 ? TimeUnit.MILLISECONDS.toNanos(millis) + nanos : -1);
        if (self == null) {
            HookHandler.super.objectWait(monitor, millis, nanos, site);
        } else {
            self.execution.monitors.await(self, monitor, millis, nanos, site);
        }
    }

    @Override
    public void objectNotify(Object monitor, int site) {
        ManagedThread self = visible();
        if (self == null) {
            HookHandler.super.objectNotify(monitor, site);
        } else {
            self.execution.monitors.notify(self, monitor, false, site);
        }
    }

    @Override
    public void objectNotifyAll(Object monitor, int site) {
        ManagedThread self = visible();
        if (self == null) {
            HookHandler.super.objectNotifyAll(monitor, site);
        } else {
            self.execution.monitors.notify(self, monitor, true, site);
        }
    }

    @Override
    public void threadStart(Thread thread, int site) {
        ManagedThread self = visible();
        if (self == null) {
            if (!startInsideAStep(thread, site)) {
                HookHandler.super.threadStart(thread, site);
            }
        } else {
            ThreadLifecycle.start(self, thread, site);
        }
    }

    @Override
    public void threadJoin(Thread thread, long millis, int site) throws InterruptedException {
        ManagedThread self = visibleTimed(millis > 0 ? TimeUnit.MILLISECONDS.toNanos(millis) : -1);
        ManagedThread target = self == null ? null : self.execution.managed(thread);
        ManagedThread hidden = CURRENT.get();
        if (hidden != null && self == null) {
            ThreadLifecycle.refuseWaitForDeferred(hidden, thread, site);
        }
        if (ThreadLooks.unstartedStandIn(thread)) {
            return; // a thread that was never started is not alive: join returns at once
        }
        if (target == null) {
            HookHandler.super.threadJoin(thread, millis, site);
        } else {
            ThreadLifecycle.join(self, target, millis, site);
        }
    }

    @Override
    public void threadSleep(long millis, int site) throws InterruptedException {
        ManagedThread self = visible();
        if (self == null) {
            HookHandler.super.threadSleep(millis, site);
        } else {
            ThreadLifecycle.sleep(self, millis, site);
        }
    }

    @Override
    public Thread threadBuilderStart(Object builder, Runnable task, int site) {
        ManagedThread self = visible();
        if (self == null) {
            ManagedThread hidden = CURRENT.get();
            if (hidden == null || hidden.classInitDepth == 0) {
                return HookHandler.super.threadBuilderStart(builder, task, site);
            }
            Thread thread = ThreadBuilders.unstarted(builder, task);
            ThreadLifecycle.startInsideAStep(hidden, thread, site);
            return thread;
        }
        Thread thread = ThreadBuilders.unstarted(builder, task);
        ThreadLifecycle.start(self, thread, site);
        return thread;
    }

    @Override
    public Thread startVirtualThread(Runnable task, int site) {
        if (CURRENT.get() == null) {
            return HookHandler.super.startVirtualThread(task, site);
        }
        return threadBuilderStart(ThreadBuilders.ofVirtual(), task, site);
    }

    @Override
    public void threadSleepFor(Duration duration, int site) throws InterruptedException {
        ManagedThread self = visible();
        if (self == null) {
            HookHandler.super.threadSleepFor(duration, site);
        } else {
            if (!duration.isNegative()) {
                ThreadLifecycle.sleep(self, TimeUnit.MILLISECONDS.convert(duration), site);
            }
        }
    }

    @Override
    public boolean threadJoinFor(Thread thread, Duration duration, int site) throws InterruptedException {
        ManagedThread self = visibleTimed(duration.isNegative() ? 0 : saturatedNanos(duration));
        ManagedThread target = self == null ? null : self.execution.managed(thread);
        if (ThreadLooks.unstartedStandIn(thread)) {
            return false;
        }
        if (target == null) {
            return HookHandler.super.threadJoinFor(thread, duration, site);
        }
        return ThreadLifecycle.joinFor(self, target, TimeUnit.NANOSECONDS.convert(duration) > 0, site);
    }

    @Override
    public void threadYield(int site) {
        ManagedThread self = visible();
        if (self == null) {
            HookHandler.super.threadYield(site);
        } else {
            ThreadLifecycle.yield(self, site);
        }
    }

    @Override
    public void onSpinWait(int site) {
        ManagedThread self = visible();
        if (self == null) {
            HookHandler.super.onSpinWait(site);
        } else {
            ThreadLifecycle.yield(self, site);
        }
    }

    @Override
    public boolean threadIsAlive(Thread thread, int site) {
        ManagedThread self = visible();
        ManagedThread target = self == null ? null : self.execution.managed(thread);
        return target == null ? ThreadLooks.looksAlive(thread) : ThreadLifecycle.isAlive(self, target, site);
    }

    @Override
    public void threadInterrupt(Thread thread, int site) {
        ManagedThread self = visible();
        ManagedThread target = self == null ? null : self.execution.managed(thread);
        if (target == null) {
            if (!ThreadLooks.interruptBeforeStart(thread)) {
                HookHandler.super.threadInterrupt(thread, site);
            }
        } else {
            ThreadLifecycle.interrupt(self, target, site);
        }
    }

    @Override
    public boolean threadIsInterrupted(Thread thread, int site) {
        ManagedThread self = visible();
        ManagedThread target = self == null ? null : self.execution.managed(thread);
        if (target != null) {
            return ThreadLifecycle.isInterrupted(self, target, site);
        }
        Boolean beforeStart = ThreadLooks.interruptedBeforeStart(thread);
        return beforeStart != null ? beforeStart : thread.isInterrupted();
    }

    /**
     * A plain {@code Thread} constructed by a managed thread is replaced by a reused platform thread that stands in
     * for it ({@link Carrier}), unless the settings say not to or the reuse is not possible on this JVM. An execution
     * that runs its threads as {@link Fibers} needs no stand-in: it runs the test's own {@code Thread}.
     */
    @Override
    public Thread threadConstructed(Thread thread, int site) {
        ManagedThread self = visible();
        return self == null ? thread : Carrier.forTestThread(self, thread);
    }

    @Override
    public Thread.State threadGetState(Thread thread, int site) {
        ManagedThread self = visible();
        ManagedThread target = self == null ? null : self.execution.managed(thread);
        return target == null ? ThreadLooks.state(thread) : ThreadLooks.state(self, target);
    }

    @Override
    public long nanoTime(int site) {
        ManagedThread self = CURRENT.get();
        return self == null ? System.nanoTime() : self.execution.clock.nanoTime();
    }

    /**
     * A test thread's CPU time, as the virtual clock has it: computing takes no time, so it stays at 0 (and the same
     * in every execution); -1 when the JVM's measurement is switched off, as the JDK answers then.
     */
    @Override
    public long currentThreadCpuTime(Object bean, boolean user, int site) {
        java.lang.management.ThreadMXBean threads = (java.lang.management.ThreadMXBean) bean;
        if (CURRENT.get() == null || !threads.isCurrentThreadCpuTimeSupported()) {
            return HookHandler.super.currentThreadCpuTime(bean, user, site);
        }
        return threads.isThreadCpuTimeEnabled() ? 0 : -1;
    }

    @Override
    public long currentTimeMillis(int site) {
        ManagedThread self = CURRENT.get();
        return self == null ? System.currentTimeMillis() : self.execution.clock.currentTimeMillis();
    }

    /** A clock that reads the execution's time on its threads (and the real time elsewhere). */
    @Override
    public Clock systemClock(ZoneId zone, int site) {
        return CURRENT.get() == null ? Clock.system(zone) : new VirtualClock.Reading(zone);
    }

    /**
     * The flag the test sees: a thread of the current execution has its own ({@link ManagedThread#daemon}), whatever
     * the thread that carries it is. {@code Thread}'s constructors ask this of their creator too, so a new thread
     * inherits the creator's flag as the test sees it.
     */
    @Override
    public boolean threadIsDaemon(Thread thread, int site) {
        ManagedThread self = CURRENT.get();
        ManagedThread target = self == null ? null : self.execution.managed(thread);
        return target != null ? target.daemon : ThreadLooks.daemon(thread);
    }

    /**
     * A thread of the test answers its stable identity hash ({@link ConstructedHashes}) as its id: like the hash, it
     * depends only on the program order of the thread that made it, so the same schedule, and any schedule that only
     * reorders independent steps, gives the same ids. The JVM's ids count every thread it ever made (Weft's reused
     * ones and fibers too), so a map keyed by {@code getId()} had new keys in every execution. A thread without a
     * stable hash (made before the test or by uninstrumented code) keeps the JVM's id, and a subclass that overrides
     * {@code getId()} answers its own.
     */
    @Override
    public long threadId(Thread thread, int site) {
        int stable = ThreadLooks.ownsItsId(thread) ? IdentityHashes.remembered(thread) : 0;
        return stable != 0 ? stable : HookHandler.super.threadId(thread, site);
    }

    @Override
    public void threadSetDaemon(Thread thread, boolean on, int site) {
        ThreadLooks.setDaemon(thread, on);
    }

    @Override
    public boolean threadInterrupted(int site) {
        ManagedThread self = visible();
        return self == null ? Thread.interrupted() : ThreadLifecycle.interrupted(self, site);
    }

    @Override
    public void park(Object blocker, long nanos, int site) {
        ManagedThread self = visibleTimed(nanos);
        if (self == null) {
            HookHandler.super.park(blocker, nanos, site);
        } else {
            Parking.park(self, nanos, site);
        }
    }

    /** The deadline is on the execution's virtual clock: the park may time out once that much time has passed. */
    @Override
    public void parkUntil(Object blocker, long deadlineMillis, int site) {
        ManagedThread self = visible();
        if (self == null) {
            HookHandler.super.parkUntil(blocker, deadlineMillis, site);
            return;
        }
        long millis = Math.max(0, deadlineMillis - self.execution.clock.currentTimeMillis());
        park(blocker, TimeUnit.MILLISECONDS.toNanos(millis), site); // saturates at Long.MAX_VALUE
    }

    @Override
    public void unpark(Thread thread, int site) {
        ManagedThread self = visible();
        ManagedThread target = self == null || thread == null ? null : self.execution.managed(thread);
        if (target == null) {
            HookHandler.super.unpark(thread, site);
        } else {
            Parking.unpark(self, target, site);
        }
    }

    @Override
    public void threadRunBegins(Thread thread) {
        ManagedThread starting = STARTING.remove(Thread.currentThread());
        if (starting != null) {
            bind(starting);
        }
    }

    @Override
    public void threadRunEnds(Thread thread, Throwable thrown) {
        ManagedThread self = CURRENT.get();
        if (self != null) {
            ThreadLifecycle.runEnds(self, thrown);
        }
    }

    @Override
    public void atomicAccess(Object atomic, int index, int access, int site) {
        ManagedThread self = visible();
        if (self != null) {
            MemoryAccess.atomic(self, atomic, index, access, site);
        } else if (access != Sites.READ) {
            changedByInitialiserCopy(atomic, site);
        }
    }

    @Override
    public void varHandleAccess(Object varHandle, Object coordinate, int index, int access, int site) {
        ManagedThread self = visible();
        if (self != null) {
            MemoryAccess.varHandle(self, (VarHandle) varHandle, coordinate, index, access, site);
        }
    }

    @Override
    public boolean casResult(boolean success, int site) {
        ManagedThread self = visible();
        if (self != null) {
            self.casOutcome = success ? OpKind.CAS_SUCCESS : OpKind.CAS_FAILURE;
        }
        return success;
    }

    @Override
    public void lock(Lock lock, int site) {
        ManagedThread self = LockRouting.visibleWith(lock, site);
        if (self == null) {
            HookHandler.super.lock(lock, site);
        } else {
            LockRouting.acquireUninterruptibly(self, lock, GuardedCall.Mode.UNINTERRUPTIBLE, site);
        }
    }

    @Override
    public void lockInterruptibly(Lock lock, int site) throws InterruptedException {
        ManagedThread self = LockRouting.visibleWith(lock, site);
        if (self == null) {
            HookHandler.super.lockInterruptibly(lock, site);
        } else {
            LockRouting.acquire(self, lock, GuardedCall.Mode.INTERRUPTIBLE, site);
        }
    }

    @Override
    public boolean tryLock(Lock lock, int site) {
        ManagedThread self = LockRouting.visibleWith(lock, site);
        return self == null ? lock.tryLock()
                : LockRouting.acquireUninterruptibly(self, lock, GuardedCall.Mode.TRY, site);
    }

    @Override
    public boolean tryLockTimed(Lock lock, long nanos, int site) throws InterruptedException {
        ManagedThread self = LockRouting.visibleWith(lock, site);
        timedCall(self, nanos);
        return self == null
                ? HookHandler.super.tryLockTimed(lock, nanos, site)
                : LockRouting.tryLockTimed(self, lock, nanos, site);
    }

    @Override
    public void unlock(Lock lock, int site) {
        ManagedThread self = LockRouting.visibleWith(lock, site);
        if (self == null) {
            HookHandler.super.unlock(lock, site);
        } else {
            LockRouting.unlock(self, lock, site);
        }
    }

    @Override
    public boolean conditionAwait(Condition condition, long nanos, int site) throws InterruptedException {
        ManagedThread self = visibleTimed(nanos);
        if (self == null) {
            return HookHandler.super.conditionAwait(condition, nanos, site);
        }
        boolean signalled = LockRouting.await(self, condition, nanos, site);
        DelayQueues.lookAgain(self, site);
        return signalled;
    }

    @Override
    public void conditionAwaitUninterruptibly(Condition condition, int site) {
        ManagedThread self = visible();
        if (self == null) {
            HookHandler.super.conditionAwaitUninterruptibly(condition, site);
        } else {
            LockRouting.awaitUninterruptibly(self, condition, site);
            DelayQueues.lookAgain(self, site);
        }
    }

    @Override
    public long conditionAwaitNanos(Condition condition, long nanos, int site) throws InterruptedException {
        ManagedThread self = visible();
        if (self == null) {
            return HookHandler.super.conditionAwaitNanos(condition, nanos, site);
        }
        // Time is not modelled: a signalled await reports the whole timeout left, a timed-out one none.
        boolean signalled = conditionAwait(condition, Math.max(nanos, 0), site);
        return signalled ? Math.max(nanos, 1) : 0;
    }

    @Override
    public void conditionSignal(Condition condition, int site) {
        ManagedThread self = visible();
        if (self == null) {
            HookHandler.super.conditionSignal(condition, site);
        } else {
            LockRouting.signal(self, condition, false, site);
        }
    }

    @Override
    public void conditionSignalAll(Condition condition, int site) {
        ManagedThread self = visible();
        if (self == null) {
            HookHandler.super.conditionSignalAll(condition, site);
        } else {
            LockRouting.signal(self, condition, true, site);
        }
    }

    @Override
    public boolean startsManagedThread(Thread thread, int site) {
        ManagedThread self = visible();
        if (self == null) {
            return false;
        }
        ThreadLifecycle.start(self, thread, site);
        return true;
    }

    @Override
    public Object defaultAsyncExecutor(Object pool, int site) {
        return visible() == null ? pool : new DefaultAsyncExecutor((Executor) pool, site);
    }

    @Override
    public void collectionCallBegins(Object receiver, Object key, int access, int site) throws InterruptedException {
        ManagedThread self = CURRENT.get();
        if (self != null) {
            if ((access & CollectionCalls.CONCURRENT_API) != 0 && self.classInitDepth == 0) {
                concurrentApiCall(self, receiver, (access & CollectionCalls.ACCESS_MASK) != CollectionCalls.READ,
                        site);
            }
            self.execution.collections.begin(self, receiver, key, access, site);
            if (self.classInitDepth != 0 && (access & CollectionCalls.ACCESS_MASK) != CollectionCalls.READ) {
                changedByInitialiserCopy(receiver, site);
            }
        }
    }

    /** A call on an executor or a future: one user-level operation, if the runtime models the receiver. */
    private static void concurrentApiCall(ManagedThread self, Object receiver, boolean writes, int site) {
        Object pool = PoolModel.poolOf(receiver);
        if (pool != null) {
            PoolModel.call(self, pool, writes, site);
        } else if (FutureModel.modelled(receiver)) {
            FutureModel.query(self, receiver, site);
        }
    }

    @Override
    public Object futureGet(Future<?> future, long nanos, int site)
            throws InterruptedException, ExecutionException, TimeoutException {
        ManagedThread self = visibleTimed(nanos);
        return self == null || !FutureModel.modelled(future)
                ? HookHandler.super.futureGet(future, nanos, site)
                : FutureModel.get(self, future, nanos, site);
    }

    @Override
    public Object futureJoin(CompletableFuture<?> future, int site) {
        ManagedThread self = visible();
        return self == null ? future.join() : FutureModel.join(self, future, site);
    }

    @Override
    public void futureRuns(Object future, int site) {
        ManagedThread self = visible();
        if (self != null) {
            FutureModel.query(self, future, site);
        }
    }

    @Override
    public void futureCompletes(Object future, int site) {
        ManagedThread self = visible();
        if (self != null) {
            FutureModel.completes(self, future, site);
        }
    }

    @Override
    public void poolCountersChange(Object pool, int site) {
        ManagedThread self = visible();
        if (self != null) {
            PoolModel.countersChange(self, pool, site);
        }
    }

    @Override
    public void poolWorkerExits(Object pool, int site) {
        ManagedThread self = visible();
        if (self != null) {
            PoolModel.workerExits(self, (ThreadPoolExecutor) pool, site);
        }
    }

    @Override
    public void poolWorkerLooksForTask(Object pool, int site) {
        ManagedThread self = visible();
        if (self != null) {
            PoolModel.workerLooksForTask(self, (ThreadPoolExecutor) pool, site);
        }
    }

    @Override
    public void scheduledPoolLooksAtRunState(Object pool, int site) {
        ManagedThread self = visible();
        if (self != null) {
            PoolModel.scheduledTaskMayRun(self, pool, site);
        }
    }

    @Override
    public boolean awaitTermination(ExecutorService pool, long nanos, int site) throws InterruptedException {
        ManagedThread self = visibleTimed(nanos);
        return self == null || PoolModel.poolOf(pool) == null
                ? HookHandler.super.awaitTermination(pool, nanos, site)
                : PoolModel.awaitTermination(self, pool, nanos, site);
    }

    @Override
    public Object invokeAny(ExecutorService pool, Collection<? extends Callable<?>> tasks, long nanos, int site)
            throws InterruptedException, ExecutionException, TimeoutException {
        ManagedThread self = visibleTimed(nanos);
        return self == null || PoolModel.poolOf(pool) == null
                ? HookHandler.super.invokeAny(pool, tasks, nanos, site)
                : InvokeAnyModel.invokeAny(self, pool, tasks, nanos, site);
    }

    @Override
    public void executorClose(ExecutorService pool, int site) {
        ManagedThread self = visible();
        if (self == null || PoolModel.poolOf(pool) == null) {
            HookHandler.super.executorClose(pool, site);
        } else {
            PoolModel.close(self, pool, site);
        }
    }

    @Override
    public int threadEnumerate(Thread[] threads, int site) {
        sawTheJvmsThreads("Thread.enumerate", site);
        return HookHandler.super.threadEnumerate(threads, site);
    }

    @Override
    public int threadActiveCount(int site) {
        sawTheJvmsThreads("Thread.activeCount", site);
        return HookHandler.super.threadActiveCount(site);
    }

    @Override
    public java.util.Map<Thread, StackTraceElement[]> allStackTraces(int site) {
        sawTheJvmsThreads("Thread.getAllStackTraces", site);
        return HookHandler.super.allStackTraces(site);
    }

    /** The calling execution looks at every live thread of the JVM: the watch hears of it. */
    private static void sawTheJvmsThreads(String call, int site) {
        ManagedThread self = CURRENT.get();
        if (self != null && self.execution.watch.active()) {
            self.execution.watch.sawTheJvmsThreads(call, Execution.source(site));
        }
    }

    @Override
    public String systemPropertySet(String key, String value, int site) {
        beforeSystemPropertyChange(key);
        return HookHandler.super.systemPropertySet(key, value, site);
    }

    @Override
    public String systemPropertyCleared(String key, int site) {
        beforeSystemPropertyChange(key);
        return HookHandler.super.systemPropertyCleared(key, site);
    }

    /** Inside an execution, the property's value is recorded, to be put back when the execution ends. */
    private static void beforeSystemPropertyChange(String key) {
        StateJournal journal = currentJournal();
        if (journal != null && key != null) {
            journal.systemProperty(key);
        }
    }

    @Override
    public void defaultLocaleSet(java.util.Locale locale, int site) {
        StateJournal journal = currentJournal();
        if (journal != null) {
            journal.defaultLocale();
        }
        HookHandler.super.defaultLocaleSet(locale, site);
    }

    @Override
    public void defaultTimeZoneSet(java.util.TimeZone zone, int site) {
        StateJournal journal = currentJournal();
        if (journal != null) {
            journal.defaultTimeZone();
        }
        HookHandler.super.defaultTimeZoneSet(zone, site);
    }

    /** The journal of the calling thread's execution, or {@code null} outside any. */
    private static StateJournal currentJournal() {
        ManagedThread self = CURRENT.get();
        return self == null ? null : self.execution.journal;
    }

    @Override
    public void systemExit(int status, int site) {
        ManagedThread self = CURRENT.get();
        if (self == null) {
            HookHandler.super.systemExit(status, site);
            return;
        }
        throw SystemExit.failExecution(self, "System.exit(" + status + ")", site);
    }

    @Override
    public void runtimeExit(Runtime runtime, int status, boolean halt, int site) {
        ManagedThread self = CURRENT.get();
        if (self == null) {
            HookHandler.super.runtimeExit(runtime, status, halt, site);
            return;
        }
        throw SystemExit.failExecution(self, "Runtime." + (halt ? "halt" : "exit") + "(" + status + ")", site);
    }

    @Override
    public Thread currentThread(int site) {
        identityObserved();
        return Thread.currentThread();
    }

    @Override
    public Object threadLocalGet(ThreadLocal<Object> local, int site) {
        identityObserved();
        return local.get();
    }

    @Override
    public void threadLocalSet(ThreadLocal<Object> local, Object value, int site) {
        identityObserved();
        local.set(value);
    }

    @Override
    public void threadLocalRemove(ThreadLocal<Object> local, int site) {
        identityObserved();
        local.remove();
    }

    /** A managed thread other than the main one looked at its identity ({@link PoolModel#takenBy}). */
    private static void identityObserved() {
        ManagedThread self = CURRENT.get();
        if (self != null && self.id.index() != 0) {
            self.execution.threadIdentityObserved = true;
        }
    }

    @Override
    public void collectionArgument(Object collection, boolean writes, int site) throws InterruptedException {
        ManagedThread self = CURRENT.get();
        if (self != null) {
            self.execution.collections.argumentAccessed(self, collection, writes, site);
        }
    }

    @Override
    public void collectionCallEnds(int site) {
        ManagedThread self = CURRENT.get();
        if (self != null) {
            self.execution.collections.end(self, site);
        }
    }

    /**
     * A synchronizer of the user's own built on {@code AbstractQueuedSynchronizer} waits inside the JDK, where no
     * managed thread may block: an acquisition that succeeds at once goes through (its state is the synchronizer's
     * own, unseen), one that would have to wait fails closed here rather than at the watchdog.
     */
    @Override
    public boolean ownSynchronizerAcquire(Object synchronizer, long arg, long nanos, int mode, int site)
            throws InterruptedException {
        if (visible() == null) {
            return HookHandler.super.ownSynchronizerAcquire(synchronizer, arg, nanos, mode, site);
        }
        if (OwnSynchronizers.tryAtOnce(synchronizer, arg, mode)) {
            return true;
        }
        if (!OwnSynchronizers.mayWait(nanos, mode)) {
            return false;
        }
        throw new UnmodelledPrimitiveException("a synchronizer of your own built on "
                + OwnSynchronizers.base(synchronizer) + " (" + synchronizer.getClass().getName()
                + ": this acquisition would have to wait, and its waits happen inside the JDK, where Weft cannot see"
                + " them; build it on a ReentrantLock, a Semaphore or synchronized)", site);
    }

    @Override
    public void unmodelledQuery(String what, int site) {
        if (visible() != null) {
            throw new UnmodelledPrimitiveException(what, site);
        }
    }

    @Override
    public void collectionViewReturned(Object view, int site) {
        ManagedThread self = CURRENT.get();
        if (self != null) {
            self.execution.collections.viewReturned(self, view);
        }
    }

    @Override
    public void collectionEntryReturned(Object element, int site) {
        ManagedThread self = CURRENT.get();
        if (self != null) {
            self.execution.collections.entryReturned(self, element);
        }
    }

    @Override
    public void queuePut(BlockingQueue<Object> queue, Object element, int site) throws InterruptedException {
        ManagedThread self = visible();
        if (self == null) {
            HookHandler.super.queuePut(queue, element, site);
        } else {
            Queues.put(self, queue, element, site);
        }
    }

    @Override
    public Iterator<Object> inStableOrder(Collection<Object> objects, int site) {
        ManagedThread self = visible();
        if (self == null) {
            return objects.iterator();
        }
        List<Object> ordered = new ArrayList<>(objects);
        ordered.sort(Comparator.comparing(object -> self.execution.names.nameOf(object, self)));
        return ordered.iterator();
    }

    @Override
    public boolean forkJoinFork(Object task, int site) {
        ManagedThread self = visible();
        if (self == null) {
            return false;
        }
        ForkJoinTasks.fork(self, (ForkJoinTask<?>) task, site);
        return true;
    }

    @Override
    public boolean forkJoinSubmit(Object pool, Object task, int site) {
        ManagedThread self = visible();
        if (self == null) {
            return false;
        }
        ForkJoinTasks.submit(self, (ForkJoinPool) pool, (ForkJoinTask<?>) task, site);
        return true;
    }

    @Override
    public int forkJoinAwaitFor(Object task, boolean interruptible, boolean timed, long nanos, int site) {
        long timeout = timed ? Math.max(0, nanos) : -1;
        ManagedThread self = visibleTimed(timeout);
        return self == null ? NOT_HANDLED : ForkJoinTasks.await(self, (ForkJoinTask<?>) task, interruptible, timeout,
                site);
    }

    @Override
    public int forkJoinAwaitUntil(Object task, boolean interruptible, long deadline, int site) {
        // the JDK's deadline is on the real clock, taken just before: what is left of it is the timeout asked for
        long timeout = deadline == 0 ? -1 : Math.max(0, deadline - System.nanoTime());
        ManagedThread self = visibleTimed(timeout);
        return self == null ? NOT_HANDLED : ForkJoinTasks.await(self, (ForkJoinTask<?>) task, interruptible, timeout,
                site);
    }

    @Override
    public void forkJoinTaskCompletes(Object task, int site) {
        ManagedThread self = visible();
        if (self != null) {
            ForkJoinTasks.completes(self, (ForkJoinTask<?>) task, site);
        }
    }

    @Override
    public void forkJoinCompleterReports(Object completer, int site) {
        ManagedThread self = visible();
        if (self != null) {
            ForkJoinTasks.completerReports(self, site);
        }
    }

    @Override
    public int forkJoinPoolAwaits(Object pool, long nanos, boolean termination, int site) {
        ManagedThread self = visibleTimed(Math.max(0, nanos));
        return self == null ? -1 : ForkJoinTasks.awaitQuiet(self, (ForkJoinPool) pool, nanos, termination, site) ? 1 : 0;
    }

    @Override
    public boolean forkJoinPoolCloses(Object pool, int site) {
        ManagedThread self = visible();
        if (self == null || pool == ForkJoinPool.commonPool()) {
            return false;
        }
        ForkJoinTasks.close(self, (ForkJoinPool) pool, site);
        return true;
    }

    @Override
    public void forkJoinPoolShutsDownNow(Object pool, int site) {
        ManagedThread self = visible();
        if (self != null) {
            ForkJoinTasks.shutdownNow(self, (ForkJoinPool) pool, site);
        }
    }

    @Override
    public boolean forkJoinHelpsQuiesce(int site) {
        ManagedThread self = visible();
        if (self == null) {
            return false;
        }
        ForkJoinTasks.helpQuiesce(self, site);
        return true;
    }

    @Override
    public boolean forkJoinSchedules(Object pool, Object task, int site) {
        ManagedThread self = visible();
        if (self == null) {
            return false;
        }
        DelayedActions.schedule(self, (ForkJoinPool) pool, (ForkJoinTask<?>) task, site);
        return true;
    }

    @Override
    public boolean delaysOnTheExecution() {
        return visible() != null;
    }

    @Override
    public java.util.concurrent.ScheduledFuture<?> delayedAction(Runnable action, long delay,
                                                                java.util.concurrent.TimeUnit unit, int site) {
        return DelayedActions.delay(visible(), action, delay, unit, site);
    }

    @Override
    public void forkJoinPoolShutsDown(Object pool, int site) {
        ManagedThread self = visible();
        if (self != null) {
            ForkJoinTasks.shutdown(self, (ForkJoinPool) pool, site);
        }
    }

    @Override
    public Object queueTake(BlockingQueue<Object> queue, int site) throws InterruptedException {
        ManagedThread self = visible();
        return self == null ? HookHandler.super.queueTake(queue, site) : Queues.take(self, queue, site);
    }

    @Override
    public boolean queueOfferTimed(BlockingQueue<Object> queue, Object element, long nanos, int site)
            throws InterruptedException {
        ManagedThread self = visibleTimed(nanos);
        return self == null
                ? HookHandler.super.queueOfferTimed(queue, element, nanos, site)
                : Queues.offerTimed(self, queue, element, nanos, site);
    }

    @Override
    public Object queuePollTimed(BlockingQueue<Object> queue, long nanos, int site) throws InterruptedException {
        ManagedThread self = visibleTimed(nanos);
        return self == null
                ? HookHandler.super.queuePollTimed(queue, nanos, site)
                : Queues.pollTimed(self, queue, nanos, site);
    }

    @Override
    public int queueDrainTo(BlockingQueue<Object> queue, Collection<Object> target, int site) {
        ManagedThread self = visible();
        return self == null
                ? HookHandler.super.queueDrainTo(queue, target, site)
                : Queues.drainTo(self, queue, target, -1, site);
    }

    @Override
    public int queueDrainToMax(BlockingQueue<Object> queue, Collection<Object> target, int max, int site) {
        ManagedThread self = visible();
        return self == null
                ? HookHandler.super.queueDrainToMax(queue, target, max, site)
                : Queues.drainTo(self, queue, target, Math.max(max, 0), site);
    }

    @Override
    public boolean queueOffer(Queue<Object> queue, Object element, int site) {
        ManagedThread self = visible();
        return self == null ? queue.offer(element) : Queues.offer(self, queue, element, site);
    }

    @Override
    public boolean queueAdd(Queue<Object> queue, Object element, int site) {
        ManagedThread self = visible();
        return self == null ? queue.add(element) : Queues.add(self, queue, element, site);
    }

    @Override
    public Object queuePoll(Queue<Object> queue, int site) {
        ManagedThread self = visible();
        return self == null ? queue.poll() : Queues.poll(self, queue, site);
    }

    @Override
    public Object queueRemove(Queue<Object> queue, int site) {
        ManagedThread self = visible();
        return self == null ? queue.remove() : Queues.remove(self, queue, site);
    }

    // java.util.concurrent synchronizers: see Semaphores, Latches, Barriers, Phasers, StampedLocks.

    @Override
    public void semaphoreAcquire(Semaphore semaphore, int permits, boolean interruptibly, int site)
            throws InterruptedException {
        ManagedThread self = visible();
        if (self == null) {
            HookHandler.super.semaphoreAcquire(semaphore, permits, interruptibly, site);
        } else {
            Semaphores.acquire(self, semaphore, permits, interruptibly, site);
        }
    }

    @Override
    public boolean semaphoreTryAcquire(Semaphore semaphore, int permits, long nanos, int site)
            throws InterruptedException {
        ManagedThread self = visibleTimed(nanos);
        return self == null
                ? HookHandler.super.semaphoreTryAcquire(semaphore, permits, nanos, site)
                : Semaphores.tryAcquire(self, semaphore, permits, nanos, site);
    }

    @Override
    public void semaphoreRelease(Semaphore semaphore, int permits, int site) {
        ManagedThread self = visible();
        if (self == null) {
            HookHandler.super.semaphoreRelease(semaphore, permits, site);
        } else {
            Semaphores.release(self, semaphore, permits, site);
        }
    }

    @Override
    public int semaphoreDrainPermits(Semaphore semaphore, int site) {
        ManagedThread self = visible();
        return self == null ? semaphore.drainPermits() : Semaphores.drainPermits(self, semaphore, site);
    }

    @Override
    public int semaphoreAvailablePermits(Semaphore semaphore, int site) {
        ManagedThread self = visible();
        return self == null ? semaphore.availablePermits() : Semaphores.availablePermits(self, semaphore, site);
    }

    @Override
    public Object exchange(Exchanger<Object> exchanger, Object element, long nanos, int site)
            throws InterruptedException, TimeoutException {
        ManagedThread self = visibleTimed(nanos);
        return self == null ? HookHandler.super.exchange(exchanger, element, nanos, site)
                : self.execution.rendezvous.exchange(self, exchanger, element, nanos, site);
    }

    @Override
    public int reentrantLockQuery(ReentrantLock lock, String query, int site) {
        ManagedThread self = visible();
        return self == null ? HookHandler.super.reentrantLockQuery(lock, query, site)
                : self.execution.locks.query(self, lock, query, site);
    }

    @Override
    public int reentrantLockConditionQuery(ReentrantLock lock, Condition condition, String query, int site) {
        ManagedThread self = visible();
        return self == null ? HookHandler.super.reentrantLockConditionQuery(lock, condition, query, site)
                : self.execution.locks.conditionQuery(self, condition, query, site);
    }

    @Override
    public boolean latchAwait(CountDownLatch latch, long nanos, int site) throws InterruptedException {
        ManagedThread self = visibleTimed(nanos);
        return self == null ? HookHandler.super.latchAwait(latch, nanos, site)
                : Latches.await(self, latch, nanos, site);
    }

    @Override
    public void latchCountDown(CountDownLatch latch, int site) {
        ManagedThread self = visible();
        if (self == null) {
            latch.countDown();
        } else {
            Latches.countDown(self, latch, site);
        }
    }

    @Override
    public long latchGetCount(CountDownLatch latch, int site) {
        ManagedThread self = visible();
        return self == null ? latch.getCount() : Latches.getCount(self, latch, site);
    }

    @Override
    public int barrierAwait(CyclicBarrier barrier, long nanos, int site)
            throws InterruptedException, BrokenBarrierException, TimeoutException {
        ManagedThread self = visibleTimed(nanos);
        return self == null ? HookHandler.super.barrierAwait(barrier, nanos, site)
                : self.execution.barriers.await(self, barrier, nanos, site);
    }

    @Override
    public int barrierNumberWaiting(CyclicBarrier barrier, int site) {
        ManagedThread self = visible();
        return self == null ? barrier.getNumberWaiting() : self.execution.barriers.numberWaiting(self, barrier, site);
    }

    @Override
    public boolean barrierIsBroken(CyclicBarrier barrier, int site) {
        ManagedThread self = visible();
        return self == null ? barrier.isBroken() : self.execution.barriers.isBroken(self, barrier, site);
    }

    @Override
    public void barrierReset(CyclicBarrier barrier, int site) {
        ManagedThread self = visible();
        if (self == null) {
            barrier.reset();
        } else {
            self.execution.barriers.reset(self, barrier, site);
        }
    }

    @Override
    public int phaserRegister(Phaser phaser, int parties, int site) {
        ManagedThread self = visible();
        return self == null ? HookHandler.super.phaserRegister(phaser, parties, site)
                : Phasers.register(self, phaser, parties, site);
    }

    @Override
    public int phaserArrive(Phaser phaser, boolean deregister, int site) {
        ManagedThread self = visible();
        return self == null ? HookHandler.super.phaserArrive(phaser, deregister, site)
                : Phasers.arrive(self, phaser, deregister, site);
    }

    @Override
    public int phaserArriveAndAwaitAdvance(Phaser phaser, int site) {
        ManagedThread self = visible();
        return self == null ? phaser.arriveAndAwaitAdvance() : Phasers.arriveAndAwaitAdvance(self, phaser, site);
    }

    @Override
    public int phaserAwaitAdvance(Phaser phaser, int phase, boolean interruptibly, long nanos, int site)
            throws InterruptedException, TimeoutException {
        ManagedThread self = visibleTimed(nanos);
        return self == null ? HookHandler.super.phaserAwaitAdvance(phaser, phase, interruptibly, nanos, site)
                : Phasers.awaitAdvance(self, phaser, phase, interruptibly, nanos, site);
    }

    @Override
    public int phaserGetPhase(Phaser phaser, int site) {
        ManagedThread self = visible();
        return self == null ? phaser.getPhase() : Phasers.getPhase(self, phaser, site);
    }

    @Override
    public int phaserQuery(Phaser phaser, String query, int site) {
        ManagedThread self = visible();
        if (self != null) {
            Phasers.observe(self, phaser, site);
        }
        return HookHandler.super.phaserQuery(phaser, query, site);
    }

    @Override
    public void phaserForceTermination(Phaser phaser, int site) {
        ManagedThread self = visible();
        if (self != null) {
            Phasers.change(self, phaser, site);
        }
        HookHandler.super.phaserForceTermination(phaser, site);
    }

    @Override
    public long stampedLock(StampedLock lock, boolean write, boolean interruptibly, int site)
            throws InterruptedException {
        ManagedThread self = visible();
        return self == null ? HookHandler.super.stampedLock(lock, write, interruptibly, site)
                : self.execution.stampedLocks.lock(self, lock, write, GuardedCall.Mode.of(interruptibly, -1), site);
    }

    @Override
    public long stampedTryLock(StampedLock lock, boolean write, long nanos, int site) throws InterruptedException {
        ManagedThread self = visibleTimed(nanos);
        if (self == null) {
            return HookHandler.super.stampedTryLock(lock, write, nanos, site);
        }
        GuardedCall.Mode mode = nanos < 0 ? GuardedCall.Mode.TRY : GuardedCall.Mode.TIMED;
        return self.execution.stampedLocks.lock(self, lock, write, mode, site);
    }

    @Override
    public void stampedUnlock(StampedLock lock, long stamp, int mode, int site) {
        ManagedThread self = visible();
        if (self == null) {
            HookHandler.super.stampedUnlock(lock, stamp, mode, site);
        } else {
            self.execution.stampedLocks.unlock(self, lock, stamp, mode, site);
        }
    }

    @Override
    public long stampedTryOptimisticRead(StampedLock lock, int site) {
        ManagedThread self = visible();
        return self == null ? lock.tryOptimisticRead() : self.execution.stampedLocks.tryOptimisticRead(self, lock, site);
    }

    @Override
    public boolean stampedValidate(StampedLock lock, long stamp, int site) {
        ManagedThread self = visible();
        return self == null ? lock.validate(stamp) : self.execution.stampedLocks.validate(self, lock, stamp, site);
    }

    @Override
    public long stampedTryConvertToWriteLock(StampedLock lock, long stamp, int site) {
        ManagedThread self = visible();
        return self == null ? lock.tryConvertToWriteLock(stamp)
                : self.execution.stampedLocks.tryConvertToWriteLock(self, lock, stamp, site);
    }
}
