package dev.weft.scheduler.runtime.locks;

import dev.weft.scheduler.model.LockId;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.runtime.Action;
import dev.weft.scheduler.runtime.Execution;
import dev.weft.scheduler.runtime.GuardedCall;
import dev.weft.scheduler.runtime.Step;
import dev.weft.scheduler.runtime.pools.JdkInternals;
import dev.weft.scheduler.runtime.threads.InterruptLook;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.AbstractQueuedLongSynchronizer;
import java.util.concurrent.locks.AbstractQueuedSynchronizer;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * {@code ReentrantReadWriteLock}, by guarded real calls on its views: managed threads really hold the read and write
 * locks, so every query of the real lock stays right ({@code getReadHoldCount}, {@code isWriteLockedByCurrentThread}).
 * Both views share one {@link LockId}; whether a call would block is read from the views' shared state
 * ({@link JdkInternals}: {@code isWriteLocked}, {@code getReadLockCount}, {@code getOwner}).
 *
 * <ul>
 *   <li>read lock: {@code LOCK}, enabled while no other thread holds the write lock; write lock: {@code LOCK},
 *   enabled while no thread holds the read lock and no other thread the write lock. A thread that holds the write
 *   lock takes either again without a scheduling point (reentrancy, downgrade), as does a reader taking the read
 *   lock again. A reader asking for the write lock (an upgrade) waits for itself: a deadlock, reported with who holds
 *   what.</li>
 *   <li>tryLock: {@code TRY_LOCK} ({@code OBSERVE_LOCK} when it failed), always enabled; timed tryLock may time out;
 *   lockInterruptibly may be interrupted.</li>
 *   <li>unlock: {@code UNLOCK} on the thread's last hold of the lock (read or write).</li>
 *   <li>the write lock's conditions: {@code WAIT}, which releases the write lock for real, then a {@code LOCK} that
 *   takes it back once signalled (or interrupted, or timed out) and the lock is free; signal, signalAll:
 *   {@code NOTIFY}, {@code NOTIFY_ALL}.</li>
 * </ul>
 *
 * <p>Known difference: no thread ever waits inside the real lock, so a waiting writer never holds back a new reader
 * (the JDK's non-fair lock lets a reader barge only when no writer is first in its queue).
 */
public final class ReadWriteLocks {

    private static final class RwLock {
        final LockId id;
        final Object sync;
        final Map<ManagedThread, Integer> readers = new IdentityHashMap<>();
        final Map<Condition, WaitSet> conditions = new IdentityHashMap<>();
        ReentrantReadWriteLock.WriteLock writeView;

        RwLock(LockId id, Object sync) {
            this.id = id;
            this.sync = sync;
        }

        boolean writeLocked(int site) {
            return (Boolean) JdkInternals.call(sync, sync.getClass(), "isWriteLocked", site);
        }

        int readLocks(int site) {
            return (Integer) JdkInternals.call(sync, sync.getClass(), "getReadLockCount", site);
        }

        Thread owner(int site) {
            return (Thread) JdkInternals.call(sync, sync.getClass(), "getOwner", site);
        }

        /** Thread side: holds of the calling thread. */
        int ownHolds(boolean write, int site) {
            return (Integer) JdkInternals.call(sync, sync.getClass(), write ? "getWriteHoldCount" : "getReadHoldCount",
                    site);
        }

        boolean free(ManagedThread thread, boolean write, int site) {
            if (owner(site) == thread.thread) {
                return true;
            }
            return !writeLocked(site) && (!write || readLocks(site) == 0);
        }

        String holders(ManagedThread asking, int site) {
            Thread owner = owner(site);
            List<String> readerNames = new ArrayList<>();
            readers.forEach((reader, holds) -> readerNames.add(reader == asking ? reader + " (itself)"
                    : reader.toString()));
            String text = owner != null ? "write-locked by " + (owner == asking.thread ? asking + " (itself)"
                    : asking.execution.threads().stream().filter(t -> t.thread == owner).findFirst()
                    .map(Object::toString).orElse(owner.getName())) : "";
            if (!readerNames.isEmpty()) {
                text += (text.isEmpty() ? "" : ", ") + "read-locked by " + String.join(", ", readerNames);
            }
            return text;
        }

        ManagedThread blocker(ManagedThread asking, int site) {
            Thread owner = owner(site);
            for (ManagedThread thread : asking.execution.threads()) {
                if (thread.thread == owner) {
                    return thread;
                }
            }
            ManagedThread blocker = null;
            for (ManagedThread reader : readers.keySet()) {
                if (reader != asking || blocker == null) {
                    blocker = reader;
                }
            }
            return blocker;
        }
    }

    private final Execution execution;
    private final Map<Object, RwLock> locks = new IdentityHashMap<>();

    public ReadWriteLocks(Execution execution) {
        this.execution = execution;
        execution.garbageCollection.holdsObjects(locks);
    }

    static boolean models(Lock lock) {
        return lock instanceof ReentrantReadWriteLock.ReadLock || lock instanceof ReentrantReadWriteLock.WriteLock;
    }

    /** lock, lockInterruptibly, tryLock, timed tryLock; {@code false} when a try failed or timed out. */
    boolean lock(ManagedThread self, Lock view, GuardedCall.Mode mode, int site) throws InterruptedException {
        boolean write = view instanceof ReentrantReadWriteLock.WriteLock;
        RwLock rw = state(view, self, site);
        if (write) {
            rw.writeView = (ReentrantReadWriteLock.WriteLock) view;
        }
        boolean reentrant = rw.owner(site) == self.thread || !write && rw.ownHolds(false, site) > 0;
        if (!reentrant && !guard(self, rw, write, mode, site).await()) {
            return false;
        }
        boolean acquired = mode == GuardedCall.Mode.TRY || mode == GuardedCall.Mode.TIMED ? view.tryLock() : lockNow(view);
        if (acquired && !write) {
            rw.readers.merge(self, 1, Integer::sum);
        }
        return acquired;
    }

    void unlock(ManagedThread self, Lock view, int site) {
        boolean write = view instanceof ReentrantReadWriteLock.WriteLock;
        RwLock rw = state(view, self, site);
        boolean holdsWrite = rw.owner(site) == self.thread;
        boolean last = write ? holdsWrite && rw.ownHolds(true, site) == 1
                : !holdsWrite && rw.ownHolds(false, site) == 1;
        if (last) {
            Step.change(self, write ? Operation.unlock(rw.id) : Operation.sharedUnlock(rw.id), site);
        }
        view.unlock();
        if (!write) {
            rw.readers.computeIfPresent(self, (reader, holds) -> holds == 1 ? null : holds - 1);
        }
    }

    /** Whether the condition is one of a write lock this runtime models (the caller holds it or must). */
    boolean owns(Condition condition) {
        return locks.values().stream().anyMatch(rw -> madeBy(condition, rw.sync));
    }

    /** Whether the lock state {@code sync} made the condition: an AQS on Java 17, a long AQS on newer JDKs (25). */
    private static boolean madeBy(Condition condition, Object sync) {
        if (sync instanceof AbstractQueuedSynchronizer aqs
                && condition instanceof AbstractQueuedSynchronizer.ConditionObject object) {
            return aqs.owns(object);
        }
        return sync instanceof AbstractQueuedLongSynchronizer aqs
                && condition instanceof AbstractQueuedLongSynchronizer.ConditionObject object && aqs.owns(object);
    }

    /** A write lock condition's await; {@code false} when it ended without a signal (timed out or interrupted). */
    boolean await(ManagedThread self, Condition condition, boolean interruptible, boolean timed, int site)
            throws InterruptedException {
        RwLock rw = conditionLock(condition, self, "await", site);
        WaitSet waitSet = rw.conditions.computeIfAbsent(condition, any -> new WaitSet());
        int holds = rw.ownHolds(true, site);
        WaitSet.Waiter waiter = new WaitSet.Waiter(self, holds, timed);
        self.pauseAt(new Action(InterruptLook.of(self, new Operation(OpKind.WAIT, rw.id), interruptible, site), site) {
            @Override
            public Action perform() {
                if (interruptible && self.interrupted) {
                    self.interrupted = false;
                    self.toThrow = new InterruptedException();
                } else {
                    waitSet.add(waiter);
                }
                return null;
            }
        });
        self.throwIfTold();
        for (int i = 0; i < holds; i++) {
            rw.writeView.unlock();
        }
        boolean[] signalled = new boolean[1];
        self.pauseAt(new Action(Operation.lock(rw.id), site) {
            private boolean mayWake() {
                return waiter.notified || timedOut() || interruptible && self.interrupted;
            }

            @Override
            public boolean mayTimeOut() {
                return timed && !waiter.notified;
            }

            @Override
            public void timeOut() {
                super.timeOut();
                waiter.timedOut = true;
                waitSet.remove(waiter);
            }

            @Override
            public boolean enabled() {
                return mayWake() && rw.free(self, true, site);
            }

            @Override
            public Action perform() {
                waitSet.remove(waiter);
                signalled[0] = waiter.notified;
                if (!waiter.notified && interruptible && self.interrupted) {
                    self.interrupted = false;
                    self.toThrow = new InterruptedException();
                }
                return null;
            }

            @Override
            public String whyBlocked() {
                return mayWake() ? "was woken from a wait on " + rw.id.name() + " but cannot take it back: "
                        + rw.holders(self, site) : "waits on a condition of " + rw.id.name()
                        + " to be signalled, and no thread will signal it";
            }

            @Override
            public ManagedThread waitsFor() {
                return mayWake() ? rw.blocker(self, site) : null;
            }
        });
        for (int i = 0; i < holds; i++) {
            rw.writeView.lock();
        }
        self.throwIfTold();
        return signalled[0];
    }

    void signal(ManagedThread self, Condition condition, boolean all, int site) {
        RwLock rw = conditionLock(condition, self, all ? "signalAll" : "signal", site);
        WaitSet waitSet = rw.conditions.computeIfAbsent(condition, any -> new WaitSet());
        self.pauseAt(new Waits.Notify(rw.id, waitSet, all, site));
    }

    /**
     * {@code hasWaiters(condition)} / {@code getWaitQueueLength(condition)} of the lock: the condition's waiters in the
     * model, who join (and are signalled) only under the write lock, which the caller must hold. The JDK looks at the
     * argument first: no condition is a {@code NullPointerException}, another lock's an
     * {@code IllegalArgumentException}, whether or not the caller holds the lock.
     */
    int conditionQuery(ManagedThread self, ReentrantReadWriteLock lock, Condition condition, String query, int site) {
        int waiting = waiters(self, lock, condition, site).size();
        return query.equals("hasWaiters") ? Math.min(waiting, 1) : waiting;
    }

    /** The protected {@code getWaitingThreads(condition)}, with the same checks as {@link #conditionQuery}. */
    Collection<Thread> waiters(ManagedThread self, ReentrantReadWriteLock lock, Condition condition, int site) {
        if (condition == null) {
            throw new NullPointerException();
        }
        RwLock rw = state(lock.writeLock(), self, site);
        if (!madeBy(condition, rw.sync)) {
            throw new IllegalArgumentException("not owner");
        }
        if (rw.owner(site) != self.thread) {
            throw new IllegalMonitorStateException();
        }
        WaitSet waitSet = rw.conditions.get(condition);
        return waitSet == null ? List.of() : waitSet.threadsStillWaiting();
    }

    private RwLock conditionLock(Condition condition, ManagedThread self, String what, int site) {
        for (RwLock rw : locks.values()) {
            if (madeBy(condition, rw.sync)) {
                if (rw.owner(site) != self.thread || rw.writeView == null) {
                    throw new IllegalMonitorStateException(self + " cannot " + what + " at " + Execution.source(site)
                            + ": it does not hold the write lock of " + rw.id.name());
                }
                return rw;
            }
        }
        throw new IllegalStateException("not a condition of a modelled read-write lock: " + condition);
    }

    private static boolean lockNow(Lock view) {
        view.lock();
        return true;
    }

    private static GuardedCall guard(ManagedThread self, RwLock rw, boolean write, GuardedCall.Mode mode, int site) {
        return new GuardedCall(self, mode, write ? Operation.lock(rw.id) : Operation.sharedLock(rw.id), site) {
            @Override
            public boolean ready() {
                return rw.free(self, write, site);
            }

            @Override
            public String whyBlocked() {
                return "waits to " + (write ? "write" : "read") + "-lock " + rw.id.name() + ", "
                        + rw.holders(self, site);
            }

            @Override
            public ManagedThread waitsFor() {
                return rw.blocker(self, site);
            }
        };
    }

    /** The lock's identity in the model, which both its views share ({@link LockQueues}). */
    LockId id(ReentrantReadWriteLock lock, ManagedThread self, int site) {
        return state(lock.readLock(), self, site).id;
    }

    private RwLock state(Lock view, ManagedThread self, int site) {
        Class<?> viewClass = view instanceof ReentrantReadWriteLock.ReadLock
                ? ReentrantReadWriteLock.ReadLock.class : ReentrantReadWriteLock.WriteLock.class;
        Object sync = JdkInternals.field(view, viewClass, "sync", site);
        return locks.computeIfAbsent(sync, any -> new RwLock(
                new LockId(execution.names.nameAs(sync, "ReentrantReadWriteLock", self)), sync));
    }
}
