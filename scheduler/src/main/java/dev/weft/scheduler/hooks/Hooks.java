package dev.weft.scheduler.hooks;

import java.lang.reflect.Field;
import java.time.Duration;
import java.util.Collection;
import java.util.Queue;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Phaser;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.StampedLock;

/**
 * What instrumented code calls. Each method hands the call to the installed handler of its family
 * ({@link HookHandlers}); with none installed the operations run uncontrolled. Kept free of logic: the bytecode that
 * calls these is generated, and the decisions belong to the handlers.
 */
public final class Hooks {

    /** The handlers installed, as one; each family's is also in a field of its own, read by its hooks. */
    private static volatile HookHandlers installed = HookHandlers.UNCONTROLLED;
    private static volatile MemoryHookHandler memoryHooks = HookHandlers.UNCONTROLLED.memory();
    private static volatile MonitorHookHandler monitorHooks = HookHandlers.UNCONTROLLED.monitor();
    private static volatile InitialiserHookHandler initialiserHooks = HookHandlers.UNCONTROLLED.initialiser();
    private static volatile ThreadHookHandler threadHooks = HookHandlers.UNCONTROLLED.thread();
    private static volatile TimeHookHandler timeHooks = HookHandlers.UNCONTROLLED.time();
    private static volatile RandomnessHookHandler randomnessHooks = HookHandlers.UNCONTROLLED.randomness();
    private static volatile LockHookHandler lockHooks = HookHandlers.UNCONTROLLED.lock();
    private static volatile SynchronizerHookHandler synchronizerHooks = HookHandlers.UNCONTROLLED.synchronizer();
    private static volatile CollectionHookHandler collectionHooks = HookHandlers.UNCONTROLLED.collection();
    private static volatile PoolHookHandler poolHooks = HookHandlers.UNCONTROLLED.pool();
    private static volatile JvmStateHookHandler jvmStateHooks = HookHandlers.UNCONTROLLED.jvmState();
    private static volatile ForkJoinHookHandler forkJoinHooks = HookHandlers.UNCONTROLLED.forkJoin();
    private static volatile StaticFieldHookHandler staticFieldHooks = HookHandlers.UNCONTROLLED.staticField();

    private Hooks() {
    }

    /**
     * Installs the handlers that receive every hook from now on. The families switch one after the other: a thread
     * that runs hooks meanwhile may reach the old handler of one family and the new one of another, which is harmless
     * because every handler does what the uninstrumented code would on a thread no execution manages, and the runtime
     * installs its handlers before its first execution starts.
     */
    public static synchronized void install(HookHandlers handlers) {
        if (handlers == null) {
            throw new IllegalArgumentException("hook handlers must not be null");
        }
        memoryHooks = handlers.memory();
        monitorHooks = handlers.monitor();
        initialiserHooks = handlers.initialiser();
        threadHooks = handlers.thread();
        timeHooks = handlers.time();
        randomnessHooks = handlers.randomness();
        lockHooks = handlers.lock();
        synchronizerHooks = handlers.synchronizer();
        collectionHooks = handlers.collection();
        poolHooks = handlers.pool();
        jvmStateHooks = handlers.jvmState();
        forkJoinHooks = handlers.forkJoin();
        staticFieldHooks = handlers.staticField();
        installed = handlers;
    }

    /** Goes back to running every operation uncontrolled. */
    public static void uninstall() {
        install(HookHandlers.UNCONTROLLED);
    }

    /** The handlers installed now. */
    public static HookHandlers handlers() {
        return installed;
    }

    /**
     * Whether a replaced call on {@code receiver} goes to its hook, or is the original call of the receiver's own
     * implementation ({@link JdkImplementations}): the same whichever handler is installed.
     */
    public static boolean reachesJdkImplementation(Object receiver, int call) {
        return JdkImplementations.reached(receiver, call);
    }

    public static void fieldRead(Object owner, int site) {
        memoryHooks.fieldRead(owner, site);
    }

