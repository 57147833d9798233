package dev.weft.scheduler.runtime.locks;

import dev.weft.scheduler.runtime.ControlledHooks;
import dev.weft.scheduler.runtime.GuardedCall;
import dev.weft.scheduler.runtime.UnmodelledPrimitiveException;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Which model answers a call on a {@code java.util.concurrent.locks} {@link Lock} or {@link Condition}: a
 * {@code ReentrantLock} and its conditions ({@link ReentrantLocks}), the two views of a
 * {@code ReentrantReadWriteLock} and the write lock's conditions ({@link ReadWriteLocks}), the views of a
 * {@code StampedLock} ({@link StampedLocks}). A lock of the test's own never gets here (its calls are the original
 * ones, {@code JdkImplementations}); any other JDK {@code Lock} fails closed. The hook facade ({@link ControlledHooks})
 * only dispatches here.
 */
final class LockRouting {

    private LockRouting() {
    }

    /** The calling thread when it is visible and the lock is one the runtime models; else {@code null}. */
    static ManagedThread visibleWith(Lock lock, int site) {
        ManagedThread self = ControlledHooks.visible();
        if (self != null && !(lock instanceof ReentrantLock) && !ReadWriteLocks.models(lock)
                && !StampedLocks.isView(lock)) {
            throw new UnmodelledPrimitiveException(lock.getClass().getName() + " (only ReentrantLock, the views of"
                    + " ReentrantReadWriteLock and the views of StampedLock are modelled)", site);
        }
        return self;
    }

    /** Lock calls that may wait, on a modelled lock; {@code false} when a try failed or timed out. */
    static boolean acquire(ManagedThread self, Lock lock, GuardedCall.Mode mode, int site)
            throws InterruptedException {
        if (ReadWriteLocks.models(lock)) {
            return self.execution.readWriteLocks.lock(self, lock, mode, site);
        }
        if (StampedLocks.isView(lock)) {
            return self.execution.stampedLocks.lockView(self, lock, mode, site);
        }
        return switch (mode) {
            case TRY -> self.execution.locks.tryLock(self, lock, site);
            case TIMED -> throw new IllegalArgumentException("timed: use tryLockTimed");
            case INTERRUPTIBLE -> {
                self.execution.locks.lockInterruptibly(self, lock, site);
                yield true;
            }
            case UNINTERRUPTIBLE -> {
                self.execution.locks.lock(self, lock, site);
                yield true;
            }
        };
    }

    static boolean acquireUninterruptibly(ManagedThread self, Lock lock, GuardedCall.Mode mode, int site) {
        try {
            return acquire(self, lock, mode, site);
        } catch (InterruptedException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    /** A timed {@code tryLock}: false when it timed out. */
    static boolean tryLockTimed(ManagedThread self, Lock lock, long nanos, int site) throws InterruptedException {
        return lock instanceof ReentrantLock
                ? self.execution.locks.tryLock(self, lock, nanos, site)
                : acquire(self, lock, GuardedCall.Mode.TIMED, site);
    }

    static void unlock(ManagedThread self, Lock lock, int site) {
        if (ReadWriteLocks.models(lock)) {
            self.execution.readWriteLocks.unlock(self, lock, site);
        } else if (StampedLocks.isView(lock)) {
            self.execution.stampedLocks.unlockView(self, lock, site);
        } else {
            self.execution.locks.unlock(self, lock, site);
        }
    }

    /** {@code await()} ({@code nanos < 0}) or a timed await; false when it timed out. */
    static boolean await(ManagedThread self, Condition condition, long nanos, int site) throws InterruptedException {
        return self.execution.readWriteLocks.owns(condition)
                ? self.execution.readWriteLocks.await(self, condition, true, nanos >= 0, site)
                : self.execution.locks.await(self, condition, nanos, site);
    }

    static void awaitUninterruptibly(ManagedThread self, Condition condition, int site) {
        if (self.execution.readWriteLocks.owns(condition)) {
            try {
                self.execution.readWriteLocks.await(self, condition, false, false, site);
            } catch (InterruptedException impossible) {
                throw new IllegalStateException(impossible);
            }
        } else {
            self.execution.locks.awaitUninterruptibly(self, condition, site);
        }
    }

    static void signal(ManagedThread self, Condition condition, boolean all, int site) {
        if (self.execution.readWriteLocks.owns(condition)) {
            self.execution.readWriteLocks.signal(self, condition, all, site);
        } else {
            self.execution.locks.signal(self, condition, all, site);
        }
    }
}
