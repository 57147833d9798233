package dev.weft.scheduler.hooks;

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
 * What instrumented code calls. Each method hands the call to the installed {@link HookHandler}; with none installed
 * the operations run uncontrolled. Kept free of logic: the bytecode that calls these is generated, and the decisions
 * belong to the handler.
 */
public final class Hooks {

    private static final HookHandler UNCONTROLLED = new HookHandler() {
    };

    private static volatile HookHandler handler = UNCONTROLLED;

    private Hooks() {
    }

    /** Installs the handler that receives every hook from now on. */
    public static void install(HookHandler newHandler) {
        if (newHandler == null) {
            throw new IllegalArgumentException("hook handler must not be null");
        }
        handler = newHandler;
    }

    /** Goes back to running every operation uncontrolled. */
    public static void uninstall() {
        handler = UNCONTROLLED;
    }

    public static HookHandler handler() {
        return handler;
    }

    /**
     * Whether a replaced call on {@code receiver} goes to its hook, or is the original call of the receiver's own
     * implementation ({@link JdkImplementations}): the same whichever handler is installed.
     */
    public static boolean reachesJdkImplementation(Object receiver, int call) {
        return JdkImplementations.reached(receiver, call);
    }

    public static void fieldRead(Object owner, int site) {
        handler.fieldRead(owner, site);
    }

    public static void fieldWrite(Object owner, int site) {
        handler.fieldWrite(owner, site);
    }

    public static int staticReadInt(int value, int site) {
        return handler.staticReadInt(value, site);
    }

    public static long staticReadLong(long value, int site) {
        return handler.staticReadLong(value, site);
    }

    public static float staticReadFloat(float value, int site) {
        return handler.staticReadFloat(value, site);
    }

    public static double staticReadDouble(double value, int site) {
        return handler.staticReadDouble(value, site);
    }

    public static Object staticReadObject(Object value, int site) {
        return handler.staticReadObject(value, site);
    }

    public static boolean staticWriteKept(int site) {
        return handler.staticWriteKept(site);
    }

    public static void staticWriteInt(int value, int site) {
        handler.staticWrite(value, site);
    }

    public static void staticWriteLong(long value, int site) {
        handler.staticWrite(value, site);
    }

    public static void staticWriteFloat(float value, int site) {
        handler.staticWrite(value, site);
    }

    public static void staticWriteDouble(double value, int site) {
        handler.staticWrite(value, site);
    }

    public static void staticWriteObject(Object value, int site) {
        handler.staticWrite(value, site);
    }

    public static void arrayBulk(Object first, boolean firstWritten, Object second, int site) {
        handler.arrayBulk(first, firstWritten, second, site);
    }

    public static void arrayRead(Object array, int index, int site) {
        handler.arrayRead(array, index, site);
    }

    public static void arrayWrite(Object array, int index, int site) {
        handler.arrayWrite(array, index, site);
    }

    public static void allocated(Object object, int site) {
        handler.allocated(object, site);
    }

    public static void constructing(Object self) {
        handler.constructing(self);
    }

    public static boolean monitorEnter(Object monitor, int site) {
        return handler.monitorEnter(monitor, site);
    }

    public static boolean monitorExit(Object monitor, int site) {
        return handler.monitorExit(monitor, site);
    }

    public static void synchronizedMethodEntered(Object monitor, int site) {
        handler.synchronizedMethodEntered(monitor, site);
    }

    public static void synchronizedMethodExited(Object monitor, int site) {
        handler.synchronizedMethodExited(monitor, site);
    }

    public static boolean holdsLock(Object monitor, int site) {
        return handler.holdsLock(monitor, site);
    }

    public static void classInitStart() {
        handler.classInitStart();
    }

    public static void classInitEnd() {
        handler.classInitEnd();
    }

    public static void classInitialising(Class<?> type) {
        handler.classInitialising(type);
    }