    public static void fieldWrite(Object owner, int site) {
        memoryHooks.fieldWrite(owner, site);
    }

    public static int staticReadInt(int value, int site) {
        return staticFieldHooks.staticReadInt(value, site);
    }

    public static long staticReadLong(long value, int site) {
        return staticFieldHooks.staticReadLong(value, site);
    }

    public static float staticReadFloat(float value, int site) {
        return staticFieldHooks.staticReadFloat(value, site);
    }

    public static double staticReadDouble(double value, int site) {
        return staticFieldHooks.staticReadDouble(value, site);
    }

    public static Object staticReadObject(Object value, int site) {
        return staticFieldHooks.staticReadObject(value, site);
    }

    public static boolean staticWriteKept(int site) {
        return staticFieldHooks.staticWriteKept(site);
    }

    public static void staticWriteInt(int value, int site) {
        staticFieldHooks.staticWrite(value, site);
    }

    public static void staticWriteLong(long value, int site) {
        staticFieldHooks.staticWrite(value, site);
    }

    public static void staticWriteFloat(float value, int site) {
        staticFieldHooks.staticWrite(value, site);
    }

    public static void staticWriteDouble(double value, int site) {
        staticFieldHooks.staticWrite(value, site);
    }

    public static void staticWriteObject(Object value, int site) {
        staticFieldHooks.staticWrite(value, site);
    }

    public static int reflectiveReadInt(int value, Field field, int site) {
        return staticFieldHooks.reflectiveReadInt(value, field, site);
    }

    public static long reflectiveReadLong(long value, Field field, int site) {
        return staticFieldHooks.reflectiveReadLong(value, field, site);
    }

    public static float reflectiveReadFloat(float value, Field field, int site) {
        return staticFieldHooks.reflectiveReadFloat(value, field, site);
    }

    public static double reflectiveReadDouble(double value, Field field, int site) {
        return staticFieldHooks.reflectiveReadDouble(value, field, site);
    }

    public static Object reflectiveReadObject(Object value, Field field, int site) {
        return staticFieldHooks.reflectiveReadObject(value, field, site);
    }

    public static boolean reflectiveWriteKept(Field field, int site) {
        return staticFieldHooks.reflectiveWriteKept(field, site);
    }

    public static void reflectiveWrite(Field field, Object boxed, int site) {
        staticFieldHooks.reflectiveWrite(field, boxed, site);
    }

    public static void arrayBulk(Object first, boolean firstWritten, Object second, int site) {
        memoryHooks.arrayBulk(first, firstWritten, second, site);
    }

    public static void arrayRead(Object array, int index, int site) {
        memoryHooks.arrayRead(array, index, site);
    }

    public static void arrayWrite(Object array, int index, int site) {
        memoryHooks.arrayWrite(array, index, site);
    }

    public static void allocated(Object object, int site) {
        memoryHooks.allocated(object, site);
    }

    public static void constructing(Object self) {
        memoryHooks.constructing(self);
    }

    public static boolean monitorEnter(Object monitor, int site) {
        return monitorHooks.monitorEnter(monitor, site);
    }

    public static boolean monitorExit(Object monitor, int site) {
        return monitorHooks.monitorExit(monitor, site);
    }

    public static void synchronizedMethodEntered(Object monitor, int site) {
        monitorHooks.synchronizedMethodEntered(monitor, site);
    }

    public static void synchronizedMethodExited(Object monitor, int site) {
        monitorHooks.synchronizedMethodExited(monitor, site);
    }

    public static boolean holdsLock(Object monitor, int site) {
        return monitorHooks.holdsLock(monitor, site);
    }

    public static void classInitStart() {
        initialiserHooks.classInitStart();
    }

    public static void classInitEnd() {
        initialiserHooks.classInitEnd();
    }

    public static void classInitialising(Class<?> type) {
        initialiserHooks.classInitialising(type);
    }

    public static void classUsed(Class<?> type) {
        initialiserHooks.classUsed(type);
    }

