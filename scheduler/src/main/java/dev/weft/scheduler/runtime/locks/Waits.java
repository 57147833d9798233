package dev.weft.scheduler.runtime.locks;

import dev.weft.scheduler.model.LockId;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.runtime.Action;
import dev.weft.scheduler.runtime.Execution;
import dev.weft.scheduler.runtime.threads.InterruptLook;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.util.List;

/**
 * {@code Object.wait/notify} and {@code Condition.await/signal}, in the model only: a wait releases the lock fully
 * (remembering how many holds it had) and joins the wait set; the thread then stays paused, its next operation being
 * the re-acquisition of the lock, which is enabled once the thread was notified, was interrupted, or — for a timed
 * wait — timed out ({@link Action#mayTimeOut()}; a timed-out waiter leaves the wait set, so it cannot absorb a later
 * {@code notify}).
 */
public final class Waits {

    private Waits() {
    }

    /**
     * The {@code WAIT} that releases the lock. An interruptible one also reads the thread's interrupt flag, in the same
     * step, as the JDK looks at it: interrupted before, it throws at once and keeps the lock; interrupted after, it
     * waits and the interrupt wakes it. So an {@code interrupt} is ordered against the wait's start both ways, and a
     * spurious wake-up is offered exactly when the wait began before the interrupt.
     */
    static final class Wait extends Action {
        private final ManagedThread thread;
        private final LockState lock;
        private final WaitSet waitSet;
        private final boolean timed;
        private final boolean interruptible;
        private final boolean mayWakeSpuriously;

        /** A monitor's {@code wait}, which may wake spuriously (see {@link Reacquire#spuriousWakeUp()}). */
        Wait(ManagedThread thread, LockState lock, WaitSet waitSet, boolean timed, int site) {
            this(thread, lock, waitSet, timed, true, true, site);
        }

        Wait(ManagedThread thread, LockState lock, WaitSet waitSet, boolean timed, boolean interruptible,
             boolean mayWakeSpuriously, int site) {
            super(InterruptLook.of(thread, new Operation(OpKind.WAIT, lock.id), interruptible, site), site);
            this.thread = thread;
            this.lock = lock;
            this.waitSet = waitSet;
            this.timed = timed;
            this.interruptible = interruptible;
            this.mayWakeSpuriously = mayWakeSpuriously;
        }

        @Override
        public Action perform() {
            if (interruptible && thread.interrupted) {
                // interrupted before waiting: throws at once, like the JDK, without releasing the lock
                thread.interrupted = false;
                thread.toThrow = new InterruptedException();
                return null;
            }
            WaitSet.Waiter waiter = new WaitSet.Waiter(thread, lock.releaseAll(), timed);
            waiter.interruptible = interruptible;
            waitSet.add(waiter);
            return new Reacquire(waiter, lock, waitSet, mayWakeSpuriously, site());
        }
    }

    /** The {@code LOCK} that takes the lock back after a wait, with as many holds as the wait released. */
    static final class Reacquire extends Action {
        private final WaitSet.Waiter waiter;
        private final LockState lock;
        private final WaitSet waitSet;
        private final boolean mayWakeSpuriously;
        /** Whether the wait ended because of an interrupt, which the thread finds out here. */
        private boolean endedByInterrupt;

        Reacquire(WaitSet.Waiter waiter, LockState lock, WaitSet waitSet, boolean mayWakeSpuriously, int site) {
            super(Operation.lock(lock.id), site);
            this.waiter = waiter;
            this.lock = lock;
            this.waitSet = waitSet;
            this.mayWakeSpuriously = mayWakeSpuriously;
        }

        WaitSet.Waiter waiter() {
            return waiter;
        }

        @Override
        public boolean enabled() {
            return waiter.mayWake() && lock.free() && lock.mayTakeBack(waiter.thread);
        }