    public static void classUsed(Class<?> type) {
        handler.classUsed(type);
    }

    public static void objectWait(Object monitor, long millis, int nanos, int site) throws InterruptedException {
        handler.objectWait(monitor, millis, nanos, site);
    }

    public static void objectNotify(Object monitor, int site) {
        handler.objectNotify(monitor, site);
    }

    public static void objectNotifyAll(Object monitor, int site) {
        handler.objectNotifyAll(monitor, site);
    }

    public static void threadStart(Thread thread, int site) {
        handler.threadStart(thread, site);
    }

    public static void threadJoin(Thread thread, long millis, int site) throws InterruptedException {
        handler.threadJoin(thread, millis, site);
    }

    public static void threadSleep(long millis, int site) throws InterruptedException {
        handler.threadSleep(millis, site);
    }

    /** {@code Thread.Builder.start(task)} (JDK 21+); the builder is typed {@code Object} for Java 17. */
    public static Thread threadBuilderStart(Object builder, Runnable task, int site) {
        return handler.threadBuilderStart(builder, task, site);
    }

    public static Thread startVirtualThread(Runnable task, int site) {
        return handler.startVirtualThread(task, site);
    }

    public static void threadSleepFor(Duration duration, int site) throws InterruptedException {
        handler.threadSleepFor(duration, site);
    }

    public static boolean threadJoinFor(Thread thread, Duration duration, int site) throws InterruptedException {
        return handler.threadJoinFor(thread, duration, site);
    }

    public static void threadYield(int site) {
        handler.threadYield(site);
    }

    public static void onSpinWait(int site) {
        handler.onSpinWait(site);
    }

    public static boolean threadIsAlive(Thread thread, int site) {
        return handler.threadIsAlive(thread, site);
    }

    /** After {@code new Thread(runnable)} and the like: the thread the code goes on with. */
    public static Thread threadConstructed(Thread thread, int site) {
        return handler.threadConstructed(thread, site);
    }

    public static Thread.State threadGetState(Thread thread, int site) {
        return handler.threadGetState(thread, site);
    }

    public static void randomMade(Random random, boolean unseeded) {
        handler.randomMade(random, unseeded);
    }

    public static Random randomToDrawFrom(Random random) {
        return handler.randomToDrawFrom(random);
    }

    public static double mathRandom(int site) {
        return handler.mathRandom(site);
    }

    public static UUID randomUUID(int site) {
        return handler.randomUUID(site);
    }

    public static int threadNumber(int jdkNumber) {
        return handler.threadNumber(jdkNumber);
    }

    public static int poolNumber(int jdkNumber) {
        return handler.poolNumber(jdkNumber);
    }

    public static long nanoTime(int site) {
        return handler.nanoTime(site);
    }

    public static long currentTimeMillis(int site) {
        return handler.currentTimeMillis(site);
    }

    public static java.time.Clock systemClock(java.time.ZoneId zone, int site) {
        return handler.systemClock(zone, site);
    }

    public static long threadId(Thread thread, int site) {
        return handler.threadId(thread, site);
    }

    public static boolean threadIsDaemon(Thread thread, int site) {
        return handler.threadIsDaemon(thread, site);
    }

    public static void threadSetDaemon(Thread thread, boolean on, int site) {
        handler.threadSetDaemon(thread, on, site);
    }

    public static void threadInterrupt(Thread thread, int site) {
        handler.threadInterrupt(thread, site);
    }

    public static boolean threadIsInterrupted(Thread thread, int site) {
        return handler.threadIsInterrupted(thread, site);
    }

    public static boolean threadInterrupted(int site) {
        return handler.threadInterrupted(site);
    }

    public static void park(Object blocker, long nanos, int site) {
        handler.park(blocker, nanos, site);
    }

    public static void timeUnitTimedJoin(java.util.concurrent.TimeUnit unit, Thread thread, long timeout, int site)
            throws InterruptedException {
        handler.timeUnitTimedJoin(unit, thread, timeout, site);
    }

