package dev.weft.scheduler.runtime.locks;

import dev.weft.scheduler.hooks.LockHookHandler;
import dev.weft.scheduler.hooks.OwnSynchronizers;
import dev.weft.scheduler.runtime.ControlledHooks;
import dev.weft.scheduler.runtime.GuardedCall;
import dev.weft.scheduler.runtime.UnmodelledPrimitiveException;
import dev.weft.scheduler.runtime.collections.DelayQueues;
import dev.weft.scheduler.runtime.threads.ManagedThread;
import dev.weft.scheduler.runtime.threads.Parking;
import dev.weft.scheduler.runtime.time.VirtualClock;

import java.util.Collection;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.concurrent.locks.StampedLock;

import static dev.weft.scheduler.runtime.ControlledHooks.timedCall;
import static dev.weft.scheduler.runtime.ControlledHooks.visible;
import static dev.weft.scheduler.runtime.ControlledHooks.visibleTimed;

/**
 * The JVM runtime's handler of the lock hooks ({@link LockHookHandler}): the {@code java.util.concurrent.locks} family
 * (locks, conditions, stamped locks, synchronizers built on the JDK's queued synchronizers) and {@code LockSupport}.
 * On a thread no execution manages, or where its operations are not visible, each hook does what the uninstrumented
 * code would have done (see {@link ControlledHooks}).
 */
public final class ControlledLockHooks implements LockHookHandler {

    @Override
    public void park(Object blocker, long nanos, int site) {
        ManagedThread self = visibleTimed(nanos);
        if (self == null) {
            LockHookHandler.super.park(blocker, nanos, site);
        } else {
            Parking.park(self, nanos, site);
        }
    }

    /** The deadline is on the execution's virtual clock: the park may time out once that much time has passed. */
    @Override
    public void parkUntil(Object blocker, long deadlineMillis, int site) {
        ManagedThread self = visible();
        if (self == null) {
            LockHookHandler.super.parkUntil(blocker, deadlineMillis, site);
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
            LockHookHandler.super.unpark(thread, site);
        } else {
            Parking.unpark(self, target, site);
        }
    }

    @Override
    public void lock(Lock lock, int site) {
        ManagedThread self = LockRouting.visibleWith(lock, site);
        if (self == null) {
            LockHookHandler.super.lock(lock, site);
        } else {
            LockRouting.acquireUninterruptibly(self, lock, GuardedCall.Mode.UNINTERRUPTIBLE, site);
        }
    }

