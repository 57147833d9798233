package dev.weft.scheduler.runtime.locks;

import dev.weft.scheduler.model.LockId;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.runtime.Execution;
import dev.weft.scheduler.runtime.GuardedCall;
import dev.weft.scheduler.runtime.Step;
import dev.weft.scheduler.runtime.pools.JdkInternals;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.StampedLock;

/**
 * {@code StampedLock} and its {@code asReadLock()/asWriteLock()/asReadWriteLock()} views, by guarded real calls: the
 * real lock keeps its state and hands out its own stamps. One {@link LockId} per lock.
 *
 * <ul>
 *   <li>writeLock, readLock (and interruptibly, timed tryXxxLock; the views' lock methods): {@code LOCK}; tryXxxLock:
 *   {@code TRY_LOCK} ({@code OBSERVE_LOCK} when it failed),
 *   enabled while {@code !isWriteLocked() && !isReadLocked()} (write) or {@code !isWriteLocked()} (read). The lock
 *   is not reentrant: a second writeLock by the writer waits for itself, a deadlock.</li>
 *   <li>unlock, unlockWrite, unlockRead, the views' unlock: {@code UNLOCK}.</li>
 *   <li>tryOptimisticRead, validate: {@code OBSERVE_LOCK} observers; tryConvertToWriteLock: {@code TRY_LOCK}.</li>
 * </ul>
 *
 * <p>Who holds the lock is remembered only to describe deadlocks (the real lock has no owner).
 */
public final class StampedLocks {

    private static final class Stamped {
        final LockId id;
        final StampedLock lock;
        ManagedThread writer;
        final Map<ManagedThread, Integer> readers = new IdentityHashMap<>();

        Stamped(LockId id, StampedLock lock) {
            this.id = id;
            this.lock = lock;
        }

        boolean free(boolean write) {
            return !lock.isWriteLocked() && (!write || !lock.isReadLocked());
        }

        void acquired(ManagedThread thread, long stamp) {
            if (StampedLock.isWriteLockStamp(stamp)) {
                writer = thread;
            } else if (StampedLock.isReadLockStamp(stamp)) {
                readers.merge(thread, 1, Integer::sum);
            }
        }

        /** After a release: the writer, or one read hold (the releasing thread's if it has one; stamps may move). */
        void released(ManagedThread thread, boolean write) {
            if (write) {
                writer = null;
                return;
            }
            ManagedThread reader = readers.containsKey(thread) ? thread
                    : readers.keySet().stream().findFirst().orElse(null);
            if (reader != null) {
                readers.computeIfPresent(reader, (r, holds) -> holds == 1 ? null : holds - 1);
            }
        }

        String holders(ManagedThread asking) {
            List<String> text = new ArrayList<>();
            if (writer != null) {
                text.add("write-locked by " + (writer == asking ? asking + " (itself: a StampedLock is not reentrant)"
                        : writer.toString()));
            }
            if (!readers.isEmpty()) {
                List<String> names = new ArrayList<>();
                readers.keySet().forEach(reader -> names.add(reader == asking ? reader + " (itself)" : reader.toString()));
                text.add("read-locked by " + String.join(", ", names));
            }
            return String.join(", ", text);
        }
    }

    private final Execution execution;
    private final Map<StampedLock, Stamped> locks = new IdentityHashMap<>();

    public StampedLocks(Execution execution) {
        this.execution = execution;
        execution.garbageCollection.holdsObjects(locks);
    }

    static boolean isView(Lock lock) {
        return lock.getClass().getEnclosingClass() == StampedLock.class;
    }

    /** writeLock, readLock and their variants; 0 when a try failed or timed out. */
    long lock(ManagedThread self, StampedLock lock, boolean write, GuardedCall.Mode mode, int site)
            throws InterruptedException {
        Stamped stamped = state(lock, self);
        if (!guard(self, stamped, write, mode, site).await()) {
            return 0L;
        }
        long stamp = write ? lock.tryWriteLock() : lock.tryReadLock();
        stamped.acquired(self, stamp);
        return stamp;
    }