    public static void objectWait(Object monitor, long millis, int nanos, int site) throws InterruptedException {
        monitorHooks.objectWait(monitor, millis, nanos, site);
    }

    public static void objectNotify(Object monitor, int site) {
        monitorHooks.objectNotify(monitor, site);
    }

    public static void objectNotifyAll(Object monitor, int site) {
        monitorHooks.objectNotifyAll(monitor, site);
    }

    public static void threadStart(Thread thread, int site) {
        threadHooks.threadStart(thread, site);
    }

    public static void threadJoin(Thread thread, long millis, int site) throws InterruptedException {
        threadHooks.threadJoin(thread, millis, site);
    }

    public static void threadSleep(long millis, int site) throws InterruptedException {
        timeHooks.threadSleep(millis, site);
    }

    /** {@code Thread.Builder.start(task)} (JDK 21+); the builder is typed {@code Object} for Java 17. */
    public static Thread threadBuilderStart(Object builder, Runnable task, int site) {
        return threadHooks.threadBuilderStart(builder, task, site);
    }

    public static Thread startVirtualThread(Runnable task, int site) {
        return threadHooks.startVirtualThread(task, site);
    }

    public static void threadSleepFor(Duration duration, int site) throws InterruptedException {
        timeHooks.threadSleepFor(duration, site);
    }

    public static boolean threadJoinFor(Thread thread, Duration duration, int site) throws InterruptedException {
        return threadHooks.threadJoinFor(thread, duration, site);
    }

    public static void threadYield(int site) {
        threadHooks.threadYield(site);
    }

    public static void onSpinWait(int site) {
        threadHooks.onSpinWait(site);
    }

    public static boolean threadIsAlive(Thread thread, int site) {
        return threadHooks.threadIsAlive(thread, site);
    }

    /** After {@code new Thread(runnable)} and the like: the thread the code goes on with. */
    public static Thread threadConstructed(Thread thread, int site) {
        return threadHooks.threadConstructed(thread, site);
    }

    public static Thread.State threadGetState(Thread thread, int site) {
        return threadHooks.threadGetState(thread, site);
    }

    public static void randomMade(Random random, boolean unseeded) {
        randomnessHooks.randomMade(random, unseeded);
    }

    public static Random randomToDrawFrom(Random random) {
        return randomnessHooks.randomToDrawFrom(random);
    }

    public static double mathRandom(int site) {
        return randomnessHooks.mathRandom(site);
    }

    public static UUID randomUUID(int site) {
        return randomnessHooks.randomUUID(site);
    }

    public static int threadNumber(int jdkNumber) {
        return threadHooks.threadNumber(jdkNumber);
    }

    public static int poolNumber(int jdkNumber) {
        return poolHooks.poolNumber(jdkNumber);
    }

    public static long nanoTime(int site) {
        return timeHooks.nanoTime(site);
    }

    public static long currentTimeMillis(int site) {
        return timeHooks.currentTimeMillis(site);
    }

    public static java.time.Clock systemClock(java.time.ZoneId zone, int site) {
        return timeHooks.systemClock(zone, site);
    }

    public static long threadId(Thread thread, int site) {
        return threadHooks.threadId(thread, site);
    }

    public static boolean threadIsDaemon(Thread thread, int site) {
        return threadHooks.threadIsDaemon(thread, site);
    }

    public static void threadSetDaemon(Thread thread, boolean on, int site) {
        threadHooks.threadSetDaemon(thread, on, site);
    }

    public static void threadInterrupt(Thread thread, int site) {
        threadHooks.threadInterrupt(thread, site);
    }

    public static boolean threadIsInterrupted(Thread thread, int site) {
        return threadHooks.threadIsInterrupted(thread, site);
    }

    public static boolean threadInterrupted(int site) {
        return threadHooks.threadInterrupted(site);
    }

    public static void park(Object blocker, long nanos, int site) {
        lockHooks.park(blocker, nanos, site);
    }

