package dev.weft.samples.threads;

import dev.weft.junit.ExhaustiveConcurrency;

import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A worker blocks in {@code wait}, {@code sleep}, {@code join} or {@code park} and main interrupts it; run by
 * {@link InterruptTest}. Each worker ends however the interrupt meets it, so the programs pass.
 */
class InterruptPrograms {

    private interface Blocking {
        void block() throws InterruptedException;
    }

    /** Starts a worker that blocks once, interrupts it, joins it. */
    private static void interruptWhile(Blocking blocking) throws InterruptedException {
        Thread worker = new Thread(() -> {
            try {
                blocking.block();
            } catch (InterruptedException expected) {
                // interrupted before or while it blocked
            }
        });
        worker.start();
        worker.interrupt();
        worker.join();
    }

    @ExhaustiveConcurrency
    void interruptAWait() throws InterruptedException {
        Object monitor = new Object();
        interruptWhile(() -> {
            synchronized (monitor) {
                monitor.wait();
            }
        });
    }

    @ExhaustiveConcurrency
    void interruptASleep() throws InterruptedException {
        interruptWhile(() -> Thread.sleep(1_000));
    }

    /** The worker joins main, which ends only after joining the worker: only the interrupt lets it out. */
    @ExhaustiveConcurrency
    void interruptAJoin() throws InterruptedException {
        Thread main = Thread.currentThread();
        interruptWhile(main::join);
    }

    @ExhaustiveConcurrency
    void interruptAPark() throws InterruptedException {
        interruptWhile(LockSupport::park);
    }

    static final class Results {
        int done;
    }

    /**
     * A worker that must do its work even when asked to stop early, and does it before it sleeps: the interrupt cannot
     * make it lose the work.
     */
    @ExhaustiveConcurrency
    void workDoneBeforeTheInterruptibleSleep() throws InterruptedException {
        Results results = new Results();
        Thread worker = new Thread(() -> {
            results.done = 1;
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        worker.start();
        worker.interrupt();
        worker.join();
        assertEquals(1, results.done);
    }

    /** The bug: the work comes after the sleep, and the interrupt is swallowed, so the work is lost. */
    @ExhaustiveConcurrency
    void swallowedInterruptLosesTheWork() throws InterruptedException {
        Results results = new Results();
        Thread worker = new Thread(() -> {
            try {
                Thread.sleep(10);
                results.done = 1;
            } catch (InterruptedException swallowed) {
                // nothing: the work is silently skipped
            }
        });
        worker.start();
        worker.interrupt();
        worker.join();
        assertEquals(1, results.done, "the worker's work was lost");
    }
}
