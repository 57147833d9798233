package dev.weft.scheduler.runtime.locks;

import dev.weft.scheduler.model.LockId;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.runtime.Execution;
import dev.weft.scheduler.runtime.GuardedCall;
import dev.weft.scheduler.runtime.Step;
import dev.weft.scheduler.runtime.threads.ManagedThread;
import dev.weft.scheduler.runtime.threads.ThreadLifecycle;

import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;

/**
 * {@code ReentrantLock} and its {@code Condition}s, in the model only (the real lock is never taken by a managed
 * thread): the same reentrant {@link LockState} as a monitor, and one {@link WaitSet} per condition.
 *
 * <ul>
 *   <li>lock: {@code LOCK}, enabled while free; nested locks only count.</li>
 *   <li>tryLock: see {@link LockActions.TryAcquire}. Timed tryLock and lockInterruptibly: a guarded {@code LOCK},
 *   enabled while free, or once interrupted (then {@link InterruptedException}), or timed out.</li>
 *   <li>unlock: {@code UNLOCK} on the outermost; {@link IllegalMonitorStateException} when not the owner.</li>
 *   <li>await, signal, signalAll: {@code WAIT} + re-acquire, {@code NOTIFY}, {@code NOTIFY_ALL} on the lock.</li>
 * </ul>
 */
public final class ReentrantLocks {

    private record ConditionState(LockState lock, WaitSet waitSet) {
    }

    private final Execution execution;
    private final Map<Lock, LockState> locks = new IdentityHashMap<>();
    private final Map<Condition, ConditionState> conditions = new IdentityHashMap<>();

    public ReentrantLocks(Execution execution) {
        this.execution = execution;
        execution.garbageCollection.holdsObjects(locks, conditions);
    }

    void lock(ManagedThread self, Lock lock, int site) {
        LockState state = state(lock, self);
        if (state.heldBy(self)) {
            state.reenter();
        } else {
            self.pauseAt(new LockActions.Acquire(self, state, site));
        }
    }

    boolean tryLock(ManagedThread self, Lock lock, int site) {
        LockState state = state(lock, self);
        if (state.heldBy(self)) {
            state.reenter();
            return true;
        }
        self.pauseAt(new LockActions.TryAcquire(self, state, site));
        return self.result;
    }

    /** {@code tryLock(time, unit)}: takes the lock when it is free; may time out or be interrupted meanwhile. */
    boolean tryLock(ManagedThread self, Lock lock, long nanos, int site) throws InterruptedException {
        LockState state = state(lock, self);
        if (state.heldBy(self)) {
            state.reenter();
            return true;
        }
        return acquireWhenFree(self, state, GuardedCall.Mode.TIMED, site);
    }

    /**
     * {@code lockInterruptibly()}: takes the lock when it is free, unless the thread is interrupted before or while it
     * waits (then {@link InterruptedException}, as the JDK throws). The owner's nested call only looks at the flag
     * first, as the JDK's does.
     */
    void lockInterruptibly(ManagedThread self, Lock lock, int site) throws InterruptedException {
        LockState state = state(lock, self);
        if (!state.heldBy(self)) {
            acquireWhenFree(self, state, GuardedCall.Mode.INTERRUPTIBLE, site);
        } else if (ThreadLifecycle.interrupted(self, site)) {
            throw new InterruptedException();
        } else {
            state.reenter();
        }
    }

    /** Waits for the lock to be free and takes it; false when it timed out (an interrupt throws). */
    private static boolean acquireWhenFree(ManagedThread self, LockState state, GuardedCall.Mode mode, int site)
            throws InterruptedException {
        long arrivedAt = self.execution.arrivalTick();
        boolean free = new GuardedCall(self, mode, Operation.lock(state.id), site) {
            @Override
            public boolean ready() {
                return state.free() && state.mayTake(self, arrivedAt);
            }
        }.await();
        if (free) {
            state.acquire(self, 1, Execution.source(site));
        }
        return free;
    }

    void unlock(ManagedThread self, Lock lock, int site) {
        LockState state = state(lock, self);
        if (!state.heldBy(self)) {
            throw new IllegalMonitorStateException(self + " cannot unlock " + state.id.name() + " at "
                    + Execution.source(site) + ": it does not hold it" + Monitors.ownerText(state));
        }
        if (state.lastHold()) {
            self.pauseAt(new LockActions.Release(state, site));
        } else {
            state.exitNested();
        }
    }

    /**
     * A query of the lock, named by its method, answered from the model. Whether the lock is held is a look at it
     * ({@code OBSERVE_LOCK}), ordered against the other threads' acquisitions and releases; what the caller itself
     * holds needs no scheduling point, no other thread being able to change it. Which threads wait for the lock is not
     * modelled (a thread that blocks in {@code lock()} makes no event there): those queries fail closed before they
     * get here ({@code SynchronizerCalls.whoWaits}).
     */
    int query(ManagedThread self, Lock lock, String query, int site) {
        LockState state = state(lock, self);
        return switch (query) {
            case "isLocked" -> {
                Step.observe(self, Operation.observeLock(state.id), site);
                yield state.free() ? 0 : 1;
            }
            case "isHeldByCurrentThread" -> state.heldBy(self) ? 1 : 0;
            case "getHoldCount" -> state.heldBy(self) ? state.holds() : 0;
            default -> throw new IllegalArgumentException("no ReentrantLock query " + query);
        };
    }