    public static void timeUnitTimedJoin(java.util.concurrent.TimeUnit unit, Thread thread, long timeout, int site)
            throws InterruptedException {
        threadHooks.timeUnitTimedJoin(unit, thread, timeout, site);
    }

    public static void timeUnitTimedWait(java.util.concurrent.TimeUnit unit, Object monitor, long timeout, int site)
            throws InterruptedException {
        monitorHooks.timeUnitTimedWait(unit, monitor, timeout, site);
    }

    public static void parkUntil(Object blocker, long deadlineMillis, int site) {
        lockHooks.parkUntil(blocker, deadlineMillis, site);
    }

    public static void unpark(Thread thread, int site) {
        lockHooks.unpark(thread, site);
    }

    public static void threadRunBegins(Thread thread) {
        threadHooks.threadRunBegins(thread);
    }

    public static void threadRunEnds(Thread thread, Throwable thrown) {
        threadHooks.threadRunEnds(thread, thrown);
    }

    public static void atomicAccess(Object atomic, int index, int access, int site) {
        memoryHooks.atomicAccess(atomic, index, access, site);
    }

    public static void varHandleAccess(Object varHandle, Object coordinate, int index, int access, int site) {
        memoryHooks.varHandleAccess(varHandle, coordinate, index, access, site);
    }

    public static void reflectiveFieldAccess(Field field, Object owner, boolean write, int site) {
        memoryHooks.reflectiveFieldAccess(field, owner, write, site);
    }

    public static boolean casResult(boolean success, int site) {
        return memoryHooks.casResult(success, site);
    }

    public static void lock(Lock lock, int site) {
        lockHooks.lock(lock, site);
    }

    public static void lockInterruptibly(Lock lock, int site) throws InterruptedException {
        lockHooks.lockInterruptibly(lock, site);
    }

    public static boolean tryLock(Lock lock, int site) {
        return lockHooks.tryLock(lock, site);
    }

    public static void unlock(Lock lock, int site) {
        lockHooks.unlock(lock, site);
    }

    public static boolean conditionAwait(Condition condition, long nanos, int site) throws InterruptedException {
        return lockHooks.conditionAwait(condition, nanos, site);
    }

    public static boolean conditionAwaitUntil(Condition condition, long epochMillis, int site)
            throws InterruptedException {
        return lockHooks.conditionAwaitUntil(condition, epochMillis, site);
    }

    public static long conditionAwaitNanos(Condition condition, long nanos, int site) throws InterruptedException {
        return lockHooks.conditionAwaitNanos(condition, nanos, site);
    }

    public static void conditionSignal(Condition condition, int site) {
        lockHooks.conditionSignal(condition, site);
    }

    public static void conditionSignalAll(Condition condition, int site) {
        lockHooks.conditionSignalAll(condition, site);
    }

    public static boolean startsManagedThread(Thread thread, int site) {
        return threadHooks.startsManagedThread(thread, site);
    }

    public static Object defaultAsyncExecutor(Object pool, int site) {
        return poolHooks.defaultAsyncExecutor(pool, site);
    }

    public static java.util.Iterator<Object> inStableOrder(Collection<Object> objects, int site) {
        return randomnessHooks.inStableOrder(objects, site);
    }

    public static void collectionCallBegins(Object receiver, Object key, int access, int site)
            throws InterruptedException {
        collectionHooks.collectionCallBegins(receiver, key, access, site);
    }

    public static int threadEnumerate(Thread[] threads, int site) {
        return threadHooks.threadEnumerate(threads, site);
    }

    public static int threadActiveCount(int site) {
        return threadHooks.threadActiveCount(site);
    }

    public static java.util.Map<Thread, StackTraceElement[]> allStackTraces(int site) {
        return threadHooks.allStackTraces(site);
    }

    public static String systemPropertySet(String key, String value, int site) {
        return jvmStateHooks.systemPropertySet(key, value, site);
    }