        /** A timed wait not woken yet; once notified it only waits for the lock, which does not time out. */
        @Override
        public boolean mayTimeOut() {
            return waiter.timed && !waiter.notified;
        }

        @Override
        public void timeOut() {
            super.timeOut();
            waiter.timedOut = true;
            waitSet.remove(waiter);
        }

        /**
         * Not woken yet: a monitor's wait may wake by itself. That looks at the lock without taking it, so it is
         * ordered against every operation on the lock that came before or comes after it (a notify then finds it
         * gone). A {@code ReentrantLock} condition's await never does: the {@code Condition} contract allows it, but
         * the JDK's {@code ConditionObject} parks in a loop until it is signalled or interrupted, on every JVM (the
         * JSR-166 TCK relies on it), so a failure that needs one is a verdict no JVM gives.
         */
        @Override
        public Operation spuriousWakeUp() {
            return !mayWakeSpuriously || waiter.mayWake() ? null : Operation.observeLock(lock.id);
        }

        @Override
        public void wakeSpuriously() {
            waiter.wokeSpuriously = true;
            waitSet.remove(waiter);
        }

        @Override
        public Action perform() {
            ManagedThread thread = waiter.thread;
            waitSet.remove(waiter);
            lock.acquire(thread, waiter.holds, Execution.source(site()));
            if (!waiter.notified && !waiter.wokeSpuriously && waiter.interruptible && thread.interrupted) {
                thread.interrupted = false;
                thread.toThrow = new InterruptedException();
                endedByInterrupt = true;
            }
            // a timed await woken without a cause returns as if signalled: its time had not run out
            thread.result = waiter.notified || waiter.wokeSpuriously;
            return null;
        }

        /**
         * A wait that an interrupt ended reads the interrupt flag as it takes the lock back: the interrupt happens
         * before what the thread does next, as the Java memory model has it (an interrupt synchronizes-with the point
         * where the thread finds out). A wait woken otherwise does not look at the flag.
         */
        @Override
        public Operation performed() {
            return endedByInterrupt ? InterruptLook.of(waiter.thread, operation(), site()) : operation();
        }

        /** Woken and waiting for the lock again: {@code BLOCKED} on a monitor; not woken yet: waiting. */
        @Override
        public Thread.State stateWhilePending() {
            return !enabled() && waiter.mayWake() ? lock.waitingState() : super.stateWhilePending();
        }

        @Override
        public String whyBlocked() {
            return waiter.mayWake()
                    ? "was woken from a wait on " + lock.id.name() + " but cannot take it back: held by " + lock.owner()
                    + " since " + lock.acquiredAt()
                    : "waits on " + lock.id.name() + " to be notified, and no thread will notify it";
        }

        @Override
        public ManagedThread waitsFor() {
            return waiter.mayWake() ? lock.owner() : null;
        }
    }

    /** {@code NOTIFY} or {@code NOTIFY_ALL}. */
    static final class Notify extends Action {
        private final WaitSet waitSet;
        private final boolean all;
        /** The lock whose queue the woken waiters join (for a fair lock's order), or {@code null}. */
        private final LockState lock;

        Notify(LockState lock, WaitSet waitSet, boolean all, int site) {
            this(lock.id, lock, waitSet, all, site);
        }

        Notify(LockId lock, WaitSet waitSet, boolean all, int site) {
            this(lock, null, waitSet, all, site);
        }

        private Notify(LockId id, LockState lock, WaitSet waitSet, boolean all, int site) {
            super(new Operation(all ? OpKind.NOTIFY_ALL : OpKind.NOTIFY, id), site);
            this.waitSet = waitSet;
            this.all = all;
            this.lock = lock;
        }

        @Override
        public Action perform() {
            List<WaitSet.Waiter> woken = all ? waitSet.wakeAll() : waitSet.wakeOne();
            if (lock != null) {
                lock.queueAfterSignal(woken);
            }
            return null;
        }
    }
}
