package dev.weft.scheduler.hooks;

import java.lang.invoke.MethodType;
import java.util.Collection;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.concurrent.locks.StampedLock;

/**
 * The lock hooks, one family of {@link HookHandlers}: the {@code java.util.concurrent.locks} family (locks,
 * conditions, stamped locks, synchronizers built on the JDK's queued synchronizers) and {@code LockSupport}. The
 * default methods do exactly what the uninstrumented code would have done, without control.
 */
public interface LockHookHandler {

    /** Replaces {@code LockSupport.park(blocker)} ({@code nanos < 0}) and {@code parkNanos(blocker, nanos)}. */
    default void park(Object blocker, long nanos, int site) {
        if (nanos < 0) {
            LockSupport.park(blocker);
        } else {
            LockSupport.parkNanos(blocker, nanos);
        }
    }

    /** Replaces {@code LockSupport.parkUntil(deadline)} and {@code parkUntil(blocker, deadline)}. */
    default void parkUntil(Object blocker, long deadlineMillis, int site) {
        LockSupport.parkUntil(blocker, deadlineMillis);
    }

    /** Replaces {@code LockSupport.unpark(thread)}. */
    default void unpark(Thread thread, int site) {
        LockSupport.unpark(thread);
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

    /** Replaces {@code Condition.awaitUntil(deadline)}, given as the wall clock's millis; false when it timed out. */
    default boolean conditionAwaitUntil(java.util.concurrent.locks.Condition condition, long epochMillis, int site)
            throws InterruptedException {
        return condition.awaitUntil(new java.util.Date(epochMillis));
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

    /**
     * Replaces an acquisition of a synchronizer built on {@code AbstractQueuedSynchronizer} (or its {@code long}
     * twin) outside the JDK's own code: {@code acquire}, {@code acquireShared}, their interruptible and timed
     * variants ({@link OwnSynchronizers}). Returns what the timed ones return, {@code true} for the others.
     */
    default boolean ownSynchronizerAcquire(Object synchronizer, long arg, long nanos, int mode, int site)
            throws InterruptedException {
        return OwnSynchronizers.acquire(synchronizer, arg, nanos, mode);
    }

    /**
     * Replaces {@code ReentrantLock.isLocked()}, {@code isHeldByCurrentThread()} (a {@code boolean} as 0 or 1) and
     * {@code getHoldCount()}, {@code query} naming the method.
     */
    default int reentrantLockQuery(ReentrantLock lock, String query, int site) {
        return switch (query) {
            case "isLocked" -> lock.isLocked() ? 1 : 0;
            case "isHeldByCurrentThread" -> lock.isHeldByCurrentThread() ? 1 : 0;
            case "getHoldCount" -> lock.getHoldCount();
            default -> throw new IllegalArgumentException("no ReentrantLock query " + query);
        };
    }

    /**
     * Replaces the questions about who waits to take a lock or permits, {@code query} naming the method:
     * {@code hasQueuedThreads()} and {@code hasQueuedThread(thread)} (0 or 1), {@code getQueueLength()}, of a
     * {@code Semaphore}, a {@code ReentrantLock} or a {@code ReentrantReadWriteLock}.
     *
     * @param asked {@code hasQueuedThread}'s argument, else {@code null}
     */
    default int lockQueueQuery(Object lock, Thread asked, String query, int site) {
        return RealLockQueues.ask(lock, asked, query);
    }

    /**
     * Replaces the protected {@code getQueuedThreads()} of the same three, and a read-write lock's
     * {@code getQueuedWriterThreads()} and {@code getQueuedReaderThreads()}, which a subclass calls.
     */
    @SuppressWarnings("unchecked")
    default Collection<Thread> lockQueuedThreads(Object lock, String query, int site) {
        return (Collection<Thread>) ProtectedQueries.callJdkImplementation(lock, query,
                MethodType.methodType(Collection.class));
    }

    /**
     * Replaces {@code ReentrantLock.hasWaiters(condition)} (0 or 1) and {@code getWaitQueueLength(condition)},
     * {@code query} naming the method.
     */
    default int reentrantLockConditionQuery(ReentrantLock lock, Condition condition, String query, int site) {
        return query.equals("hasWaiters") ? (lock.hasWaiters(condition) ? 1 : 0) : lock.getWaitQueueLength(condition);
    }

    /**
     * Replaces {@code ReentrantReadWriteLock.hasWaiters(condition)} (0 or 1) and {@code getWaitQueueLength(condition)},
     * {@code query} naming the method.
     */
    default int readWriteLockConditionQuery(ReentrantReadWriteLock lock, Condition condition, String query,
                                            int site) {
        return query.equals("hasWaiters") ? (lock.hasWaiters(condition) ? 1 : 0) : lock.getWaitQueueLength(condition);
    }

    /** Replaces the protected {@code ReentrantReadWriteLock.getWaitingThreads(condition)}, which a subclass calls. */
    @SuppressWarnings("unchecked")
    default Collection<Thread> readWriteLockWaitingThreads(ReentrantReadWriteLock lock, Condition condition,
                                                           int site) {
        return (Collection<Thread>) ProtectedQueries.callJdkImplementation(lock, "getWaitingThreads",
                MethodType.methodType(Collection.class, Condition.class), condition);
    }

    /** Replaces the protected {@code ReentrantLock.getOwner()}, which a subclass calls ({@code super.getOwner()}). */
    default Thread reentrantLockOwner(ReentrantLock lock, int site) {
        return (Thread) ProtectedQueries.callJdkImplementation(lock, "getOwner", MethodType.methodType(Thread.class));
    }

    /** Replaces the protected {@code ReentrantLock.getWaitingThreads(condition)}, which a subclass calls. */
    @SuppressWarnings("unchecked")
    default Collection<Thread> reentrantLockWaitingThreads(ReentrantLock lock, Condition condition, int site) {
        return (Collection<Thread>) ProtectedQueries.callJdkImplementation(lock, "getWaitingThreads",
                MethodType.methodType(Collection.class, Condition.class), condition);
    }

    /** Replaces {@code StampedLock.writeLock/readLock()} and their {@code Interruptibly} variants. */
    default long stampedLock(StampedLock lock, boolean write, boolean interruptibly, int site)
            throws InterruptedException {
        if (interruptibly) {
            return write ? lock.writeLockInterruptibly() : lock.readLockInterruptibly();
        }
        return write ? lock.writeLock() : lock.readLock();
    }

    /** Replaces {@code StampedLock.tryWriteLock/tryReadLock()} and their timed variants. */
    default long stampedTryLock(StampedLock lock, boolean write, long nanos, int site) throws InterruptedException {
        if (nanos < 0) {
            return write ? lock.tryWriteLock() : lock.tryReadLock();
        }
        return write ? lock.tryWriteLock(nanos, TimeUnit.NANOSECONDS) : lock.tryReadLock(nanos, TimeUnit.NANOSECONDS);
    }

    /** Replaces {@code StampedLock.unlock} ({@code mode} 0), {@code unlockWrite} (1), {@code unlockRead} (2). */
    default void stampedUnlock(StampedLock lock, long stamp, int mode, int site) {
        switch (mode) {
            case 1 -> lock.unlockWrite(stamp);
            case 2 -> lock.unlockRead(stamp);
            default -> lock.unlock(stamp);
        }
    }

    /** Replaces {@code StampedLock.tryOptimisticRead()}. */
    default long stampedTryOptimisticRead(StampedLock lock, int site) {
        return lock.tryOptimisticRead();
    }

    /** Replaces {@code StampedLock.validate(stamp)}. */
    default boolean stampedValidate(StampedLock lock, long stamp, int site) {
        return lock.validate(stamp);
    }

    /** Replaces {@code StampedLock.tryConvertToWriteLock(stamp)}. */
    default long stampedTryConvertToWriteLock(StampedLock lock, long stamp, int site) {
        return lock.tryConvertToWriteLock(stamp);
    }

    /** Replaces {@code Lock.tryLock(time, unit)}. */
    default boolean tryLockTimed(java.util.concurrent.locks.Lock lock, long nanos, int site)
            throws InterruptedException {
        return lock.tryLock(nanos, TimeUnit.NANOSECONDS);
    }

    /** Replaces {@code Condition.awaitUninterruptibly()}. */
    default void conditionAwaitUninterruptibly(java.util.concurrent.locks.Condition condition, int site) {
        condition.awaitUninterruptibly();
    }
}
