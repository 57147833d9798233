package dev.weft.samples.threads;

import dev.weft.junit.ExhaustiveConcurrency;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
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

    /**
     * Looks at the live threads while two workers wait on a latch, and after they ended, as a leak check in a test's
     * tear-down does (the JSR-166 TCK's): the execution's own threads, the same in every execution, whatever else the
     * JVM runs (Weft's idle threads, the build tool's, other executions' beside it).
     */
    @ExhaustiveConcurrency
    void seesItsOwnLiveThreads() throws InterruptedException {
        CountDownLatch go = new CountDownLatch(1);
        Runnable waits = () -> {
            try {
                go.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        Thread first = new Thread(waits);
        Thread second = new Thread(waits);
        first.start();
        second.start();
        Thread[] live = new Thread[8];
        int count = Thread.enumerate(live);
        assertEquals(List.of(Thread.currentThread(), first, second), Arrays.asList(live).subList(0, count));
        assertEquals(3, Thread.activeCount());
        assertEquals(Set.of(Thread.currentThread(), first, second), Thread.getAllStackTraces().keySet());
        go.countDown();
        first.join();
        second.join();
        assertEquals(1, Thread.enumerate(live));
        assertEquals(Thread.currentThread(), live[0]);
    }
}