    public static String systemPropertyCleared(String key, int site) {
        return jvmStateHooks.systemPropertyCleared(key, site);
    }

    public static void defaultLocaleSet(java.util.Locale locale, int site) {
        jvmStateHooks.defaultLocaleSet(locale, site);
    }

    public static void defaultUncaughtExceptionHandlerSet(Thread.UncaughtExceptionHandler handler, int site) {
        jvmStateHooks.defaultUncaughtExceptionHandlerSet(handler, site);
    }

    public static void defaultTimeZoneSet(java.util.TimeZone zone, int site) {
        jvmStateHooks.defaultTimeZoneSet(zone, site);
    }

    public static void systemExit(int status, int site) {
        jvmStateHooks.systemExit(status, site);
    }

    public static javax.management.ObjectInstance mbeanRegistered(javax.management.MBeanServer server, Object bean,
            javax.management.ObjectName name, int site) throws javax.management.InstanceAlreadyExistsException,
            javax.management.MBeanRegistrationException, javax.management.NotCompliantMBeanException {
        return jvmStateHooks.mbeanRegistered(server, bean, name, site);
    }

    public static void runtimeExit(Runtime runtime, int status, boolean halt, int site) {
        jvmStateHooks.runtimeExit(runtime, status, halt, site);
    }

    public static void garbageCollected(Runtime runtime, int site) {
        jvmStateHooks.garbageCollected(runtime, site);
    }

    public static Thread currentThread(int site) {
        return threadHooks.currentThread(site);
    }

    public static Object threadLocalGet(ThreadLocal<Object> local, int site) {
        return threadHooks.threadLocalGet(local, site);
    }

    public static void threadLocalSet(ThreadLocal<Object> local, Object value, int site) {
        threadHooks.threadLocalSet(local, value, site);
    }

    public static void threadLocalRemove(ThreadLocal<Object> local, int site) {
        threadHooks.threadLocalRemove(local, site);
    }

    public static void collectionArgument(Object collection, boolean writes, int site) throws InterruptedException {
        collectionHooks.collectionArgument(collection, writes, site);
    }

    public static void collectionCallEnds(int site) {
        collectionHooks.collectionCallEnds(site);
    }

    public static long currentThreadCpuTime(Object bean, boolean user, int site) {
        return timeHooks.currentThreadCpuTime(bean, user, site);
    }

    public static boolean ownSynchronizerAcquire(Object synchronizer, long arg, long nanos, int mode, int site)
            throws InterruptedException {
        return lockHooks.ownSynchronizerAcquire(synchronizer, arg, nanos, mode, site);
    }

    public static void unmodelledQuery(String what, int site) {
        collectionHooks.unmodelledQuery(what, site);
    }

    public static void collectionViewReturned(Object view, int site) {
        collectionHooks.collectionViewReturned(view, site);
    }

    public static void collectionEntryReturned(Object element, int site) {
        collectionHooks.collectionEntryReturned(element, site);
    }

    public static void queuePut(BlockingQueue<Object> queue, Object element, int site) throws InterruptedException {
        collectionHooks.queuePut(queue, element, site);
    }

    public static Object queueTake(BlockingQueue<Object> queue, int site) throws InterruptedException {
        return collectionHooks.queueTake(queue, site);
    }

    public static boolean queueOfferTimed(BlockingQueue<Object> queue, Object element, long nanos, int site)
            throws InterruptedException {
        return collectionHooks.queueOfferTimed(queue, element, nanos, site);
    }

    public static Object queuePollTimed(BlockingQueue<Object> queue, long nanos, int site)
            throws InterruptedException {
        return collectionHooks.queuePollTimed(queue, nanos, site);
    }

    public static int queueDrainTo(BlockingQueue<Object> queue, Collection<Object> target, int site) {
        return collectionHooks.queueDrainTo(queue, target, site);
    }

    public static int queueDrainToMax(BlockingQueue<Object> queue, Collection<Object> target, int max, int site) {
        return collectionHooks.queueDrainToMax(queue, target, max, site);
    }

