package dev.weft.scheduler.hooks;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Receives every visible operation of instrumented code. {@code site} identifies the instrumented instruction (see
 * {@link Sites}). The default methods do exactly what the uninstrumented code would have done, without control.
 *
 * <p>Methods named after an operation ({@code fieldRead}, {@code arrayWrite}, ...) are called <em>before</em> the
 * instruction runs; the instruction itself runs when they return. Methods that replace a call ({@code objectWait},
 * {@code threadStart}, ...) must perform the call's effect themselves.
 */
public interface HookHandler {

    /** Before {@code GETFIELD} (owner is the object) or {@code GETSTATIC} (owner is {@code null}). */
    default void fieldRead(Object owner, int site) {
    }

    /** Before {@code PUTFIELD} (owner is the object) or {@code PUTSTATIC} (owner is {@code null}). */
    default void fieldWrite(Object owner, int site) {
    }

    /** Before an array element load. */
    default void arrayRead(Object array, int index, int site) {
    }

    /** Before an array element store. */
    default void arrayWrite(Object array, int index, int site) {
    }

    /** After an object or array was allocated (its constructor has returned). */
    default void allocated(Object object, int site) {
    }

    /**
     * Before {@code MONITORENTER}, or before an instrumented call of a {@code synchronized} method.
     *
     * <p>For a call of a {@code synchronized} method the result is ignored: the JVM takes the real monitor when the
     * method is invoked, whatever the handler answers. Because this hook runs before the invocation, a handler that
     * lets a thread through only when its model says the monitor is free ensures that the real monitor is free too.
     * The site's member names the called method ({@code "Account.deposit"}); for {@code MONITORENTER} it is empty.
     *
     * @return {@code true} when the handler acquired the monitor in its own model, so that the real monitor must not
     *         be taken; {@code false} to take the real monitor
     */
    default boolean monitorEnter(Object monitor, int site) {
        return false;
    }

    /**
     * Before {@code MONITOREXIT}, or after an instrumented call of a {@code synchronized} method has returned or
     * thrown (the JVM has released the real monitor by then; the result is ignored).
     *
     * <p>Must not throw: javac's handler for a {@code synchronized} block covers its own {@code MONITOREXIT}, so a
     * throwing hook would be called again, forever.
     *
     * @return {@code true} when the handler released the monitor in its own model (the real monitor was never taken)
     */
    default boolean monitorExit(Object monitor, int site) {
        return false;
    }

    /**
     * At entry of a {@code synchronized} method, once the JVM holds its real monitor. Calls from instrumented code
     * were announced by {@link #monitorEnter} before the invocation; an entry that was not announced came through
     * virtual dispatch to a synchronized override, reflection, or uninstrumented code, and was not controlled.
     */
    default void synchronizedMethodEntered(Object monitor, int site) {
    }

    /** Replaces {@code Thread.holdsLock(monitor)}, which cannot see monitors the handler holds only in its model. */
    default boolean holdsLock(Object monitor, int site) {
        return Thread.holdsLock(monitor);
    }

    /** At entry of a static initialiser: what runs until {@link #classInitEnd()} is not visible. */
    default void classInitStart() {
    }

    /** At every exit of a static initialiser. */
    default void classInitEnd() {
    }

    /** Replaces {@code Object.wait(millis, nanos)}; {@code millis == 0 && nanos == 0} waits without timeout. */
    default void objectWait(Object monitor, long millis, int nanos, int site) throws InterruptedException {
        monitor.wait(millis, nanos);
    }

    /** Replaces {@code Object.notify()}. */
    default void objectNotify(Object monitor, int site) {
        monitor.notify();
    }

    /** Replaces {@code Object.notifyAll()}. */
    default void objectNotifyAll(Object monitor, int site) {
        monitor.notifyAll();
    }

    /** Replaces {@code Thread.start()}. */
    default void threadStart(Thread thread, int site) {
        thread.start();
    }

    /** Replaces {@code Thread.join(millis)}; {@code 0} waits without timeout. */
    default void threadJoin(Thread thread, long millis, int site) throws InterruptedException {
        thread.join(millis);
    }

    /** Replaces {@code Thread.sleep(millis)}. */
    default void threadSleep(long millis, int site) throws InterruptedException {
        Thread.sleep(millis);
    }

    /** Replaces {@code Thread.Builder.start(task)} (JDK 21+: platform and virtual builders). */
    default Thread threadBuilderStart(Object builder, Runnable task, int site) {
        return ThreadBuilders.start(builder, task);
    }

    /** Replaces {@code Thread.startVirtualThread(task)} (JDK 21+). */
    default Thread startVirtualThread(Runnable task, int site) {
        return ThreadBuilders.start(ThreadBuilders.ofVirtual(), task);
    }

    /**
     * Replaces {@code Thread.sleep(Duration)} (JDK 19+): the same as {@code sleep(millis, nanos)}, except that a
     * negative duration does not sleep (rather than failing).
     */
    default void threadSleepFor(Duration duration, int site) throws InterruptedException {
        long nanos = TimeUnit.NANOSECONDS.convert(duration);
        if (nanos >= 0) {
            Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
        }
    }