    public static void timeUnitTimedWait(java.util.concurrent.TimeUnit unit, Object monitor, long timeout, int site)
            throws InterruptedException {
        handler.timeUnitTimedWait(unit, monitor, timeout, site);
    }

    public static void parkUntil(Object blocker, long deadlineMillis, int site) {
        handler.parkUntil(blocker, deadlineMillis, site);
    }

    public static void unpark(Thread thread, int site) {
        handler.unpark(thread, site);
    }

    public static void threadRunBegins(Thread thread) {
        handler.threadRunBegins(thread);
    }

    public static void threadRunEnds(Thread thread, Throwable thrown) {
        handler.threadRunEnds(thread, thrown);
    }

    public static void atomicAccess(Object atomic, int index, int access, int site) {
        handler.atomicAccess(atomic, index, access, site);
    }

    public static void varHandleAccess(Object varHandle, Object coordinate, int index, int access, int site) {
        handler.varHandleAccess(varHandle, coordinate, index, access, site);
    }

    public static boolean casResult(boolean success, int site) {
        return handler.casResult(success, site);
    }

    public static void lock(Lock lock, int site) {
        handler.lock(lock, site);
    }

    public static void lockInterruptibly(Lock lock, int site) throws InterruptedException {
        handler.lockInterruptibly(lock, site);
    }

    public static boolean tryLock(Lock lock, int site) {
        return handler.tryLock(lock, site);
    }

    public static void unlock(Lock lock, int site) {
        handler.unlock(lock, site);
    }

    public static boolean conditionAwait(Condition condition, long nanos, int site) throws InterruptedException {
        return handler.conditionAwait(condition, nanos, site);
    }

    public static long conditionAwaitNanos(Condition condition, long nanos, int site) throws InterruptedException {
        return handler.conditionAwaitNanos(condition, nanos, site);
    }

    public static void conditionSignal(Condition condition, int site) {
        handler.conditionSignal(condition, site);
    }

    public static void conditionSignalAll(Condition condition, int site) {
        handler.conditionSignalAll(condition, site);
    }

    public static boolean startsManagedThread(Thread thread, int site) {
        return handler.startsManagedThread(thread, site);
    }

    public static Object defaultAsyncExecutor(Object pool, int site) {
        return handler.defaultAsyncExecutor(pool, site);
    }

    public static java.util.Iterator<Object> inStableOrder(Collection<Object> objects, int site) {
        return handler.inStableOrder(objects, site);
    }

    public static void collectionCallBegins(Object receiver, Object key, int access, int site)
            throws InterruptedException {
        handler.collectionCallBegins(receiver, key, access, site);
    }

    public static int threadEnumerate(Thread[] threads, int site) {
        return handler.threadEnumerate(threads, site);
    }

    public static int threadActiveCount(int site) {
        return handler.threadActiveCount(site);
    }

    public static java.util.Map<Thread, StackTraceElement[]> allStackTraces(int site) {
        return handler.allStackTraces(site);
    }

    public static String systemPropertySet(String key, String value, int site) {
        return handler.systemPropertySet(key, value, site);
    }

    public static String systemPropertyCleared(String key, int site) {
        return handler.systemPropertyCleared(key, site);
    }

    public static void defaultLocaleSet(java.util.Locale locale, int site) {
        handler.defaultLocaleSet(locale, site);
    }

    public static void defaultTimeZoneSet(java.util.TimeZone zone, int site) {
        handler.defaultTimeZoneSet(zone, site);
    }

    public static void systemExit(int status, int site) {
        handler.systemExit(status, site);
    }

    public static void runtimeExit(Runtime runtime, int status, boolean halt, int site) {
        handler.runtimeExit(runtime, status, halt, site);
    }

    public static Thread currentThread(int site) {
        return handler.currentThread(site);
    }

