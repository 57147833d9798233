package dev.weft.scheduler.runtime.synchronizers;

import dev.weft.scheduler.hooks.SynchronizerHookHandler;
import dev.weft.scheduler.runtime.ControlledHooks;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Exchanger;
import java.util.concurrent.Phaser;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeoutException;

import static dev.weft.scheduler.runtime.ControlledHooks.visible;
import static dev.weft.scheduler.runtime.ControlledHooks.visibleTimed;

/**
 * The JVM runtime's handler of the synchronizer hooks ({@link SynchronizerHookHandler}): semaphores, latches,
 * barriers, phasers and exchangers. On a thread no execution manages, or where its operations are not visible, each
 * hook does what the uninstrumented code would have done (see {@link ControlledHooks}).
 */
public final class ControlledSynchronizerHooks implements SynchronizerHookHandler {

    // java.util.concurrent synchronizers: see Semaphores, Latches, Barriers, Phasers, StampedLocks.

    @Override
    public void semaphoreAcquire(Semaphore semaphore, int permits, boolean interruptibly, int site)
            throws InterruptedException {
        ManagedThread self = visible();
        if (self == null) {
            SynchronizerHookHandler.super.semaphoreAcquire(semaphore, permits, interruptibly, site);
        } else {
            Semaphores.acquire(self, semaphore, permits, interruptibly, site);
        }
    }

    @Override
    public boolean semaphoreTryAcquire(Semaphore semaphore, int permits, long nanos, int site)
            throws InterruptedException {
        ManagedThread self = visibleTimed(nanos);
        return self == null
                ? SynchronizerHookHandler.super.semaphoreTryAcquire(semaphore, permits, nanos, site)
                : Semaphores.tryAcquire(self, semaphore, permits, nanos, site);
    }

    @Override
    public void semaphoreRelease(Semaphore semaphore, int permits, int site) {
        ManagedThread self = visible();
        if (self == null) {
            SynchronizerHookHandler.super.semaphoreRelease(semaphore, permits, site);
        } else {
            Semaphores.release(self, semaphore, permits, site);
        }
    }

    @Override
    public int semaphoreDrainPermits(Semaphore semaphore, int site) {
        ManagedThread self = visible();
        return self == null ? semaphore.drainPermits() : Semaphores.drainPermits(self, semaphore, site);
    }

    @Override
    public int semaphoreAvailablePermits(Semaphore semaphore, int site) {
        ManagedThread self = visible();
        return self == null ? semaphore.availablePermits() : Semaphores.availablePermits(self, semaphore, site);
    }

    @Override
    public Object exchange(Exchanger<Object> exchanger, Object element, long nanos, int site)
            throws InterruptedException, TimeoutException {
        ManagedThread self = visibleTimed(nanos);
        return self == null ? SynchronizerHookHandler.super.exchange(exchanger, element, nanos, site)
                : self.execution.rendezvous.exchange(self, exchanger, element, nanos, site);
    }

    @Override
    public boolean latchAwait(CountDownLatch latch, long nanos, int site) throws InterruptedException {
        ManagedThread self = visibleTimed(nanos);
        return self == null ? SynchronizerHookHandler.super.latchAwait(latch, nanos, site)
                : Latches.await(self, latch, nanos, site);
    }

    @Override
    public void latchCountDown(CountDownLatch latch, int site) {
        ManagedThread self = visible();
        if (self == null) {
            latch.countDown();
        } else {
            Latches.countDown(self, latch, site);
        }
    }

    @Override
    public long latchGetCount(CountDownLatch latch, int site) {
        ManagedThread self = visible();
        return self == null ? latch.getCount() : Latches.getCount(self, latch, site);
    }

    @Override
    public int barrierAwait(CyclicBarrier barrier, long nanos, int site)
            throws InterruptedException, BrokenBarrierException, TimeoutException {
        ManagedThread self = visibleTimed(nanos);
        return self == null ? SynchronizerHookHandler.super.barrierAwait(barrier, nanos, site)
                : self.execution.barriers.await(self, barrier, nanos, site);
    }

    @Override
    public int barrierNumberWaiting(CyclicBarrier barrier, int site) {
        ManagedThread self = visible();
        return self == null ? barrier.getNumberWaiting() : self.execution.barriers.numberWaiting(self, barrier, site);
    }

    @Override
    public boolean barrierIsBroken(CyclicBarrier barrier, int site) {
        ManagedThread self = visible();
        return self == null ? barrier.isBroken() : self.execution.barriers.isBroken(self, barrier, site);
    }

    @Override
    public void barrierReset(CyclicBarrier barrier, int site) {
        ManagedThread self = visible();
        if (self == null) {
            barrier.reset();
        } else {
            self.execution.barriers.reset(self, barrier, site);
        }
    }

    @Override
    public int phaserRegister(Phaser phaser, int parties, int site) {
        ManagedThread self = visible();
        return self == null ? SynchronizerHookHandler.super.phaserRegister(phaser, parties, site)
                : Phasers.register(self, phaser, parties, site);
    }

    @Override
    public int phaserArrive(Phaser phaser, boolean deregister, int site) {
        ManagedThread self = visible();
        return self == null ? SynchronizerHookHandler.super.phaserArrive(phaser, deregister, site)
                : Phasers.arrive(self, phaser, deregister, site);
    }

    @Override
    public int phaserArriveAndAwaitAdvance(Phaser phaser, int site) {
        ManagedThread self = visible();
        return self == null ? phaser.arriveAndAwaitAdvance() : Phasers.arriveAndAwaitAdvance(self, phaser, site);
    }

    @Override
    public int phaserAwaitAdvance(Phaser phaser, int phase, boolean interruptibly, long nanos, int site)
            throws InterruptedException, TimeoutException {
        ManagedThread self = visibleTimed(nanos);
        return self == null
                ? SynchronizerHookHandler.super.phaserAwaitAdvance(phaser, phase, interruptibly, nanos, site)
                : Phasers.awaitAdvance(self, phaser, phase, interruptibly, nanos, site);
    }

    @Override
    public int phaserGetPhase(Phaser phaser, int site) {
        ManagedThread self = visible();
        return self == null ? phaser.getPhase() : Phasers.getPhase(self, phaser, site);
    }

    @Override
    public int phaserQuery(Phaser phaser, String query, int site) {
        ManagedThread self = visible();
        if (self != null) {
            Phasers.observe(self, phaser, site);
        }
        return SynchronizerHookHandler.super.phaserQuery(phaser, query, site);
    }

    @Override
    public void phaserForceTermination(Phaser phaser, int site) {
        ManagedThread self = visible();
        if (self != null) {
            Phasers.change(self, phaser, site);
        }
        SynchronizerHookHandler.super.phaserForceTermination(phaser, site);
    }
}
