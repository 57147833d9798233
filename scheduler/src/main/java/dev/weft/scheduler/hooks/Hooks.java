package dev.weft.scheduler.hooks;

import java.time.Duration;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

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

    public static void fieldRead(Object owner, int site) {
        handler.fieldRead(owner, site);
    }

    public static void fieldWrite(Object owner, int site) {
        handler.fieldWrite(owner, site);
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

    public static boolean monitorEnter(Object monitor, int site) {
        return handler.monitorEnter(monitor, site);
    }

    public static boolean monitorExit(Object monitor, int site) {
        return handler.monitorExit(monitor, site);
    }

    public static void synchronizedMethodEntered(Object monitor, int site) {
        handler.synchronizedMethodEntered(monitor, site);
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
}
