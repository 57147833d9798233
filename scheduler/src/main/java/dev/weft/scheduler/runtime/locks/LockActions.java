package dev.weft.scheduler.runtime.locks;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.runtime.Action;
import dev.weft.scheduler.runtime.Execution;
import dev.weft.scheduler.runtime.threads.ManagedThread;
import dev.weft.scheduler.runtime.time.SpinRule;

/** The visible acquire and release of a {@link LockState}, shared by monitors and {@code ReentrantLock}s. */
public final class LockActions {

    private LockActions() {
    }

    /** The outermost acquire: enabled while the lock is free. */
    static final class Acquire extends Action {
        private final ManagedThread thread;
        private final LockState lock;
        /** When the thread came to take the lock, for a fair lock's queue ({@link LockState#mayTake}). */
        private final long arrivedAt;

        Acquire(ManagedThread thread, LockState lock, int site) {
            super(Operation.lock(lock.id), site);
            this.thread = thread;
            this.lock = lock;
            this.arrivedAt = thread.execution.arrivalTick();
        }

        @Override
        public boolean enabled() {
            return lock.free() && lock.mayTake(thread, arrivedAt);
        }

        @Override
        public Action perform() {
            lock.acquire(thread, 1, Execution.source(site()));
            return null;
        }

        @Override
        public String whyBlocked() {
            return lock.free() ? "waits for its turn at the fair lock " + lock.id.name()
                    + ": a thread its condition signalled is queued before it"
                    : "waits to lock " + lock.id.name() + ", held by " + lock.owner() + " since " + lock.acquiredAt();
        }

        @Override
        public Thread.State stateWhilePending() {
            return enabled() ? Thread.State.RUNNABLE : lock.waitingState();
        }

        @Override
        public ManagedThread waitsFor() {
            return lock.owner();
        }

        /** A monitor taken again, with nothing it read changed meanwhile, is taken as before ({@link #fairLoop}). */
        @Override
        public boolean repeatable() {
            return fairLoop(lock);
        }

        @Override
        public boolean changedNothing(Event event) {
            return fairLoop(lock);
        }
    }

    /**
     * Whether taking and giving back this lock is part of a loop iteration that changes nothing another thread can
     * see, for the spin rule ({@link SpinRule}): for an object's monitor, yes. No operation of another thread observes
     * whether a monitor is held (a {@code ReentrantLock}'s {@code tryLock}, {@code isLocked} do, so its lock and
     * unlock are changes), and a thread blocked on it waits as before. So a loop like {@code while (!a.isStarted())},
     * with {@code isStarted()} synchronized, waits for another thread to change what it reads, as a plain spin on a
     * volatile does, instead of being run on forever while others could move (CHESS's fair scheduling, Musuvathi and
     * Qadeer, PLDI 2008, for the loops that yield nothing but a monitor).
     */
    static boolean fairLoop(LockState lock) {
        return lock.monitor;
    }

    /**
     * {@code tryLock}: always enabled, because it never blocks. A {@code TRY_LOCK} that got the lock, else an
     * {@code OBSERVE_LOCK}; either way ordered against, and raced with, the other operations on the lock, the owner's
     * unlock included (a failed attempt must be tried after it too). The event's value says {@code true} or
     * {@code false}.
     */
    static final class TryAcquire extends Action {
        private final ManagedThread thread;
        private final LockState lock;
        private boolean acquired;

        TryAcquire(ManagedThread thread, LockState lock, int site) {
            super(Operation.tryLock(lock.id), site);
            this.thread = thread;
            this.lock = lock;
        }

        @Override
        public Action perform() {
            acquired = lock.free();
            if (acquired) {
                lock.acquire(thread, 1, Execution.source(site()));
            }
            thread.result = acquired;
            return null;
        }

        /** A failed try did not take the lock: it only observed it. */
        @Override
        public Operation performed() {
            return acquired ? operation() : Operation.observeLock(lock.id);
        }

        @Override
        public String value() {
            return Boolean.toString(acquired);
        }

        @Override
        public boolean repeatable() {
            return true;
        }

        @Override
        public boolean changedNothing(Event event) {
            return !acquired;
        }
    }

    /** The outermost release. */
    static final class Release extends Action {
        private final LockState lock;

        Release(LockState lock, int site) {
            super(Operation.unlock(lock.id), site);
            this.lock = lock;
        }

        @Override
        public Action perform() {
            lock.releaseAll();
            return null;
        }

        @Override
        public boolean changedNothing(Event event) {
            return fairLoop(lock);
        }
    }
}
