package dev.weft.samples.synchronizers;

import dev.weft.junit.ExhaustiveConcurrency;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A fair {@code ReentrantLock} serves its queue first come, first served, and a signal puts the waiter it wakes at
 * the queue's tail. What that fixes and what it leaves open; {@link FairLockTest} runs them. Each program's JDK
 * answer was checked without Weft: the passing ones never fail in 20,000 runs, the failing ones do fail.
 */
class FairLockPrograms {

    /**
     * A waiter on a condition of the lock, signalled by main; main then takes the lock again. A fair lock has the
     * waiter queued by the signal, so main's new {@code lock()} queues behind it: the waiter always goes first.
     */
    @ExhaustiveConcurrency
    void aSignalledWaiterGoesBeforeItsSignaller() throws InterruptedException {
        assertOrder(signallerTakesTheLockAgain(true), "waiter", "main");
    }

    /** The same with an unfair lock: main may take it again before the waiter (barging). */
    @ExhaustiveConcurrency
    void anUnfairLockLetsTheSignallerBarge() throws InterruptedException {
        assertOrder(signallerTakesTheLockAgain(false), "waiter", "main");
    }

    /**
     * A thread that came to the fair lock while main held it, before main's signal, may have queued before the
     * waiter or after it (if it was slow to get there): both orders happen, and the one where it goes first breaks
     * the assertion.
     */
    @ExhaustiveConcurrency
    void aThreadThatCameBeforeTheSignalMayGoFirst() throws InterruptedException {
        ReentrantLock lock = new ReentrantLock(true);
        Condition ready = lock.newCondition();
        List<String> order = new ArrayList<>();
        boolean[] signalled = {false};
        CountDownLatch waiting = new CountDownLatch(1);
        Thread early = new Thread(() -> takeAndNote(lock, order, "early"));
        Thread first = waiter(lock, ready, signalled, order, "waiter", waiting);
        first.start();
        waiting.await();
        lock.lock();
        try {
            early.start();
            signalled[0] = true;
            ready.signal();
        } finally {
            lock.unlock();
        }
        first.join();
        early.join();
        assertOrder(order, "waiter", "early");
    }

    /** Two waiters, signalled together: a fair lock takes them back in the order they waited. */
    @ExhaustiveConcurrency
    void waitersSignalledTogetherGoInTheOrderTheyWaited() throws InterruptedException {
        ReentrantLock lock = new ReentrantLock(true);
        Condition ready = lock.newCondition();
        List<String> order = new ArrayList<>();
        boolean[] signalled = {false};
        CountDownLatch firstWaits = new CountDownLatch(1);
        CountDownLatch secondWaits = new CountDownLatch(1);
        Thread first = waiter(lock, ready, signalled, order, "first", firstWaits);
        Thread second = waiter(lock, ready, signalled, order, "second", secondWaits);
        first.start();
        firstWaits.await();
        second.start(); // takes the lock only once the first waits and has given it up
        secondWaits.await();
        lock.lock();
        try {
            signalled[0] = true;
            ready.signalAll();
        } finally {
            lock.unlock();
        }
        first.join();
        second.join();
        assertOrder(order, "first", "second");
    }

    private static List<String> signallerTakesTheLockAgain(boolean fair) throws InterruptedException {
        ReentrantLock lock = new ReentrantLock(fair);
        Condition ready = lock.newCondition();
        List<String> order = new ArrayList<>();
        boolean[] signalled = {false};
        CountDownLatch waiting = new CountDownLatch(1);
        Thread waiter = waiter(lock, ready, signalled, order, "waiter", waiting);
        waiter.start();
        waiting.await(); // the waiter holds the lock from here until it waits: main's lock() comes after
        lock.lock();
        try {
            signalled[0] = true;
            ready.signal();
        } finally {
            lock.unlock();
        }
        takeAndNote(lock, order, "main");
        waiter.join();
        return order;
    }

    /** A thread that takes the lock, says so, and waits until signalled; then notes that it has the lock back. */
    private static Thread waiter(ReentrantLock lock, Condition ready, boolean[] signalled, List<String> order,
                                 String name, CountDownLatch waiting) {
        return new Thread(() -> {
            lock.lock();
            try {
                if (waiting != null) {
                    waiting.countDown();
                }
                while (!signalled[0]) {
                    ready.awaitUninterruptibly();
                }
                order.add(name);
            } finally {
                lock.unlock();
            }
        });
    }

    private static void takeAndNote(ReentrantLock lock, List<String> order, String name) {
        lock.lock();
        try {
            order.add(name);
        } finally {
            lock.unlock();
        }
    }

    private static void assertOrder(List<String> order, String first, String second) {
        assert order.equals(List.of(first, second)) : "took the lock in the order " + order;
    }
}