    public static Object threadLocalGet(ThreadLocal<Object> local, int site) {
        return handler.threadLocalGet(local, site);
    }

    public static void threadLocalSet(ThreadLocal<Object> local, Object value, int site) {
        handler.threadLocalSet(local, value, site);
    }

    public static void threadLocalRemove(ThreadLocal<Object> local, int site) {
        handler.threadLocalRemove(local, site);
    }

    public static void collectionArgument(Object collection, boolean writes, int site) throws InterruptedException {
        handler.collectionArgument(collection, writes, site);
    }

    public static void collectionCallEnds(int site) {
        handler.collectionCallEnds(site);
    }

    public static long currentThreadCpuTime(Object bean, boolean user, int site) {
        return handler.currentThreadCpuTime(bean, user, site);
    }

    public static boolean ownSynchronizerAcquire(Object synchronizer, long arg, long nanos, int mode, int site)
            throws InterruptedException {
        return handler.ownSynchronizerAcquire(synchronizer, arg, nanos, mode, site);
    }

    public static void unmodelledQuery(String what, int site) {
        handler.unmodelledQuery(what, site);
    }

    public static void collectionViewReturned(Object view, int site) {
        handler.collectionViewReturned(view, site);
    }

    public static void collectionEntryReturned(Object element, int site) {
        handler.collectionEntryReturned(element, site);
    }

    public static void queuePut(BlockingQueue<Object> queue, Object element, int site) throws InterruptedException {
        handler.queuePut(queue, element, site);
    }

    public static Object queueTake(BlockingQueue<Object> queue, int site) throws InterruptedException {
        return handler.queueTake(queue, site);
    }

    public static boolean queueOfferTimed(BlockingQueue<Object> queue, Object element, long nanos, int site)
            throws InterruptedException {
        return handler.queueOfferTimed(queue, element, nanos, site);
    }

    public static Object queuePollTimed(BlockingQueue<Object> queue, long nanos, int site)
            throws InterruptedException {
        return handler.queuePollTimed(queue, nanos, site);
    }

    public static int queueDrainTo(BlockingQueue<Object> queue, Collection<Object> target, int site) {
        return handler.queueDrainTo(queue, target, site);
    }

    public static int queueDrainToMax(BlockingQueue<Object> queue, Collection<Object> target, int max, int site) {
        return handler.queueDrainToMax(queue, target, max, site);
    }

    public static boolean queueOffer(Queue<Object> queue, Object element, int site) {
        return handler.queueOffer(queue, element, site);
    }

    public static boolean queueAdd(Queue<Object> queue, Object element, int site) {
        return handler.queueAdd(queue, element, site);
    }

    public static Object queuePoll(Queue<Object> queue, int site) {
        return handler.queuePoll(queue, site);
    }

    public static Object queueRemove(Queue<Object> queue, int site) {
        return handler.queueRemove(queue, site);
    }

    // java.util.concurrent synchronizers (see HookHandler for what each replaces)

    public static void semaphoreAcquire(Semaphore semaphore, int permits, boolean interruptibly, int site)
            throws InterruptedException {
        handler.semaphoreAcquire(semaphore, permits, interruptibly, site);
    }

    public static boolean semaphoreTryAcquire(Semaphore semaphore, int permits, long nanos, int site)
            throws InterruptedException {
        return handler.semaphoreTryAcquire(semaphore, permits, nanos, site);
    }

    public static void semaphoreRelease(Semaphore semaphore, int permits, int site) {
        handler.semaphoreRelease(semaphore, permits, site);
    }

    public static int semaphoreAvailablePermits(Semaphore semaphore, int site) {
        return handler.semaphoreAvailablePermits(semaphore, site);
    }

    public static int semaphoreDrainPermits(Semaphore semaphore, int site) {
        return handler.semaphoreDrainPermits(semaphore, site);
    }

