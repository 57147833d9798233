package dev.weft.samples.synchronizers;

import dev.weft.junit.ExhaustiveConcurrency;

import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.StampedLock;

/**
 * Non-blocking lock operations ({@code tryAcquire}, {@code tryLock}, {@code tryOptimisticRead}, {@code validate})
 * racing with another thread's release: each buggy program fails only when the non-blocking call comes after the
 * release, an order the explorer reverses because these calls race with releases. {@link NonBlockingLockTest}
 * runs them. (Named {@code *Programs} so that Surefire does not run them on their own.)
 */
class NonBlockingLockPrograms {

    static final class Shared {
        int x;
        int y;
    }

    /** main assumes its tryAcquire cannot get the worker's permit: wrong when it comes after the release. */
    @ExhaustiveConcurrency
    void semaphoreTryAcquireAssumedToFail() throws Exception {
        Semaphore permits = new Semaphore(0);
        Thread releaser = new Thread(permits::release);
        releaser.start();
        boolean got = permits.tryAcquire();
        assert !got : "tryAcquire got the permit the worker released";
        releaser.join();
    }

    /** The same race, with main ready for either result. */
    @ExhaustiveConcurrency
    void semaphoreTryAcquireEitherWay() throws Exception {
        Semaphore permits = new Semaphore(0);
        Thread releaser = new Thread(permits::release);
        releaser.start();
        boolean got = permits.tryAcquire();
        releaser.join();
        assert permits.availablePermits() == (got ? 0 : 1) : "a permit lost or made up";
    }

    /** main assumes that when its tryLock succeeds the worker has not run yet: wrong after the worker's unlock. */
    @ExhaustiveConcurrency
    void reentrantTryLockAssumesTheWorkerHasNotRun() throws Exception {
        tryLockBesideALockedWrite(s -> {
            assert s.x == 0 : "tryLock succeeded after the worker's critical section";
        });
    }

    /** The same race, main copying whatever it sees under the lock. */
    @ExhaustiveConcurrency
    void reentrantTryLockEitherWay() throws Exception {
        Shared s = tryLockBesideALockedWrite(seen -> seen.y = seen.x);
        assert s.x == 1 : "the worker's write is lost";
    }

    /**
     * A worker writes {@code s.x} under a lock while main tries the lock and, if it gets it, runs {@code underLock};
     * returns {@code s} once the worker has ended.
     */
    private static Shared tryLockBesideALockedWrite(java.util.function.Consumer<Shared> underLock)
            throws InterruptedException {
        ReentrantLock lock = new ReentrantLock();
        Shared s = new Shared();
        Thread worker = lockedWrite(lock, s);
        worker.start();
        if (lock.tryLock()) {
            try {
                underLock.accept(s);
            } finally {
                lock.unlock();
            }
        }
        worker.join();
        return s;
    }

    private static Thread lockedWrite(ReentrantLock lock, Shared s) {
        return new Thread(() -> {
            lock.lock();
            try {
                s.x = 1;
            } finally {
                lock.unlock();
            }
        });
    }

    /**
     * main assumes that a validated optimistic read means the writer has not written yet: wrong when the optimistic
     * read comes after the writer's unlockWrite.
     */
    @ExhaustiveConcurrency
    void stampedValidatedReadAssumesTheWriterHasNotRun() throws Exception {
        StampedLock lock = new StampedLock();
        Shared s = new Shared();
        Thread writer = new Thread(() -> {
            long stamp = lock.writeLock();
            s.x = 1;
            lock.unlockWrite(stamp);
        });
        writer.start();
        long stamp = lock.tryOptimisticRead();
        if (lock.validate(stamp)) {
            assert s.x == 0 : "a validated optimistic read came after the write";
        }
        writer.join();
    }

    /** An optimistic read and its validation around a write, reading nothing: only their order with it matters. */
    @ExhaustiveConcurrency
    void stampedObserversAroundAWrite() throws Exception {
        StampedLock lock = new StampedLock();
        Thread writer = new Thread(() -> lock.unlockWrite(lock.writeLock()));
        writer.start();
        long stamp = lock.tryOptimisticRead();
        boolean valid = lock.validate(stamp);
        writer.join();
        assert stamp != 0 || !valid : "a stamp taken while write-locked validated";
    }
}