    /** {@code mode}: 0 unlock(stamp), 1 unlockWrite, 2 unlockRead. */
    void unlock(ManagedThread self, StampedLock lock, long stamp, int mode, int site) {
        Stamped stamped = state(lock, self);
        boolean shared = mode == 2 || mode == 0 && StampedLock.isReadLockStamp(stamp);
        Step.change(self, shared ? Operation.sharedUnlock(stamped.id) : Operation.unlock(stamped.id), site);
        switch (mode) {
            case 1 -> lock.unlockWrite(stamp);
            case 2 -> lock.unlockRead(stamp);
            default -> lock.unlock(stamp);
        }
        stamped.released(self, StampedLock.isWriteLockStamp(stamp));
    }

    long tryOptimisticRead(ManagedThread self, StampedLock lock, int site) {
        Step.observe(self, Operation.observeLock(state(lock, self).id), site);
        return lock.tryOptimisticRead();
    }

    boolean validate(ManagedThread self, StampedLock lock, long stamp, int site) {
        Step.observe(self, Operation.observeLock(state(lock, self).id), site);
        return lock.validate(stamp);
    }

    long tryConvertToWriteLock(ManagedThread self, StampedLock lock, long stamp, int site) {
        Stamped stamped = state(lock, self);
        // Never blocks: a TRY_LOCK, reported as one whether or not the conversion succeeded (known only after).
        Step.change(self, Operation.tryLock(stamped.id), site);
        long converted = lock.tryConvertToWriteLock(stamp);
        if (converted != 0L && StampedLock.isReadLockStamp(stamp)) {
            stamped.released(self, false);
        }
        if (converted != 0L) {
            stamped.writer = self;
        }
        return converted;
    }

    /** A view's lock, lockInterruptibly, tryLock, timed tryLock; {@code false} when a try failed or timed out. */
    boolean lockView(ManagedThread self, Lock view, GuardedCall.Mode mode, int site) throws InterruptedException {
        StampedLock lock = owner(view, site);
        Stamped stamped = state(lock, self);
        boolean write = writeView(view);
        if (!guard(self, stamped, write, mode, site).await()) {
            return false;
        }
        boolean acquired = view.tryLock();
        if (acquired && write) {
            stamped.writer = self;
        } else if (acquired) {
            stamped.readers.merge(self, 1, Integer::sum);
        }
        return acquired;
    }

    void unlockView(ManagedThread self, Lock view, int site) {
        StampedLock lock = owner(view, site);
        Stamped stamped = state(lock, self);
        boolean write = writeView(view);
        Step.change(self, write ? Operation.unlock(stamped.id) : Operation.sharedUnlock(stamped.id), site);
        view.unlock();
        stamped.released(self, write);
    }

    /** Whether the view is the write view ({@code asWriteLock}); else it is the read view. */
    private static boolean writeView(Lock view) {
        return view.getClass().getSimpleName().startsWith("Write");
    }

    private static StampedLock owner(Lock view, int site) {
        return (StampedLock) JdkInternals.field(view, view.getClass(), "this$0", site);
    }

    private static GuardedCall guard(ManagedThread self, Stamped stamped, boolean write, GuardedCall.Mode mode,
                                     int site) {
        return new GuardedCall(self, mode, write ? Operation.lock(stamped.id) : Operation.sharedLock(stamped.id),
                site) {
            @Override
            public boolean ready() {
                return stamped.free(write);
            }

            @Override
            public String whyBlocked() {
                return "waits to " + (write ? "write" : "read") + "-lock " + stamped.id.name() + ", "
                        + stamped.holders(self);
            }

            @Override
            public ManagedThread waitsFor() {
                if (stamped.writer != null) {
                    return stamped.writer;
                }
                return stamped.readers.keySet().stream().findFirst().orElse(null);
            }
        };
    }

    private Stamped state(StampedLock lock, ManagedThread self) {
        return locks.computeIfAbsent(lock, any -> new Stamped(new LockId(execution.names.nameOf(lock, self)), lock));
    }
}
