package dev.weft.scheduler.runtime.synchronizers;

import dev.weft.scheduler.model.LockId;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.runtime.GuardedCall;
import dev.weft.scheduler.runtime.Step;
import dev.weft.scheduler.runtime.locks.LockQueues;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.util.concurrent.Semaphore;

/**
 * {@code Semaphore}, by guarded real calls: the real semaphore keeps the permits.
 *
 * <ul>
 *   <li>acquire(n), acquireUninterruptibly(n): {@code LOCK}, enabled while {@code availablePermits() >= n} (or, for
 *   acquire, the thread is interrupted: it throws {@link InterruptedException}).</li>
 *   <li>tryAcquire(n): {@code TRY_LOCK}, always enabled, value {@code ready} or {@code timed_out} (then the event is
 *   an {@code OBSERVE_LOCK}). The timed variant is a {@code LOCK}, which may also time out or be interrupted.</li>
 *   <li>release(n): {@code UNLOCK}. availablePermits: {@code OBSERVE_LOCK}, an observer. drainPermits: a
 *   {@code TRY_LOCK}, an acquisition that never waits. hasQueuedThreads, getQueueLength: the model's waiters
 *   ({@link LockQueues}), who never wait in the real semaphore.</li>
 * </ul>
 *
 * <p>Lock operations on one <em>counting</em> {@link LockId} per semaphore: the explorer treats it as a permit count
 * (acquisitions read and write it, releases add to it and commute with each other, queries read it), so an acquire
 * with a permit to spare is also tried before another thread's release, and a 3-thread counter under
 * {@code Semaphore(1)} still has the 3! traces of one under a lock (docs/design/explorers.md, "Counting locks").
 */
public final class Semaphores {

    private Semaphores() {
    }

    static void acquire(ManagedThread self, Semaphore semaphore, int permits, boolean interruptibly, int site)
            throws InterruptedException {
        checkPermits(permits);
        GuardedCall.Mode mode = interruptibly ? GuardedCall.Mode.INTERRUPTIBLE : GuardedCall.Mode.UNINTERRUPTIBLE;
        guard(self, semaphore, permits, mode, site).await();
        self.execution.journal.semaphoreChange(semaphore);
        semaphore.acquireUninterruptibly(permits);
    }

    static boolean tryAcquire(ManagedThread self, Semaphore semaphore, int permits, long nanos, int site)
            throws InterruptedException {
        checkPermits(permits);
        GuardedCall.Mode mode = nanos < 0 ? GuardedCall.Mode.TRY : GuardedCall.Mode.TIMED;
        if (!guard(self, semaphore, permits, mode, site).await()) {
            return false;
        }
        self.execution.journal.semaphoreChange(semaphore);
        return semaphore.tryAcquire(permits);
    }

    static void release(ManagedThread self, Semaphore semaphore, int permits, int site) {
        checkPermits(permits);
        Step.change(self, Operation.unlock(id(self, semaphore)), site);
        self.execution.journal.semaphoreChange(semaphore);
        semaphore.release(permits);
    }

    /** Takes every permit there is: an acquisition that never waits ({@code TRY_LOCK}), then the real call. */
    static int drainPermits(ManagedThread self, Semaphore semaphore, int site) {
        Step.change(self, Operation.tryLock(id(self, semaphore)), site);
        self.execution.journal.semaphoreChange(semaphore);
        return semaphore.drainPermits();
    }

    static int availablePermits(ManagedThread self, Semaphore semaphore, int site) {
        Step.observe(self, Operation.observeLock(id(self, semaphore)), site);
        return semaphore.availablePermits();
    }

    private static GuardedCall guard(ManagedThread self, Semaphore semaphore, int permits, GuardedCall.Mode mode,
                                     int site) {
        LockId id = id(self, semaphore);
        return new GuardedCall(self, mode, Operation.lock(id), site) {
            @Override
            public boolean ready() {
                return semaphore.availablePermits() >= permits;
            }

            @Override
            public String whyBlocked() {
                return "waits for " + permits + (permits == 1 ? " permit" : " permits") + " of " + id.name()
                        + ", which has " + semaphore.availablePermits();
            }
        };
    }

    public static LockId id(ManagedThread self, Semaphore semaphore) {
        return LockId.counting(self.execution.names.nameOf(semaphore, self));
    }

    /** The JDK rejects a negative count before anything else; so does the model, before any scheduling point. */
    private static void checkPermits(int permits) {
        if (permits < 0) {
            throw new IllegalArgumentException();
        }
    }
}