    public static Object futureGet(java.util.concurrent.Future<?> future, long nanos, int site)
            throws InterruptedException, java.util.concurrent.ExecutionException, TimeoutException {
        return handler.futureGet(future, nanos, site);
    }

    public static Object futureJoin(java.util.concurrent.CompletableFuture<?> future, int site) {
        return handler.futureJoin(future, site);
    }

    public static boolean forkJoinFork(Object task, int site) {
        return handler.forkJoinFork(task, site);
    }

    public static boolean forkJoinSubmit(Object pool, Object task, int site) {
        return handler.forkJoinSubmit(pool, task, site);
    }

    public static int forkJoinAwaitFor(Object task, boolean interruptible, boolean timed, long nanos, int site) {
        return handler.forkJoinAwaitFor(task, interruptible, timed, nanos, site);
    }

    public static int forkJoinAwaitUntil(Object task, boolean interruptible, long deadline, int site) {
        return handler.forkJoinAwaitUntil(task, interruptible, deadline, site);
    }

    public static void forkJoinTaskCompletes(Object task, int site) {
        handler.forkJoinTaskCompletes(task, site);
    }

    public static void forkJoinCompleterReports(Object completer, int site) {
        handler.forkJoinCompleterReports(completer, site);
    }

    public static int forkJoinPoolAwaits(Object pool, long nanos, boolean termination, int site) {
        return handler.forkJoinPoolAwaits(pool, nanos, termination, site);
    }

    public static boolean forkJoinPoolCloses(Object pool, int site) {
        return handler.forkJoinPoolCloses(pool, site);
    }

    public static void forkJoinPoolShutsDown(Object pool, int site) {
        handler.forkJoinPoolShutsDown(pool, site);
    }

    public static void forkJoinPoolShutsDownNow(Object pool, int site) {
        handler.forkJoinPoolShutsDownNow(pool, site);
    }

    public static boolean forkJoinHelpsQuiesce(int site) {
        return handler.forkJoinHelpsQuiesce(site);
    }

    public static boolean forkJoinSchedules(Object pool, Object task, int site) {
        return handler.forkJoinSchedules(pool, task, site);
    }

    public static boolean delaysOnTheExecution() {
        return handler.delaysOnTheExecution();
    }

    public static java.util.concurrent.ScheduledFuture<?> delayedAction(Runnable action, long delay,
                                                                       java.util.concurrent.TimeUnit unit, int site) {
        return handler.delayedAction(action, delay, unit, site);
    }

    public static void futureCompletes(Object future, int site) {
        handler.futureCompletes(future, site);
    }

    public static void futureRuns(Object future, int site) {
        handler.futureRuns(future, site);
    }

    public static void poolCountersChange(Object pool, int site) {
        handler.poolCountersChange(pool, site);
    }

    public static void poolWorkerExits(Object pool, int site) {
        handler.poolWorkerExits(pool, site);
    }

    public static void poolWorkerLooksForTask(Object pool, int site) {
        handler.poolWorkerLooksForTask(pool, site);
    }

    public static void scheduledPoolLooksAtRunState(Object pool, int site) {
        handler.scheduledPoolLooksAtRunState(pool, site);
    }

    public static boolean awaitTermination(java.util.concurrent.ExecutorService pool, long nanos, int site)
            throws InterruptedException {
        return handler.awaitTermination(pool, nanos, site);
    }

    public static Object invokeAny(java.util.concurrent.ExecutorService pool,
                                   java.util.Collection<? extends java.util.concurrent.Callable<?>> tasks, long nanos,
                                   int site) throws InterruptedException, java.util.concurrent.ExecutionException,
            java.util.concurrent.TimeoutException {
        return handler.invokeAny(pool, tasks, nanos, site);
    }

    public static void executorClose(java.util.concurrent.ExecutorService pool, int site) {
        handler.executorClose(pool, site);
    }

    public static Object exchange(java.util.concurrent.Exchanger<Object> exchanger, Object element, long nanos,
                                  int site) throws InterruptedException, TimeoutException {
        return handler.exchange(exchanger, element, nanos, site);
    }

