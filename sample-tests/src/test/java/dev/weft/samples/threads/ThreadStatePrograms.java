package dev.weft.samples.threads;

import dev.weft.junit.ExhaustiveConcurrency;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.ReentrantLock;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Tests that wait until another thread blocks by asking its {@code getState()}, a common way to set a race up.
 * {@link ThreadStateTest} runs them.
 */
class ThreadStatePrograms {

    /** Spins until the worker waits for the monitor main holds. */
    @ExhaustiveConcurrency
    void untilBlockedOnAMonitor() throws InterruptedException {
        Object monitor = new Object();
        Thread worker;
        synchronized (monitor) {
            worker = new Thread(() -> {
                synchronized (monitor) {
                    monitor.notifyAll();
                }
            });
            worker.start();
            while (worker.getState() != Thread.State.BLOCKED) {
                Thread.yield();
            }
        }
        worker.join();
    }

    /** A worker waiting for a ReentrantLock is WAITING (it parks), not BLOCKED. */
    @ExhaustiveConcurrency
    void untilWaitingForALock() throws InterruptedException {
        ReentrantLock lock = new ReentrantLock();
        lock.lock();
        Thread worker = new Thread(() -> {
            lock.lock();
            lock.unlock();
        });
        worker.start();
        while (worker.getState() != Thread.State.WAITING) {
            Thread.yield();
        }
        lock.unlock();
        worker.join();
    }

    /** The worker marks its progress, then waits on a latch: once it is WAITING, the mark is there. */
    @ExhaustiveConcurrency
    void untilWaitingThenItsProgressIsSeen() throws InterruptedException {
        CountDownLatch go = new CountDownLatch(1);
        int[] progress = new int[1];
        Thread worker = new Thread(() -> {
            progress[0] = 1;
            try {
                go.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        worker.start();
        while (worker.getState() != Thread.State.WAITING) {
            Thread.yield();
        }
        assertEquals(1, progress[0], "the worker was WAITING before it got to its wait");
        go.countDown();
        worker.join();
    }

    /** A sleeping worker is TIMED_WAITING. */
    @ExhaustiveConcurrency
    void untilSleeping() throws InterruptedException {
        Thread worker = new Thread(() -> {
            try {
                Thread.sleep(1_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        worker.start();
        while (worker.getState() != Thread.State.TIMED_WAITING && worker.isAlive()) {
            Thread.yield();
        }
        worker.join();
    }

    /** A started thread that has not ended is RUNNABLE unless it waits: never WAITING while it has work to do. */
    @ExhaustiveConcurrency
    void aStartedThreadIsRunnable() throws InterruptedException {
        Thread worker = new Thread(() -> { });
        worker.start();
        Thread.State state = worker.getState();
        worker.join();
        assertEquals(true, state == Thread.State.RUNNABLE || state == Thread.State.TERMINATED, "state " + state);
    }
}
