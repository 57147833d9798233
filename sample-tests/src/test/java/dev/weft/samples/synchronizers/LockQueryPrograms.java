package dev.weft.samples.synchronizers;

import dev.weft.junit.ExhaustiveConcurrency;

import java.util.Collection;
import java.util.List;
import java.util.function.Consumer;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

import static dev.weft.samples.synchronizers.SynchronizerPrograms.runAll;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The queries of the synchronizers: a {@code ReentrantLock}'s ({@code isLocked}, {@code isHeldByCurrentThread},
 * {@code getHoldCount}, {@code hasWaiters}, {@code getWaitQueueLength}), which a managed thread's lock, held in Weft's
 * model only, answers from the model; who waits, which fails closed; a {@code Phaser}'s counts and termination.
 * {@link LockQueryTest} runs them.
 */
class LockQueryPrograms {

    /** The holder asks about its own holds. */
    @ExhaustiveConcurrency
    void theHolderSeesItsHolds() {
        ReentrantLock lock = new ReentrantLock();
        lock.lock();
        lock.lock();
        String seen = lock.isLocked() + " " + lock.isHeldByCurrentThread() + " " + lock.getHoldCount();
        lock.unlock();
        lock.unlock();
        String after = lock.isLocked() + " " + lock.isHeldByCurrentThread() + " " + lock.getHoldCount();
        assert seen.equals("true true 2") && after.equals("false false 0") : seen + " / " + after;
    }

    /** A common guard in a finally block: unlock only what this thread holds. */
    @ExhaustiveConcurrency
    void unlockOnlyIfHeld() throws Exception {
        ReentrantLock lock = new ReentrantLock();
        int[] count = new int[1];
        SynchronizerPrograms.Body increment = () -> {
            lock.lock();
            try {
                count[0]++;
            } finally {
                if (lock.isHeldByCurrentThread()) {
                    lock.unlock();
                }
            }
        };
        runAll(List.of(increment, increment));
        assert count[0] == 2 : "count " + count[0];
    }

    /** A worker takes the lock only if nobody holds it, but main may take it between the look and the try. */
    @ExhaustiveConcurrency
    void isLockedThenTryLock() throws Exception {
        ReentrantLock lock = new ReentrantLock();
        runAll(List.of(
                () -> {
                    lock.lock();
                    lock.unlock();
                },
                () -> {
                    if (!lock.isLocked()) {
                        boolean got = lock.tryLock();
                        assert got : "the lock was taken between isLocked and tryLock";
                        lock.unlock();
                    }
                }));
    }

    /** Main looks at the condition's waiters while it holds the lock, then lets the worker go. */
    @ExhaustiveConcurrency
    void conditionWaitersSeenByTheHolder() throws Exception {
        ReentrantLock lock = new ReentrantLock();
        Condition ready = lock.newCondition();
        holderLooksAtAWaiter(lock, ready, worker -> {
            int waiting = lock.getWaitQueueLength(ready);
            assert waiting <= 1 && lock.hasWaiters(ready) == (waiting == 1) : waiting + " waiting";
        });
    }

    /** The same with a read-write lock's write lock and its condition, and its protected list of the waiters. */
    @ExhaustiveConcurrency
    void readWriteConditionWaitersSeenByTheWriter() throws Exception {
        InspectedReadWriteLock lock = new InspectedReadWriteLock();
        Condition ready = lock.writeLock().newCondition();
        holderLooksAtAWaiter(lock.writeLock(), ready, worker -> {
            int waiting = lock.getWaitQueueLength(ready);
            assert waiting <= 1 && lock.hasWaiters(ready) == (waiting == 1) : waiting + " waiting";
            Collection<Thread> waiters = lock.waiters(ready);
            assert waiting == 0 ? waiters.isEmpty() : waiters.equals(List.of(worker)) : waiters + " waiting";
        });
    }

    static final class InspectedReadWriteLock extends ReentrantReadWriteLock {
        Collection<Thread> waiters(Condition condition) {
            return getWaitingThreads(condition);
        }
    }