    public static boolean queueOffer(Queue<Object> queue, Object element, int site) {
        return collectionHooks.queueOffer(queue, element, site);
    }

    public static boolean queueAdd(Queue<Object> queue, Object element, int site) {
        return collectionHooks.queueAdd(queue, element, site);
    }

    public static Object queuePoll(Queue<Object> queue, int site) {
        return collectionHooks.queuePoll(queue, site);
    }

    public static Object queueRemove(Queue<Object> queue, int site) {
        return collectionHooks.queueRemove(queue, site);
    }

    // java.util.concurrent synchronizers (see SynchronizerHookHandler and LockHookHandler for what each replaces)

    public static void semaphoreAcquire(Semaphore semaphore, int permits, boolean interruptibly, int site)
            throws InterruptedException {
        synchronizerHooks.semaphoreAcquire(semaphore, permits, interruptibly, site);
    }

    public static boolean semaphoreTryAcquire(Semaphore semaphore, int permits, long nanos, int site)
            throws InterruptedException {
        return synchronizerHooks.semaphoreTryAcquire(semaphore, permits, nanos, site);
    }

    public static void semaphoreRelease(Semaphore semaphore, int permits, int site) {
        synchronizerHooks.semaphoreRelease(semaphore, permits, site);
    }

    public static int semaphoreAvailablePermits(Semaphore semaphore, int site) {
        return synchronizerHooks.semaphoreAvailablePermits(semaphore, site);
    }

    public static int semaphoreDrainPermits(Semaphore semaphore, int site) {
        return synchronizerHooks.semaphoreDrainPermits(semaphore, site);
    }

    public static Object futureGet(java.util.concurrent.Future<?> future, long nanos, int site)
            throws InterruptedException, java.util.concurrent.ExecutionException, TimeoutException {
        return poolHooks.futureGet(future, nanos, site);
    }

    public static Object futureJoin(java.util.concurrent.CompletableFuture<?> future, int site) {
        return poolHooks.futureJoin(future, site);
    }

    public static boolean forkJoinFork(Object task, int site) {
        return forkJoinHooks.forkJoinFork(task, site);
    }

    public static boolean forkJoinSubmit(Object pool, Object task, int site) {
        return forkJoinHooks.forkJoinSubmit(pool, task, site);
    }

    public static int forkJoinAwaitFor(Object task, boolean interruptible, boolean timed, long nanos, int site) {
        return forkJoinHooks.forkJoinAwaitFor(task, interruptible, timed, nanos, site);
    }

    public static int forkJoinAwaitUntil(Object task, boolean interruptible, long deadline, int site) {
        return forkJoinHooks.forkJoinAwaitUntil(task, interruptible, deadline, site);
    }

    public static void forkJoinTaskCompletes(Object task, int site) {
        forkJoinHooks.forkJoinTaskCompletes(task, site);
    }

    public static void forkJoinCompleterReports(Object completer, int site) {
        forkJoinHooks.forkJoinCompleterReports(completer, site);
    }

    public static int forkJoinPoolAwaits(Object pool, long nanos, boolean termination, int site) {
        return forkJoinHooks.forkJoinPoolAwaits(pool, nanos, termination, site);
    }

    public static int forkJoinPoolIsQuiescent(Object pool, int site) {
        return forkJoinHooks.forkJoinPoolIsQuiescent(pool, site);
    }

    public static boolean forkJoinPoolCloses(Object pool, int site) {
        return forkJoinHooks.forkJoinPoolCloses(pool, site);
    }

    public static void forkJoinPoolShutsDown(Object pool, int site) {
        forkJoinHooks.forkJoinPoolShutsDown(pool, site);
    }

    public static void forkJoinPoolShutsDownNow(Object pool, int site) {
        forkJoinHooks.forkJoinPoolShutsDownNow(pool, site);
    }