    @Override
    public void lockInterruptibly(Lock lock, int site) throws InterruptedException {
        ManagedThread self = LockRouting.visibleWith(lock, site);
        if (self == null) {
            LockHookHandler.super.lockInterruptibly(lock, site);
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
                ? LockHookHandler.super.tryLockTimed(lock, nanos, site)
                : LockRouting.tryLockTimed(self, lock, nanos, site);
    }

    @Override
    public void unlock(Lock lock, int site) {
        ManagedThread self = LockRouting.visibleWith(lock, site);
        if (self == null) {
            LockHookHandler.super.unlock(lock, site);
        } else {
            LockRouting.unlock(self, lock, site);
        }
    }

    @Override
    public boolean conditionAwait(Condition condition, long nanos, int site) throws InterruptedException {
        ManagedThread self = visibleTimed(nanos);
        if (self == null) {
            return LockHookHandler.super.conditionAwait(condition, nanos, site);
        }
        boolean signalled = LockRouting.await(self, condition, nanos, site);
        DelayQueues.lookAgain(self, site);
        return signalled;
    }

    @Override
    public void conditionAwaitUninterruptibly(Condition condition, int site) {
        ManagedThread self = visible();
        if (self == null) {
            LockHookHandler.super.conditionAwaitUninterruptibly(condition, site);
        } else {
            LockRouting.awaitUninterruptibly(self, condition, site);
            DelayQueues.lookAgain(self, site);
        }
    }

    /** The deadline read on the execution's virtual clock, as {@code new Date()} in the test reads it. */
    @Override
    public boolean conditionAwaitUntil(Condition condition, long epochMillis, int site) throws InterruptedException {
        ManagedThread self = visible();
        if (self == null) {
            return LockHookHandler.super.conditionAwaitUntil(condition, epochMillis, site);
        }
        VirtualClock clock = self.execution.clock;
        return conditionAwait(condition, Math.max(0, clock.elapsedAtEpochMillis(epochMillis) - clock.elapsed()), site);
    }

    /** The time left is the virtual time left; a signalled await reports at least 1 ns, a timed-out one none. */
    @Override
    public long conditionAwaitNanos(Condition condition, long nanos, int site) throws InterruptedException {
        ManagedThread self = visible();
        if (self == null) {
            return LockHookHandler.super.conditionAwaitNanos(condition, nanos, site);
        }
        long begun = self.execution.clock.elapsed();
        boolean signalled = conditionAwait(condition, Math.max(nanos, 0), site);
        return signalled ? Math.max(nanos - (self.execution.clock.elapsed() - begun), 1) : 0;
    }

    @Override
    public void conditionSignal(Condition condition, int site) {
        ManagedThread self = visible();
        if (self == null) {
            LockHookHandler.super.conditionSignal(condition, site);
        } else {
            LockRouting.signal(self, condition, false, site);
        }
    }

    @Override
    public void conditionSignalAll(Condition condition, int site) {
        ManagedThread self = visible();
        if (self == null) {
            LockHookHandler.super.conditionSignalAll(condition, site);
        } else {
            LockRouting.signal(self, condition, true, site);
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
            return LockHookHandler.super.ownSynchronizerAcquire(synchronizer, arg, nanos, mode, site);
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
    public int lockQueueQuery(Object lock, Thread asked, String query, int site) {
        ManagedThread self = visible();
        return self == null ? LockHookHandler.super.lockQueueQuery(lock, asked, query, site)
                : LockQueues.ask(self, lock, asked, query, site);
    }

    @Override
    public Collection<Thread> lockQueuedThreads(Object lock, String query, int site) {
        ManagedThread self = visible();
        return self == null ? LockHookHandler.super.lockQueuedThreads(lock, query, site)
                : LockQueues.threads(self, lock, query, site);
    }

    @Override
    public int reentrantLockQuery(ReentrantLock lock, String query, int site) {
        ManagedThread self = visible();
        return self == null ? LockHookHandler.super.reentrantLockQuery(lock, query, site)
                : self.execution.locks.query(self, lock, query, site);
    }

    @Override
    public int reentrantLockConditionQuery(ReentrantLock lock, Condition condition, String query, int site) {
        ManagedThread self = visible();
        return self == null ? LockHookHandler.super.reentrantLockConditionQuery(lock, condition, query, site)
                : self.execution.locks.conditionQuery(self, lock, condition, query, site);
    }

    @Override
    public Thread reentrantLockOwner(ReentrantLock lock, int site) {
        ManagedThread self = visible();
        return self == null ? LockHookHandler.super.reentrantLockOwner(lock, site)
                : self.execution.locks.owner(self, lock, site);
    }

    @Override
    public int readWriteLockConditionQuery(ReentrantReadWriteLock lock, Condition condition, String query, int site) {
        ManagedThread self = visible();
        return self == null ? LockHookHandler.super.readWriteLockConditionQuery(lock, condition, query, site)
                : self.execution.readWriteLocks.conditionQuery(self, lock, condition, query, site);
    }

    @Override
    public Collection<Thread> readWriteLockWaitingThreads(ReentrantReadWriteLock lock, Condition condition, int site) {
        ManagedThread self = visible();
        return self == null ? LockHookHandler.super.readWriteLockWaitingThreads(lock, condition, site)
                : self.execution.readWriteLocks.waiters(self, lock, condition, site);
    }

    @Override
    public Collection<Thread> reentrantLockWaitingThreads(ReentrantLock lock, Condition condition, int site) {
        ManagedThread self = visible();
        return self == null ? LockHookHandler.super.reentrantLockWaitingThreads(lock, condition, site)
                : self.execution.locks.waitingThreads(self, lock, condition, site);
    }

    @Override
    public long stampedLock(StampedLock lock, boolean write, boolean interruptibly, int site)
            throws InterruptedException {
        ManagedThread self = visible();
        return self == null ? LockHookHandler.super.stampedLock(lock, write, interruptibly, site)
                : self.execution.stampedLocks.lock(self, lock, write, GuardedCall.Mode.of(interruptibly, -1), site);
    }

    @Override
    public long stampedTryLock(StampedLock lock, boolean write, long nanos, int site) throws InterruptedException {
        ManagedThread self = visibleTimed(nanos);
        if (self == null) {
            return LockHookHandler.super.stampedTryLock(lock, write, nanos, site);
        }
        GuardedCall.Mode mode = nanos < 0 ? GuardedCall.Mode.TRY : GuardedCall.Mode.TIMED;
        return self.execution.stampedLocks.lock(self, lock, write, mode, site);
    }

    @Override
    public void stampedUnlock(StampedLock lock, long stamp, int mode, int site) {
        ManagedThread self = visible();
        if (self == null) {
            LockHookHandler.super.stampedUnlock(lock, stamp, mode, site);
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
