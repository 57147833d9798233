package dev.weft.samples.synchronizers;

import dev.weft.junit.ExhaustiveConcurrency;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Phaser;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.concurrent.locks.StampedLock;

/**
 * The {@code java.util.concurrent} synchronizers used unmodified under {@code @ExhaustiveConcurrency}: for each a
 * correct use and a buggy one. {@link SynchronizersTest} runs them and checks the verdicts, the failure kinds and,
 * where an independent count exists, the number of executions. (Named {@code *Programs} so that Surefire does not run
 * them on their own.)
 */
class SynchronizerPrograms {

    static final class Shared {
        int x;
        int y;
        boolean flag;
        final int[] slots = new int[3];
    }

    interface Body {
        void run() throws Exception;
    }

    /** Starts one thread per body, in order, and joins them all. */
    static void runAll(List<Body> bodies) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        for (Body body : bodies) {
            threads.add(new Thread(() -> {
                try {
                    body.run();
                } catch (RuntimeException | Error e) {
                    throw e;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        for (Thread thread : threads) {
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
    }

    static List<Body> times(int n, Body body) {
        List<Body> bodies = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            bodies.add(body);
        }
        return bodies;
    }

    /** N threads increment under {@code lock}/{@code unlock}: the shape of {@code lockinc(N)}. */
    static void counter(int n, Runnable lock, Runnable unlock) throws InterruptedException {
        Shared s = new Shared();
        runAll(times(n, () -> incrementUnder(lock, unlock, s)));
        assert s.x == n : "lost update: " + s.x;
    }

    /** {@code s.x = s.x + 1} between {@code lock} and {@code unlock}. */
    private static void incrementUnder(Runnable lock, Runnable unlock, Shared s) {
        lock.run();
        try {
            s.x = s.x + 1;
        } finally {
            unlock.run();
        }
    }

    // ---- Semaphore

    @ExhaustiveConcurrency
    void semaphoreCounter() throws Exception {
        Semaphore mutex = new Semaphore(1);
        counter(3, mutex::acquireUninterruptibly, mutex::release);
    }

    /** Two permits let two threads into the critical section together. */
    @ExhaustiveConcurrency
    void semaphoreWithTooManyPermits() throws Exception {
        Semaphore mutex = new Semaphore(2);
        counter(2, mutex::acquireUninterruptibly, mutex::release);
    }

    /**
     * Semaphore(1) has a permit to spare, so T2's acquire need not wait for T1's release: T1 may read T2's write.
     * The assertion holds only if it could not.
     */
    @ExhaustiveConcurrency
    void semaphoreWithAPermitToSpare() throws Exception {
        Semaphore permits = new Semaphore(1);
        Shared s = new Shared();
        runAll(List.of(() -> {
            int seen = s.x;
            permits.release();
            assert seen == 0 : "T1 read x after T2's write: the acquire did not wait for the release";
        }, () -> {
            permits.acquireUninterruptibly();
            s.x = 1;
        }));
    }

    /** The same without the wrong assumption: T1 keeps what it read, main reads it after the joins. */
    @ExhaustiveConcurrency
    void semaphoreWithAPermitToSpareEitherWay() throws Exception {
        Semaphore permits = new Semaphore(1);
        Shared s = new Shared();
        runAll(List.of(() -> {
            s.y = s.x;
            permits.release();
        }, () -> {
            permits.acquireUninterruptibly();
            s.x = 1;
        }));
        assert s.y == 0 || s.y == 1 : "T1 read a value nobody wrote";
    }

    /** A producer releases one permit per item; the consumer takes each with acquire(n) / tryAcquire. */
    @ExhaustiveConcurrency
    void semaphoreSignalsItems() throws Exception {
        Semaphore items = new Semaphore(0);
        Shared s = new Shared();
        Thread producer = new Thread(() -> {
            s.slots[0] = 1;
            s.slots[1] = 2;
            items.release(2);
        });
        producer.start();
        items.acquire(2);
        assert s.slots[0] + s.slots[1] == 3;
        assert !items.tryAcquire() && items.availablePermits() == 0;
        assert !items.tryAcquire(1, TimeUnit.SECONDS);
        producer.join();
    }

    // ---- CountDownLatch

    /** Three workers publish, then count down; main reads after await: every value is there. */
    @ExhaustiveConcurrency
    void latchPublishes() throws Exception {
        publishThroughLatch(3, 3);
    }

    /** The latch counts one worker too few: main may read before the last worker wrote. */
    @ExhaustiveConcurrency
    void latchCountTooLow() throws Exception {
        publishThroughLatch(2, 1);
    }

    private static void publishThroughLatch(int workers, int count) throws InterruptedException {
        Shared s = new Shared();
        CountDownLatch done = new CountDownLatch(count);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < workers; i++) {
            int slot = i;
            threads.add(new Thread(() -> {
                s.slots[slot] = 1;
                done.countDown();
            }));
        }
        threads.forEach(Thread::start);
        done.await();
        for (int i = 0; i < workers; i++) {
            assert s.slots[i] == 1 : "worker " + i + " has not written yet";
        }
        assert done.getCount() == 0;
        for (Thread thread : threads) {
            thread.join();
        }
    }

    /** Only one of the two counts ever comes: main waits forever. */
    @ExhaustiveConcurrency
    void latchNeverReachesZero() throws Exception {
        CountDownLatch done = new CountDownLatch(2);
        Thread worker = new Thread(done::countDown);
        worker.start();
        done.await();
        worker.join();
    }

    /** A timed await gives up when nobody counts down; it never hangs. */
    @ExhaustiveConcurrency
    void latchTimedAwaitTimesOut() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        assert !never.await(1, TimeUnit.SECONDS);
    }

    // ---- CyclicBarrier

    /** Three parties meet; the barrier action runs once, before any of them goes on. */
    @ExhaustiveConcurrency
    void barrierMeets() throws Exception {
        Shared s = new Shared();
        CyclicBarrier barrier = new CyclicBarrier(3, () -> s.flag = true);
        List<Body> parties = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            int slot = i;
            parties.add(() -> {
                s.slots[slot] = 1;
                barrier.await();
                assert s.flag : "barrier action has not run";
                assert s.slots[(slot + 1) % 3] == 1 : "a party went on before all arrived";
            });
        }
        runAll(parties);
        assert !barrier.isBroken() && barrier.getNumberWaiting() == 0;
    }

    /** Three parties expected, two come: both wait forever. */
    @ExhaustiveConcurrency
    void barrierMissingParty() throws Exception {
        CyclicBarrier barrier = new CyclicBarrier(3);
        runAll(times(2, barrier::await));
    }

    /** One party gives up (timeout): the barrier breaks and the other gets BrokenBarrierException. */
    @ExhaustiveConcurrency
    void barrierTimeoutBreaksIt() throws Exception {
        CyclicBarrier barrier = new CyclicBarrier(3);
        Shared s = new Shared();
        runAll(List.of(() -> {
            try {
                barrier.await(1, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                s.x = 1;
            } catch (BrokenBarrierException e) {
                s.x = 2;
            }
        }, () -> {
            try {
                barrier.await();
            } catch (BrokenBarrierException e) {
                s.y = 1;
            }
        }));
        assert s.x == 1 && s.y == 1 && barrier.isBroken();
        barrier.reset();
        assert !barrier.isBroken();
    }

    /** An interrupted waiter breaks the barrier: it gets InterruptedException, the other party a broken barrier. */
    @ExhaustiveConcurrency
    void barrierInterruptedWaiterBreaksIt() throws Exception {
        CyclicBarrier barrier = new CyclicBarrier(3);
        Shared s = new Shared();
        Thread waiter = new Thread(() -> {
            try {
                barrier.await();
            } catch (InterruptedException e) {
                s.x = 1;
            } catch (BrokenBarrierException e) {
                s.x = 2;
            }
        });
        waiter.start();
        waiter.interrupt();
        waiter.join();
        assert s.x == 1 && barrier.isBroken();
        try {
            barrier.await();
            assert false : "a broken barrier must not be passed";
        } catch (BrokenBarrierException expected) {
            // as the JDK does
        }
    }

    // ---- Phaser

    /** Main and two workers advance together: main reads what both wrote. */
    @ExhaustiveConcurrency
    void phaserAdvancesTogether() throws Exception {
        phaserPublishes(true);
    }

    /** Main only arrives and does not wait: it may read before a worker wrote. */
    @ExhaustiveConcurrency
    void phaserArriveWithoutWaiting() throws Exception {
        phaserPublishes(false);
    }

    private static void phaserPublishes(boolean mainWaits) throws InterruptedException {
        Shared s = new Shared();
        Phaser phaser = new Phaser(3);
        List<Thread> workers = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            int slot = i;
            workers.add(new Thread(() -> {
                s.slots[slot] = 1;
                phaser.arriveAndAwaitAdvance();
            }));
        }
        workers.forEach(Thread::start);
        if (mainWaits) {
            phaser.arriveAndAwaitAdvance();
        } else {
            phaser.arrive();
        }
        assert s.slots[0] == 1 && s.slots[1] == 1 : "read before a worker wrote";
        for (Thread worker : workers) {
            worker.join();
        }
    }

    /** onAdvance runs once per phase on the last arrival; registration and awaitAdvance work with it. */
    @ExhaustiveConcurrency
    void phaserOnAdvanceAndRegistration() throws Exception {
        Shared s = new Shared();
        Phaser phaser = new Phaser(1) {
            @Override
            protected boolean onAdvance(int phase, int registeredParties) {
                s.x++;
                return registeredParties == 0;
            }
        };
        phaser.register();
        Thread worker = new Thread(() -> {
            int phase = phaser.arrive();
            phaser.awaitAdvance(phase);
            phaser.arriveAndDeregister();
        });
        worker.start();
        assert phaser.arriveAndAwaitAdvance() == 1;
        assert phaser.getPhase() >= 1;
        phaser.arriveAndDeregister();
        worker.join();
        assert s.x == 2 && phaser.isTerminated() : "phases: " + s.x;
    }

    /** Three parties registered, two arrive: the waiting one waits forever. */
    @ExhaustiveConcurrency
    void phaserMissingParty() throws Exception {
        Phaser phaser = new Phaser(3);
        Thread worker = new Thread(phaser::arrive);
        worker.start();
        phaser.arriveAndAwaitAdvance();
        worker.join();
    }

    // ---- ReentrantReadWriteLock

    @ExhaustiveConcurrency
    void readWriteLockCounter() throws Exception {
        Lock write = new ReentrantReadWriteLock().writeLock();
        counter(3, write::lock, write::unlock);
    }

    /** Updates under the read lock: readers share it, so increments are lost. */
    @ExhaustiveConcurrency
    void readWriteLockUpdateUnderReadLock() throws Exception {
        Lock read = new ReentrantReadWriteLock().readLock();
        counter(2, read::lock, read::unlock);
    }

    /**
     * The same lost update, with the main thread as the second reader. In the first execution the other thread's
     * section runs whole before main's. Reversing only the order of the two acquisitions then runs main's whole
     * section first (main is the thread that goes on), so the sections never overlapped and the bug passed in 2
     * executions, before a read lock's release raced with another reader's acquisition.
     */
    @ExhaustiveConcurrency
    void readLockUpdateWhereMainLocksSecond() throws Exception {
        ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
        incrementAfterAnother(rw.readLock()::lock, rw.readLock()::unlock);
    }

    /** As {@link #readLockUpdateWhereMainLocksSecond}, under a StampedLock's read view. */
    @ExhaustiveConcurrency
    void stampedReadLockUpdateWhereMainLocksSecond() throws Exception {
        Lock read = new StampedLock().asReadLock();
        incrementAfterAnother(read::lock, read::unlock);
    }

    /**
     * Another thread and then main increment under {@code lock}/{@code unlock}; main waits for a third thread that
     * does nothing first, so in the first execution the other thread's section runs before main's.
     */
    private static void incrementAfterAnother(Runnable lock, Runnable unlock) throws InterruptedException {
        Shared s = new Shared();
        Runnable increment = () -> incrementUnder(lock, unlock, s);
        Thread other = new Thread(increment);
        Thread idle = new Thread(() -> { });
        other.start();
        idle.start();
        idle.join();
        increment.run();
        other.join();
        assert s.x == 2 : "lost update: " + s.x;
    }

    /** Two readers read under the read lock: their holds may overlap in every way. */
    @ExhaustiveConcurrency
    void readersOverlapInEveryOrder() throws Exception {
        ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
        Shared s = new Shared();
        s.x = 1;
        runAll(times(2, () -> readUnder(rw.readLock(), s)));
    }

    /** Two readers and a writer: the writer's section fits wherever no reader holds the lock. */
    @ExhaustiveConcurrency
    void twoReadersAndAWriter() throws Exception {
        ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
        Shared s = new Shared();
        Body reader = () -> readUnder(rw.readLock(), s);
        runAll(List.of(reader, reader, () -> {
            rw.writeLock().lock();
            try {
                s.x = 1;
            } finally {
                rw.writeLock().unlock();
            }
        }));
    }

    private static void readUnder(Lock read, Shared s) {
        read.lock();
        try {
            assert s.x >= 0 : "a reader saw " + s.x;
        } finally {
            read.unlock();
        }
    }

    /** A writer downgrades to a read lock while a reader and a tryLock-ing writer come and go. */
    @ExhaustiveConcurrency
    void readWriteLockDowngrade() throws Exception {
        ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
        Shared s = new Shared();
        Thread reader = new Thread(() -> {
            rw.readLock().lock();
            try {
                assert s.x == s.y : "torn read";
            } finally {
                rw.readLock().unlock();
            }
        });
        Thread writer = new Thread(() -> {
            try {
                if (rw.writeLock().tryLock(1, TimeUnit.SECONDS)) {
                    s.x = 5;
                    s.y = 5;
                    rw.writeLock().unlock();
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        reader.start();
        writer.start();
        rw.writeLock().lock();
        rw.writeLock().lock();
        s.x++;
        s.y++;
        rw.writeLock().unlock();
        rw.readLock().lock();
        rw.writeLock().unlock();
        assert rw.getReadHoldCount() == 1 && !rw.isWriteLocked();
        int x = s.x;
        rw.readLock().unlock();
        reader.join();
        writer.join();
        assert x == s.y || s.y == 5;
    }

    /** A reader asks for the write lock while it holds the read lock: it waits for itself. */
    @ExhaustiveConcurrency
    void readWriteLockUpgrade() throws Exception {
        ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
        Thread worker = new Thread(() -> {
            rw.readLock().lock();
            rw.writeLock().lock();
        });
        worker.start();
        worker.join();
    }

    /** The write lock's condition hands a value from one thread to another. */
    @ExhaustiveConcurrency
    void readWriteLockCondition() throws Exception {
        ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
        Condition ready = rw.writeLock().newCondition();
        Shared s = new Shared();
        Thread producer = new Thread(() -> {
            rw.writeLock().lock();
            try {
                s.x = 42;
                s.flag = true;
                ready.signalAll();
            } finally {
                rw.writeLock().unlock();
            }
        });
        producer.start();
        rw.writeLock().lock();
        try {
            while (!s.flag) {
                ready.awaitUninterruptibly();
            }
            assert s.x == 42 && rw.isWriteLockedByCurrentThread();
        } finally {
            rw.writeLock().unlock();
        }
        producer.join();
    }

    // ---- StampedLock

    @ExhaustiveConcurrency
    void stampedLockCounter() throws Exception {
        StampedLock lock = new StampedLock();
        Lock write = lock.asWriteLock();
        counter(3, write::lock, write::unlock);
    }

    /** An optimistic read used without validate: it may see a half-done write. */
    @ExhaustiveConcurrency
    void stampedLockOptimisticReadWithoutValidate() throws Exception {
        optimisticRead(false);
    }

    /** The same read, validated, falling back to the read lock: always consistent. */
    @ExhaustiveConcurrency
    void stampedLockOptimisticReadValidated() throws Exception {
        optimisticRead(true);
    }

    private static void optimisticRead(boolean validate) throws InterruptedException {
        StampedLock lock = new StampedLock();
        Shared s = new Shared();
        Thread writer = new Thread(() -> {
            long stamp = lock.writeLock();
            s.x = 1;
            s.y = 1;
            lock.unlockWrite(stamp);
        });
        writer.start();
        long stamp = lock.tryOptimisticRead();
        int x = s.x;
        int y = s.y;
        if (validate && !lock.validate(stamp)) {
            stamp = lock.readLock();
            x = s.x;
            y = s.y;
            lock.unlockRead(stamp);
        }
        assert x == y : "inconsistent read: x=" + x + " y=" + y;
        writer.join();
    }

    /** A StampedLock is not reentrant: the writer asks again and waits for itself. */
    @ExhaustiveConcurrency
    void stampedLockWriteLockTwice() throws Exception {
        StampedLock lock = new StampedLock();
        lock.writeLock();
        lock.writeLock();
    }

    /** A reader converts to a writer when it can, else takes the write lock. */
    @ExhaustiveConcurrency
    void stampedLockConvert() throws Exception {
        StampedLock lock = new StampedLock();
        Shared s = new Shared();
        runAll(times(2, () -> {
            long stamp = lock.readLock();
            long converted = lock.tryConvertToWriteLock(stamp);
            if (converted == 0L) {
                lock.unlockRead(stamp);
                converted = lock.writeLock();
            }
            s.x++;
            lock.unlock(converted);
        }));
        assert s.x == 2;
    }

    // ---- ReentrantLock: timed tryLock, awaitUninterruptibly, awaitUntil

    @ExhaustiveConcurrency
    void reentrantLockTimedTryLockAndUninterruptibleAwait() throws Exception {
        ReentrantLock lock = new ReentrantLock();
        Condition changed = lock.newCondition();
        Shared s = new Shared();
        Thread other = new Thread(() -> {
            try {
                if (lock.tryLock(1, TimeUnit.SECONDS)) {
                    try {
                        s.flag = true;
                        changed.signal();
                    } finally {
                        lock.unlock();
                    }
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        other.start();
        lock.lock();
        try {
            if (!s.flag) {
                changed.awaitUntil(new java.util.Date(System.currentTimeMillis() + 1000));
            }
        } finally {
            lock.unlock();
        }
        other.join();
    }
}