    public static int forkJoinInPool(int site) {
        return forkJoinHooks.forkJoinInPool(site);
    }

    public static Object forkJoinPoolOfTask(int site) {
        return forkJoinHooks.forkJoinPoolOfTask(site);
    }

    public static boolean forkJoinHelpsQuiesce(int site) {
        return forkJoinHooks.forkJoinHelpsQuiesce(site);
    }

    public static boolean forkJoinSchedules(Object pool, Object task, int site) {
        return forkJoinHooks.forkJoinSchedules(pool, task, site);
    }

    public static boolean delaysOnTheExecution() {
        return forkJoinHooks.delaysOnTheExecution();
    }

    public static java.util.concurrent.ScheduledFuture<?> delayedAction(Runnable action, long delay,
                                                                       java.util.concurrent.TimeUnit unit, int site) {
        return forkJoinHooks.delayedAction(action, delay, unit, site);
    }

    public static void futureCompletes(Object future, int site) {
        poolHooks.futureCompletes(future, site);
    }

    public static void futureRuns(Object future, int site) {
        poolHooks.futureRuns(future, site);
    }

    public static void poolCountersChange(Object pool, int site) {
        poolHooks.poolCountersChange(pool, site);
    }

    public static void poolWorkerExits(Object pool, int site) {
        poolHooks.poolWorkerExits(pool, site);
    }

    public static void poolWorkerLooksForTask(Object pool, int site) {
        poolHooks.poolWorkerLooksForTask(pool, site);
    }

    public static void scheduledPoolLooksAtRunState(Object pool, int site) {
        poolHooks.scheduledPoolLooksAtRunState(pool, site);
    }

    public static boolean awaitTermination(java.util.concurrent.ExecutorService pool, long nanos, int site)
            throws InterruptedException {
        return poolHooks.awaitTermination(pool, nanos, site);
    }

    public static Object invokeAny(java.util.concurrent.ExecutorService pool,
                                   java.util.Collection<? extends java.util.concurrent.Callable<?>> tasks, long nanos,
                                   int site) throws InterruptedException, java.util.concurrent.ExecutionException,
            java.util.concurrent.TimeoutException {
        return poolHooks.invokeAny(pool, tasks, nanos, site);
    }

    public static void executorClose(java.util.concurrent.ExecutorService pool, int site) {
        poolHooks.executorClose(pool, site);
    }

    public static Object exchange(java.util.concurrent.Exchanger<Object> exchanger, Object element, long nanos,
                                  int site) throws InterruptedException, TimeoutException {
        return synchronizerHooks.exchange(exchanger, element, nanos, site);
    }

    public static int lockQueueQuery(Object lock, Thread asked, String query, int site) {
        return lockHooks.lockQueueQuery(lock, asked, query, site);
    }

    public static Collection<Thread> lockQueuedThreads(Object lock, String query, int site) {
        return lockHooks.lockQueuedThreads(lock, query, site);
    }

    public static int reentrantLockQuery(java.util.concurrent.locks.ReentrantLock lock, String query, int site) {
        return lockHooks.reentrantLockQuery(lock, query, site);
    }

    public static Thread reentrantLockOwner(java.util.concurrent.locks.ReentrantLock lock, int site) {
        return lockHooks.reentrantLockOwner(lock, site);
    }

    public static java.util.Collection<Thread> reentrantLockWaitingThreads(
            java.util.concurrent.locks.ReentrantLock lock, Condition condition, int site) {
        return lockHooks.reentrantLockWaitingThreads(lock, condition, site);
    }

    public static int readWriteLockConditionQuery(java.util.concurrent.locks.ReentrantReadWriteLock lock,
                                                  Condition condition, String query, int site) {
        return lockHooks.readWriteLockConditionQuery(lock, condition, query, site);
    }

    public static Collection<Thread> readWriteLockWaitingThreads(
            java.util.concurrent.locks.ReentrantReadWriteLock lock, Condition condition, int site) {
        return lockHooks.readWriteLockWaitingThreads(lock, condition, site);
    }

