package dev.weft.scheduler.runtime;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.Operation;

/** The visible acquire and release of a {@link LockState}, shared by monitors and {@code ReentrantLock}s. */
final class LockActions {

    private LockActions() {
    }

    /** The outermost acquire: enabled while the lock is free. */
    static final class Acquire extends Action {
        private final ManagedThread thread;
        private final LockState lock;

        Acquire(ManagedThread thread, LockState lock, int site) {
            super(Operation.lock(lock.id), site);
            this.thread = thread;
            this.lock = lock;
        }

        @Override
        boolean enabled() {
            return lock.free();
        }

        @Override
        Action perform() {
            lock.acquire(thread, 1, Execution.source(site()));
            return null;
        }

        @Override
        String whyBlocked() {
            return "waits to lock " + lock.id.name() + ", held by " + lock.owner() + " since " + lock.acquiredAt();
        }

        @Override
        Thread.State stateWhilePending() {
            return enabled() ? Thread.State.RUNNABLE : lock.waitingState();
        }

        @Override
        ManagedThread waitsFor() {
            return lock.owner();
        }
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
        Action perform() {
            acquired = lock.free();
            if (acquired) {
                lock.acquire(thread, 1, Execution.source(site()));
            }
            thread.result = acquired;
            return null;
        }

        /** A failed try did not take the lock: it only observed it. */
        @Override
        Operation performed() {
            return acquired ? operation() : Operation.observeLock(lock.id);
        }

        @Override
        String value() {
            return Boolean.toString(acquired);
        }

        @Override
        boolean repeatable() {
            return true;
        }

        @Override
        boolean changedNothing(Event event) {
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
        Action perform() {
            lock.releaseAll();
            return null;
        }
    }
}
