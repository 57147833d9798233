package dev.weft.samples.threads;

import dev.weft.junit.ExhaustiveConcurrency;

import java.util.Date;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Timed waits, run by {@link TimeoutTest} under both timeout policies. */
class TimeoutPrograms {

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private boolean done;

    private void finish() {
        lock.lock();
        try {
            done = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * The test users write: "the worker finishes within ten seconds". The worker can always still come, so it must
     * not be reported as timing out.
     */
    @ExhaustiveConcurrency
    void timedAwaitForAWorkerThatWillFinish() throws InterruptedException {
        Thread worker = new Thread(this::finish);
        worker.start();
        lock.lock();
        try {
            while (!done) {
                assertTrue(changed.await(10, TimeUnit.SECONDS), "the worker did not finish in time");
            }
        } finally {
            lock.unlock();
        }
        worker.join();
    }

    /** The same with a deadline ({@code awaitUntil}), read on the test's clock as {@code new Date()} reads it. */
    @ExhaustiveConcurrency
    void awaitUntilForAWorkerThatWillFinish() throws InterruptedException {
        Thread worker = new Thread(this::finish);
        worker.start();
        lock.lock();
        try {
            Date deadline = new Date(System.currentTimeMillis() + 10_000);
            while (!done) {
                assertTrue(changed.awaitUntil(deadline), "the worker did not finish in time");
            }
        } finally {
            lock.unlock();
        }
        worker.join();
    }

    /** Nobody signals: the await ends when the test's clock reaches the deadline, and not before. */
    @ExhaustiveConcurrency
    void awaitUntilNobodySignals() throws InterruptedException {
        lock.lock();
        try {
            Date deadline = new Date(System.currentTimeMillis() + 10_000);
            assertFalse(changed.awaitUntil(deadline));
            assertTrue(System.currentTimeMillis() >= deadline.getTime(), "woke before its deadline");
        } finally {
            lock.unlock();
        }
    }

    /** The same with a monitor and a timed join. */
    @ExhaustiveConcurrency
    void timedWaitAndTimedJoinForAWorkerThatWillFinish() throws InterruptedException {
        Object monitor = new Object();
        boolean[] ready = new boolean[1];
        Thread worker = new Thread(() -> {
            synchronized (monitor) {
                ready[0] = true;
                monitor.notifyAll();
            }
        });
        worker.start();
        synchronized (monitor) {
            if (!ready[0]) {
                monitor.wait(10_000);
            }
            assertTrue(ready[0], "woken without the flag");
        }
        worker.join(10_000);
        assertFalse(worker.isAlive(), "the worker did not end in time");
    }

    /**
     * The signal may come before the await starts and is then lost: the await times out (returns false) instead of
     * waiting for ever. The assertion claims it is always signalled, which is wrong.
     */
    @ExhaustiveConcurrency
    void aLostSignalIsATimeoutNotADeadlock() throws InterruptedException {
        assertTrue(awaitARacingSignal(), "the signal was lost");
    }

    /** The twin claim, also wrong: the await may well be signalled. */
    @ExhaustiveConcurrency
    void aLostSignalIsNotTheOnlyOutcome() throws InterruptedException {
        assertFalse(awaitARacingSignal(), "the await was signalled");
    }

    /** A thread signals {@code changed} while this one awaits it for a second; whether the await was signalled. */
    private boolean awaitARacingSignal() throws InterruptedException {
        Thread signaller = new Thread(() -> {
            lock.lock();
            try {
                changed.signal();
            } finally {
                lock.unlock();
            }
        });
        signaller.start();
        boolean signalled;
        lock.lock();
        try {
            signalled = changed.await(1, TimeUnit.SECONDS);
        } finally {
            lock.unlock();
        }
        signaller.join();
        return signalled;
    }

    /**
     * A worker parks until a deadline a second away on the clock, unless main unparks it first: it comes back at once.
     */
    @ExhaustiveConcurrency
    void parkUntilADeadlineUnparkedFirst() throws InterruptedException {
        long[] parkedFor = new long[1];
        Thread worker = new Thread(() -> parkedFor[0] = parkUntilASecondFromNow());
        worker.start();
        LockSupport.unpark(worker);
        worker.join();
        assertTrue(parkedFor[0] == 0, "parked for " + parkedFor[0] + " ms");
    }

    /** Nobody unparks the worker: its park ends at the deadline, on the execution's clock. */
    @ExhaustiveConcurrency
    void parkUntilADeadlineNobodyUnparks() throws InterruptedException {
        long[] parkedFor = new long[1];
        Thread worker = new Thread(() -> parkedFor[0] = parkUntilASecondFromNow());
        worker.start();
        worker.join();
        assertTrue(parkedFor[0] >= 1_000, "parked for " + parkedFor[0] + " ms");
    }

    /** Parks until a second from now; returns how long it was parked. */
    private static long parkUntilASecondFromNow() {
        long start = System.currentTimeMillis();
        LockSupport.parkUntil(start + 1_000);
        return System.currentTimeMillis() - start;
    }

    /**
     * TimeUnit's timed join and timed wait: the join gives up on a worker that waits for main, and the wait for a
     * notify that never comes times out.
     */
    @ExhaustiveConcurrency
    void timeUnitTimedJoinAndTimedWait() throws InterruptedException {
        java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
        Thread worker = new Thread(() -> {
            try {
                go.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        worker.start();
        TimeUnit.SECONDS.timedJoin(worker, 10);
        assertTrue(worker.isAlive(), "the worker ended before main let it go");
        Object monitor = new Object();
        synchronized (monitor) {
            TimeUnit.MILLISECONDS.timedWait(monitor, 100);
        }
        go.countDown();
        worker.join();
    }
}