    /** A read-write lock's condition queries check their argument as the JDK's do, then that the caller writes. */
    @ExhaustiveConcurrency
    void readWriteConditionQueriesLookAtTheirArgumentFirst() {
        ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
        Condition foreign = new ReentrantReadWriteLock().writeLock().newCondition();
        Condition own = lock.writeLock().newCondition();
        for (int held = 0; held < 2; held++) {
            org.junit.jupiter.api.Assertions.assertThrows(NullPointerException.class, () -> lock.hasWaiters(null));
            org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    () -> lock.getWaitQueueLength(foreign));
            lock.writeLock().lock();
        }
        lock.writeLock().unlock();
        org.junit.jupiter.api.Assertions.assertEquals(0, lock.getWaitQueueLength(own));
        org.junit.jupiter.api.Assertions.assertFalse(lock.hasWaiters(own));
        lock.writeLock().unlock();
        org.junit.jupiter.api.Assertions.assertThrows(IllegalMonitorStateException.class, () -> lock.hasWaiters(own));
    }

    /** A subclass that looks at the protected state of its lock, as monitoring code and the JSR-166 TCK do. */
    static final class InspectedLock extends ReentrantLock {
        Thread owner() {
            return super.getOwner();
        }

        Collection<Thread> waiters(Condition condition) {
            return getWaitingThreads(condition);
        }

        Collection<Thread> queued() {
            return super.getQueuedThreads();
        }
    }

    /**
     * The protected {@code getOwner()} and {@code getWaitingThreads(condition)}, reached through {@code super} and
     * {@code this}: the holder is the owner, the worker is among the waiters once it waits, nobody owns the lock at
     * the end. The JDK's answers (checked without Weft).
     */
    @ExhaustiveConcurrency
    void aSubclassSeesTheOwnerAndTheWaiters() throws Exception {
        InspectedLock lock = new InspectedLock();
        Condition ready = lock.newCondition();
        holderLooksAtAWaiter(lock, ready, worker -> {
            Thread owner = lock.owner();
            assert owner == Thread.currentThread() : "the holder is not the owner: " + owner;
            Collection<Thread> waiting = lock.waiters(ready);
            assert waiting.isEmpty() || waiting.equals(List.of(worker)) : waiting + " waiting";
        });
        assert lock.owner() == null : "owned after every unlock";
    }

    /**
     * A worker waits on the condition until main, holding the lock, has looked ({@code look}, given the worker) and
     * let it go.
     */
    private static void holderLooksAtAWaiter(Lock lock, Condition ready, Consumer<Thread> look)
            throws InterruptedException {
        boolean[] go = new boolean[1];
        Thread worker = new Thread(() -> {
            lock.lock();
            try {
                while (!go[0]) {
                    ready.awaitUninterruptibly();
                }
            } finally {
                lock.unlock();
            }
        });
        worker.start();
        lock.lock();
        try {
            look.accept(worker);
            go[0] = true;
            ready.signalAll();
        } finally {
            lock.unlock();
        }
        worker.join();
    }

    /** Waiting until a subclass sees another thread queued for the lock: the queued thread is the worker. */
    @ExhaustiveConcurrency
    void waitsUntilASubclassSeesAThreadQueued() throws Exception {
        InspectedLock lock = new InspectedLock();
        lock.lock();
        Thread worker = new Thread(() -> {
            lock.lock();
            lock.unlock();
        });
        worker.start();
        while (lock.queued().isEmpty()) {
            Thread.yield();
        }
        assertThat(lock.queued()).containsExactly(worker);
        lock.unlock();
        worker.join();
        assertThat(lock.queued()).isEmpty();
    }

    /**
     * Waiting until another thread blocks on the lock, as the JSR-166 TCK does: the worker is queued once it blocks,
     * and no longer once it has the lock. The holder is not queued.
     */
    @ExhaustiveConcurrency
    void waitsUntilAThreadIsQueued() throws Exception {
        ReentrantLock lock = new ReentrantLock();
        lock.lock();
        Thread worker = new Thread(() -> {
            lock.lock();
            lock.unlock();
        });
        worker.start();
        while (!lock.hasQueuedThreads()) {
            Thread.yield();
        }
        assertThat(lock.getQueueLength()).isEqualTo(1);
        assertThat(lock.hasQueuedThread(worker)).isTrue();
        assertThat(lock.hasQueuedThread(Thread.currentThread())).isFalse();
        lock.unlock();
        worker.join();
        assertThat(lock.hasQueuedThreads()).isFalse();
        assertThat(lock.getQueueLength()).isZero();
    }

    /**
     * A worker releases a permit while another drains them all, assumed to come first: the drain may come after the
     * release and take both permits. (Before 2026-11-27 the drain was not visible: 1 execution, drain first, passed.)
     */
    @ExhaustiveConcurrency
    void drainPermitsRacesWithARelease() throws Exception {
        java.util.concurrent.Semaphore permits = new java.util.concurrent.Semaphore(1);
        int[] drained = new int[1];
        runAll(List.of(() -> permits.release(), () -> drained[0] = permits.drainPermits()));
        assert drained[0] + permits.availablePermits() == 2 : drained[0] + " drained, " + permits.availablePermits()
                + " left";
        assert drained[0] == 1 : "the release came before the drain: " + drained[0] + " drained";
    }

    /** Waiting until a thread waits for a permit, sleeping between looks, as commons-pool's tests do. */
    @ExhaustiveConcurrency
    void waitsUntilAThreadWaitsForAPermit() throws Exception {
        java.util.concurrent.Semaphore permits = new java.util.concurrent.Semaphore(0);
        Thread worker = new Thread(permits::acquireUninterruptibly);
        worker.start();
        while (!permits.hasQueuedThreads()) {
            Thread.sleep(200);
        }
        assertThat(permits.getQueueLength()).isEqualTo(1);
        permits.release();
        worker.join();
        assertThat(permits.hasQueuedThreads()).isFalse();
    }

    /** The same wait on a read-write lock. */
    @ExhaustiveConcurrency
    void waitsUntilAThreadWaitsForTheWriteLock() throws Exception {
        ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
        lock.writeLock().lock();
        Thread worker = new Thread(() -> {
            lock.writeLock().lock();
            lock.writeLock().unlock();
        });
        worker.start();
        while (lock.getQueueLength() == 0) {
            Thread.yield();
        }
        assertThat(lock.hasQueuedThread(worker)).isTrue();
        assertThat(lock.hasQueuedThreads()).isTrue();
        lock.writeLock().unlock();
        worker.join();
        assertThat(lock.getQueueLength()).isZero();
    }

    /** Main counts a phaser's arrivals while a worker arrives, and assumes it has not yet. */
    @ExhaustiveConcurrency
    void phaserArrivalsCountedWhileAWorkerArrives() throws Exception {
        java.util.concurrent.Phaser phaser = new java.util.concurrent.Phaser(2);
        Thread worker = new Thread(phaser::arrive);
        worker.start();
        int arrived = phaser.getArrivedParties();
        worker.join();
        assert arrived == 0 : "the worker had arrived already: " + arrived;
    }

    /** Main ends the phaser while a worker arrives and waits: the worker's wait ends either way. */
    @ExhaustiveConcurrency
    void forceTerminationEndsTheWait() throws Exception {
        java.util.concurrent.Phaser phaser = new java.util.concurrent.Phaser(2);
        int[] phase = new int[1];
        Thread worker = new Thread(() -> phase[0] = phaser.arriveAndAwaitAdvance());
        worker.start();
        phaser.forceTermination();
        worker.join();
        assert phaser.isTerminated() && phase[0] < 0 : "phase " + phase[0];
    }

    /**
     * A condition query looks at its argument first, as the JDK's does: no condition, or another lock's, is refused
     * whether or not the caller holds the lock; its own condition asked without the lock is a monitor-state error.
     */
    @ExhaustiveConcurrency
    void conditionQueriesLookAtTheirArgumentFirst() {
        ReentrantLock lock = new ReentrantLock();
        Condition foreign = new ReentrantLock().newCondition();
        Condition own = lock.newCondition();
        for (int held = 0; held < 2; held++) {
            org.junit.jupiter.api.Assertions.assertThrows(NullPointerException.class, () -> lock.hasWaiters(null));
            org.junit.jupiter.api.Assertions.assertThrows(NullPointerException.class,
                    () -> lock.getWaitQueueLength(null));
            org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    () -> lock.hasWaiters(foreign));
            org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    () -> lock.getWaitQueueLength(foreign));
            lock.lock();
        }
        lock.unlock();
        org.junit.jupiter.api.Assertions.assertEquals(0, lock.getWaitQueueLength(own));
        lock.unlock();
        org.junit.jupiter.api.Assertions.assertThrows(IllegalMonitorStateException.class, () -> lock.hasWaiters(own));
    }
}