    /**
     * Replaces {@code Thread.join(Duration)} (JDK 19+): waits at most that long (not at all when it is not
     * positive), then tells whether the thread has terminated.
     */
    default boolean threadJoinFor(Thread thread, Duration duration, int site) throws InterruptedException {
        if (thread.getState() == Thread.State.NEW) {
            throw new IllegalThreadStateException("Thread not started");
        }
        long nanos = TimeUnit.NANOSECONDS.convert(duration);
        if (nanos > 0) {
            thread.join(nanos / 1_000_000, (int) (nanos % 1_000_000));
        }
        return thread.getState() == Thread.State.TERMINATED;
    }

    /** Replaces {@code Thread.yield()}. */
    default void threadYield(int site) {
        Thread.yield();
    }

    /** Replaces {@code Thread.onSpinWait()}. */
    default void onSpinWait(int site) {
        Thread.onSpinWait();
    }

    /** Replaces {@code Thread.isAlive()}. */
    default boolean threadIsAlive(Thread thread, int site) {
        return thread.isAlive();
    }

    /** Replaces {@code Thread.interrupt()}. */
    default void threadInterrupt(Thread thread, int site) {
        thread.interrupt();
    }

    /** Replaces {@code Thread.isInterrupted()}. */
    default boolean threadIsInterrupted(Thread thread, int site) {
        return thread.isInterrupted();
    }

    /** Replaces {@code Thread.interrupted()}. */
    default boolean threadInterrupted(int site) {
        return Thread.interrupted();
    }

    /** Replaces {@code LockSupport.park(blocker)} ({@code nanos < 0}) and {@code parkNanos(blocker, nanos)}. */
    default void park(Object blocker, long nanos, int site) {
        if (nanos < 0) {
            LockSupport.park(blocker);
        } else {
            LockSupport.parkNanos(blocker, nanos);
        }
    }

    /** Replaces {@code LockSupport.unpark(thread)}. */
    default void unpark(Thread thread, int site) {
        LockSupport.unpark(thread);
    }

    /** When a thread's {@code run()} begins. */
    default void threadRunBegins(Thread thread) {
    }

    /** When a thread's {@code run()} ends, normally ({@code thrown == null}) or by a throwable. */
    default void threadRunEnds(Thread thread, Throwable thrown) {
    }

    /**
     * Before a method of an atomic variable ({@code java.util.concurrent.atomic}) runs; the method itself runs when
     * this returns. For compare-and-set methods {@link #casResult} follows with the outcome.
     *
     * @param atomic the atomic object (an {@code AtomicInteger}, an {@code AtomicIntegerArray}, or the object an
     *               updater updates)
     * @param index  the array index for atomic arrays, else {@code -1}
     * @param access one of {@link Sites#READ}, {@link Sites#WRITE}, {@link Sites#READ_WRITE}, {@link Sites#CAS}
     */
    default void atomicAccess(Object atomic, int index, int access, int site) {
    }

    /** After a compare-and-set of an atomic ran; returns its result unchanged. */
    default boolean casResult(boolean success, int site) {
        return success;
    }

    /** Replaces {@code Lock.lock()}; the handler may control only {@code ReentrantLock}s and run others as is. */
    default void lock(java.util.concurrent.locks.Lock lock, int site) {
        lock.lock();
    }

    /** Replaces {@code Lock.lockInterruptibly()}. */
    default void lockInterruptibly(java.util.concurrent.locks.Lock lock, int site) throws InterruptedException {
        lock.lockInterruptibly();
    }

    /** Replaces {@code Lock.tryLock()}. */
    default boolean tryLock(java.util.concurrent.locks.Lock lock, int site) {
        return lock.tryLock();
    }

    /** Replaces {@code Lock.unlock()}. */
    default void unlock(java.util.concurrent.locks.Lock lock, int site) {
        lock.unlock();
    }

    /**
     * Replaces {@code Condition.await()} ({@code nanos < 0}) and {@code await(time, unit)} ({@code nanos >= 0}).
     * Returns false when it timed out.
     */
    default boolean conditionAwait(java.util.concurrent.locks.Condition condition, long nanos, int site)
            throws InterruptedException {
        if (nanos < 0) {
            condition.await();
            return true;
        }
        return condition.awaitNanos(nanos) > 0;
    }

    /** Replaces {@code Condition.awaitNanos(nanos)}; returns its estimate of the time left, {@code <= 0} on timeout. */
    default long conditionAwaitNanos(java.util.concurrent.locks.Condition condition, long nanos, int site)
            throws InterruptedException {
        return condition.awaitNanos(nanos);
    }

    /** Replaces {@code Condition.signal()}. */
    default void conditionSignal(java.util.concurrent.locks.Condition condition, int site) {
        condition.signal();
    }

    /** Replaces {@code Condition.signalAll()}. */
    default void conditionSignalAll(java.util.concurrent.locks.Condition condition, int site) {
        condition.signalAll();
    }
}