    /**
     * {@code hasWaiters(condition)} / {@code getWaitQueueLength(condition)}: the condition's waiters in the model. The
     * caller must hold the lock, as the JDK requires; the waiters join (and are signalled) only under it. The JDK looks
     * at the argument first: no condition is a {@code NullPointerException}, another lock's an
     * {@code IllegalArgumentException}, whether or not the caller holds a lock.
     */
    int conditionQuery(ManagedThread self, Lock lock, Condition condition, String query, int site) {
        int waiting = asked(self, lock, condition, query, site).waitSet().threadsStillWaiting().size();
        return query.equals("hasWaiters") ? Math.min(waiting, 1) : waiting;
    }

    /**
     * The protected {@code getOwner()}: the thread that holds the lock, or {@code null}. A look at the lock, as
     * {@code isLocked()} is: ordered against the other threads' acquisitions and releases.
     */
    Thread owner(ManagedThread self, Lock lock, int site) {
        LockState state = state(lock, self);
        Step.observe(self, Operation.observeLock(state.id), site);
        return state.free() ? null : state.owner().thread;
    }

    /**
     * The protected {@code getWaitingThreads(condition)}: the threads in the condition's wait set that still wait, as
     * {@link #conditionQuery} counts them, with the same checks first.
     */
    Collection<Thread> waitingThreads(ManagedThread self, Lock lock, Condition condition, int site) {
        return asked(self, lock, condition, "getWaitingThreads", site).waitSet().threadsStillWaiting();
    }

    /** The condition a query of {@code lock} asks about, its argument checked first as the JDK does. */
    private ConditionState asked(ManagedThread self, Lock lock, Condition condition, String query, int site) {
        if (condition == null) {
            throw new NullPointerException();
        }
        if (!madeBy(condition, lock)) {
            throw new IllegalArgumentException("not owner");
        }
        return condition(condition, self, query, site);
    }

    /** Returns {@code false} when a timed await ended without a signal (timed out or interrupted). */
    boolean await(ManagedThread self, Condition condition, long nanos, int site) throws InterruptedException {
        return await(self, condition, nanos, true, site);
    }

    /** {@code awaitUninterruptibly}: an interrupt neither wakes nor ends it; the flag stays set. */
    void awaitUninterruptibly(ManagedThread self, Condition condition, int site) {
        try {
            await(self, condition, -1, false, site);
        } catch (InterruptedException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    private boolean await(ManagedThread self, Condition condition, long nanos, boolean interruptible, int site)
            throws InterruptedException {
        ConditionState state = condition(condition, self, "await", site);
        Waits.Wait wait = new Waits.Wait(self, state.lock(), state.waitSet(), nanos >= 0, interruptible, false, site);
        self.pauseAt(wait);
        self.throwIfTold();
        return self.result;
    }

    void signal(ManagedThread self, Condition condition, boolean all, int site) {
        ConditionState state = condition(condition, self, all ? "signalAll" : "signal", site);
        self.pauseAt(new Waits.Notify(state.lock(), state.waitSet(), all, site));
    }

    /** The lock's identity in the model ({@link LockQueues}). */
    LockId id(ReentrantLock lock, ManagedThread self) {
        return state(lock, self).id;
    }

    private LockState state(Lock lock, ManagedThread self) {
        LockState state = locks.get(lock);
        if (state == null) {
            // a fair lock serves its queue in order; its fairness is a final field the JDK only reads
            state = new LockState(new LockId(execution.names.nameOf(lock, self)), false,
                    lock instanceof ReentrantLock reentrant && reentrant.isFair());
            locks.put(lock, state);
        }
        return state;
    }

    /**
     * The condition's lock, which the caller must hold. A {@code Condition} does not say which lock made it, so the
     * locks the caller holds are asked in turn (see {@link #madeBy}); the answer is remembered.
     */
    private ConditionState condition(Condition condition, ManagedThread self, String what, int site) {
        ConditionState state = conditions.get(condition);
        if (state == null) {
            for (Map.Entry<Lock, LockState> entry : locks.entrySet()) {
                if (entry.getValue().heldBy(self) && madeBy(condition, entry.getKey())) {
                    state = new ConditionState(entry.getValue(), new WaitSet());
                    conditions.put(condition, state);
                    break;
                }
            }
        }
        if (state == null || !state.lock().heldBy(self)) {
            throw new IllegalMonitorStateException(self + " cannot " + what + " at " + Execution.source(site)
                    + ": it does not hold the lock of this condition");
        }
        return state;
    }

    /**
     * Whether the condition belongs to the lock, asked without reflection: {@code hasWaiters} rejects a foreign
     * condition with {@link IllegalArgumentException} before it checks that the real lock is held, which it is not
     * (managed threads hold the lock only in the model), so one of its own answers with
     * {@link IllegalMonitorStateException}.
     */
    private static boolean madeBy(Condition condition, Lock lock) {
        if (!(lock instanceof ReentrantLock reentrant)) {
            return false;
        }
        try {
            reentrant.hasWaiters(condition);
            return true;
        } catch (IllegalMonitorStateException ownCondition) {
            return true;
        } catch (IllegalArgumentException foreignCondition) {
            return false;
        }
    }
}