    public static int reentrantLockConditionQuery(java.util.concurrent.locks.ReentrantLock lock, Condition condition,
                                                  String query, int site) {
        return lockHooks.reentrantLockConditionQuery(lock, condition, query, site);
    }

    public static boolean latchAwait(CountDownLatch latch, long nanos, int site) throws InterruptedException {
        return synchronizerHooks.latchAwait(latch, nanos, site);
    }

    public static void latchCountDown(CountDownLatch latch, int site) {
        synchronizerHooks.latchCountDown(latch, site);
    }

    public static long latchGetCount(CountDownLatch latch, int site) {
        return synchronizerHooks.latchGetCount(latch, site);
    }

    public static int barrierAwait(CyclicBarrier barrier, long nanos, int site)
            throws InterruptedException, BrokenBarrierException, TimeoutException {
        return synchronizerHooks.barrierAwait(barrier, nanos, site);
    }

    public static int barrierNumberWaiting(CyclicBarrier barrier, int site) {
        return synchronizerHooks.barrierNumberWaiting(barrier, site);
    }

    public static boolean barrierIsBroken(CyclicBarrier barrier, int site) {
        return synchronizerHooks.barrierIsBroken(barrier, site);
    }

    public static void barrierReset(CyclicBarrier barrier, int site) {
        synchronizerHooks.barrierReset(barrier, site);
    }

    public static int phaserRegister(Phaser phaser, int parties, int site) {
        return synchronizerHooks.phaserRegister(phaser, parties, site);
    }

    public static int phaserArrive(Phaser phaser, boolean deregister, int site) {
        return synchronizerHooks.phaserArrive(phaser, deregister, site);
    }

    public static int phaserArriveAndAwaitAdvance(Phaser phaser, int site) {
        return synchronizerHooks.phaserArriveAndAwaitAdvance(phaser, site);
    }

    public static int phaserAwaitAdvance(Phaser phaser, int phase, boolean interruptibly, long nanos, int site)
            throws InterruptedException, TimeoutException {
        return synchronizerHooks.phaserAwaitAdvance(phaser, phase, interruptibly, nanos, site);
    }

    public static int phaserGetPhase(Phaser phaser, int site) {
        return synchronizerHooks.phaserGetPhase(phaser, site);
    }

    public static int phaserQuery(Phaser phaser, String query, int site) {
        return synchronizerHooks.phaserQuery(phaser, query, site);
    }

    public static void phaserForceTermination(Phaser phaser, int site) {
        synchronizerHooks.phaserForceTermination(phaser, site);
    }

    public static long stampedLock(StampedLock lock, boolean write, boolean interruptibly, int site)
            throws InterruptedException {
        return lockHooks.stampedLock(lock, write, interruptibly, site);
    }

    public static long stampedTryLock(StampedLock lock, boolean write, long nanos, int site)
            throws InterruptedException {
        return lockHooks.stampedTryLock(lock, write, nanos, site);
    }

    public static void stampedUnlock(StampedLock lock, long stamp, int mode, int site) {
        lockHooks.stampedUnlock(lock, stamp, mode, site);
    }

    public static long stampedTryOptimisticRead(StampedLock lock, int site) {
        return lockHooks.stampedTryOptimisticRead(lock, site);
    }

    public static boolean stampedValidate(StampedLock lock, long stamp, int site) {
        return lockHooks.stampedValidate(lock, stamp, site);
    }

    public static long stampedTryConvertToWriteLock(StampedLock lock, long stamp, int site) {
        return lockHooks.stampedTryConvertToWriteLock(lock, stamp, site);
    }

    public static boolean tryLockTimed(Lock lock, long nanos, int site) throws InterruptedException {
        return lockHooks.tryLockTimed(lock, nanos, site);
    }

    public static void conditionAwaitUninterruptibly(Condition condition, int site) {
        lockHooks.conditionAwaitUninterruptibly(condition, site);
    }
}
