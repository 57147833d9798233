package dev.weft.scheduler.hooks;

import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Exchanger;
import java.util.concurrent.Phaser;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The synchronizer hooks, one family of {@link HookHandlers}: semaphores, latches, barriers, phasers and exchangers.
 * The default methods do exactly what the uninstrumented code would have done, without control.
 */
public interface SynchronizerHookHandler {

    // java.util.concurrent synchronizers. Timeouts are in nanoseconds, {@code nanos < 0} meaning "no timeout".

    /** Replaces {@code Semaphore.acquire(permits)} and {@code acquireUninterruptibly(permits)}. */
    default void semaphoreAcquire(Semaphore semaphore, int permits, boolean interruptibly, int site)
            throws InterruptedException {
        if (interruptibly) {
            semaphore.acquire(permits);
        } else {
            semaphore.acquireUninterruptibly(permits);
        }
    }

    /** Replaces {@code Semaphore.tryAcquire(permits)} and {@code tryAcquire(permits, time, unit)}. */
    default boolean semaphoreTryAcquire(Semaphore semaphore, int permits, long nanos, int site)
            throws InterruptedException {
        return nanos < 0 ? semaphore.tryAcquire(permits) : semaphore.tryAcquire(permits, nanos, TimeUnit.NANOSECONDS);
    }

    /** Replaces {@code Semaphore.release(permits)}. */
    default void semaphoreRelease(Semaphore semaphore, int permits, int site) {
        semaphore.release(permits);
    }

    /** Replaces {@code Semaphore.drainPermits()}. */
    default int semaphoreDrainPermits(Semaphore semaphore, int site) {
        return semaphore.drainPermits();
    }

    /** Replaces {@code Semaphore.availablePermits()}. */
    default int semaphoreAvailablePermits(Semaphore semaphore, int site) {
        return semaphore.availablePermits();
    }

    /** Replaces {@code Exchanger.exchange(x)} ({@code nanos < 0}) and {@code exchange(x, time, unit)}. */
    default Object exchange(Exchanger<Object> exchanger, Object element, long nanos, int site)
            throws InterruptedException, TimeoutException {
        return nanos < 0 ? exchanger.exchange(element) : exchanger.exchange(element, nanos, TimeUnit.NANOSECONDS);
    }

    /** Replaces {@code CountDownLatch.await()} and {@code await(time, unit)}; false when it timed out. */
    default boolean latchAwait(CountDownLatch latch, long nanos, int site) throws InterruptedException {
        if (nanos < 0) {
            latch.await();
            return true;
        }
        return latch.await(nanos, TimeUnit.NANOSECONDS);
    }

    /** Replaces {@code CountDownLatch.countDown()}. */
    default void latchCountDown(CountDownLatch latch, int site) {
        latch.countDown();
    }

    /** Replaces {@code CountDownLatch.getCount()}. */
    default long latchGetCount(CountDownLatch latch, int site) {
        return latch.getCount();
    }

    /** Replaces {@code CyclicBarrier.await()} and {@code await(time, unit)}. */
    default int barrierAwait(CyclicBarrier barrier, long nanos, int site)
            throws InterruptedException, BrokenBarrierException, TimeoutException {
        return nanos < 0 ? barrier.await() : barrier.await(nanos, TimeUnit.NANOSECONDS);
    }

    /** Replaces {@code CyclicBarrier.getNumberWaiting()}. */
    default int barrierNumberWaiting(CyclicBarrier barrier, int site) {
        return barrier.getNumberWaiting();
    }

    /** Replaces {@code CyclicBarrier.isBroken()}. */
    default boolean barrierIsBroken(CyclicBarrier barrier, int site) {
        return barrier.isBroken();
    }

    /** Replaces {@code CyclicBarrier.reset()}. */
    default void barrierReset(CyclicBarrier barrier, int site) {
        barrier.reset();
    }

    /** Replaces {@code Phaser.register()} and {@code bulkRegister(parties)}. */
    default int phaserRegister(Phaser phaser, int parties, int site) {
        return parties == 1 ? phaser.register() : phaser.bulkRegister(parties);
    }

    /** Replaces {@code Phaser.arrive()} and {@code arriveAndDeregister()}. */
    default int phaserArrive(Phaser phaser, boolean deregister, int site) {
        return deregister ? phaser.arriveAndDeregister() : phaser.arrive();
    }

    /** Replaces {@code Phaser.arriveAndAwaitAdvance()}. */
    default int phaserArriveAndAwaitAdvance(Phaser phaser, int site) {
        return phaser.arriveAndAwaitAdvance();
    }

    /** Replaces {@code Phaser.awaitAdvance(phase)} and {@code awaitAdvanceInterruptibly(phase[, time, unit])}. */
    default int phaserAwaitAdvance(Phaser phaser, int phase, boolean interruptibly, long nanos, int site)
            throws InterruptedException, TimeoutException {
        if (!interruptibly) {
            return phaser.awaitAdvance(phase);
        }
        return nanos < 0
                ? phaser.awaitAdvanceInterruptibly(phase)
                : phaser.awaitAdvanceInterruptibly(phase, nanos, TimeUnit.NANOSECONDS);
    }

    /** Replaces {@code Phaser.getPhase()}. */
    default int phaserGetPhase(Phaser phaser, int site) {
        return phaser.getPhase();
    }

    /**
     * Replaces {@code Phaser.getArrivedParties()}, {@code getUnarrivedParties()}, {@code getRegisteredParties()} and
     * {@code isTerminated()} (a {@code boolean} as 0 or 1), {@code query} naming the method.
     */
    default int phaserQuery(Phaser phaser, String query, int site) {
        return switch (query) {
            case "getArrivedParties" -> phaser.getArrivedParties();
            case "getUnarrivedParties" -> phaser.getUnarrivedParties();
            case "getRegisteredParties" -> phaser.getRegisteredParties();
            case "isTerminated" -> phaser.isTerminated() ? 1 : 0;
            default -> throw new IllegalArgumentException("no Phaser query " + query);
        };
    }

    /** Replaces {@code Phaser.forceTermination()}. */
    default void phaserForceTermination(Phaser phaser, int site) {
        phaser.forceTermination();
    }
}