    public static int reentrantLockQuery(java.util.concurrent.locks.ReentrantLock lock, String query, int site) {
        return handler.reentrantLockQuery(lock, query, site);
    }

    public static int reentrantLockConditionQuery(java.util.concurrent.locks.ReentrantLock lock, Condition condition,
                                                  String query, int site) {
        return handler.reentrantLockConditionQuery(lock, condition, query, site);
    }

    public static boolean latchAwait(CountDownLatch latch, long nanos, int site) throws InterruptedException {
        return handler.latchAwait(latch, nanos, site);
    }

    public static void latchCountDown(CountDownLatch latch, int site) {
        handler.latchCountDown(latch, site);
    }

    public static long latchGetCount(CountDownLatch latch, int site) {
        return handler.latchGetCount(latch, site);
    }

    public static int barrierAwait(CyclicBarrier barrier, long nanos, int site)
            throws InterruptedException, BrokenBarrierException, TimeoutException {
        return handler.barrierAwait(barrier, nanos, site);
    }

    public static int barrierNumberWaiting(CyclicBarrier barrier, int site) {
        return handler.barrierNumberWaiting(barrier, site);
    }

    public static boolean barrierIsBroken(CyclicBarrier barrier, int site) {
        return handler.barrierIsBroken(barrier, site);
    }

    public static void barrierReset(CyclicBarrier barrier, int site) {
        handler.barrierReset(barrier, site);
    }

    public static int phaserRegister(Phaser phaser, int parties, int site) {
        return handler.phaserRegister(phaser, parties, site);
    }

    public static int phaserArrive(Phaser phaser, boolean deregister, int site) {
        return handler.phaserArrive(phaser, deregister, site);
    }

    public static int phaserArriveAndAwaitAdvance(Phaser phaser, int site) {
        return handler.phaserArriveAndAwaitAdvance(phaser, site);
    }

    public static int phaserAwaitAdvance(Phaser phaser, int phase, boolean interruptibly, long nanos, int site)
            throws InterruptedException, TimeoutException {
        return handler.phaserAwaitAdvance(phaser, phase, interruptibly, nanos, site);
    }

    public static int phaserGetPhase(Phaser phaser, int site) {
        return handler.phaserGetPhase(phaser, site);
    }

    public static int phaserQuery(Phaser phaser, String query, int site) {
        return handler.phaserQuery(phaser, query, site);
    }

    public static void phaserForceTermination(Phaser phaser, int site) {
        handler.phaserForceTermination(phaser, site);
    }

    public static long stampedLock(StampedLock lock, boolean write, boolean interruptibly, int site)
            throws InterruptedException {
        return handler.stampedLock(lock, write, interruptibly, site);
    }

    public static long stampedTryLock(StampedLock lock, boolean write, long nanos, int site)
            throws InterruptedException {
        return handler.stampedTryLock(lock, write, nanos, site);
    }

    public static void stampedUnlock(StampedLock lock, long stamp, int mode, int site) {
        handler.stampedUnlock(lock, stamp, mode, site);
    }

    public static long stampedTryOptimisticRead(StampedLock lock, int site) {
        return handler.stampedTryOptimisticRead(lock, site);
    }

    public static boolean stampedValidate(StampedLock lock, long stamp, int site) {
        return handler.stampedValidate(lock, stamp, site);
    }

    public static long stampedTryConvertToWriteLock(StampedLock lock, long stamp, int site) {
        return handler.stampedTryConvertToWriteLock(lock, stamp, site);
    }

    public static boolean tryLockTimed(Lock lock, long nanos, int site) throws InterruptedException {
        return handler.tryLockTimed(lock, nanos, site);
    }

    public static void conditionAwaitUninterruptibly(Condition condition, int site) {
        handler.conditionAwaitUninterruptibly(condition, site);
    }
}
