package dev.weft.samples.stress;

import dev.weft.junit.ExhaustiveConcurrency;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Tests the size real projects write them ({@link StressTest}): many identical threads, a lazy initialiser and a
 * check-then-act among many threads, a loop of thousands of turns, a wait loop on {@code synchronized} checks. None
 * of them can be explored exhaustively in a minute except the wait loop; each must end within its budget with its
 * coverage stated, and the two bugs must be found.
 */
class StressPrograms {

    /** A counter whose methods are {@code synchronized}: correct. */
    static final class Counter {
        private int value;

        synchronized void increment() {
            value++;
        }

        synchronized int value() {
            return value;
        }
    }

    /** {@code n} threads each increment the counter once; main joins them and checks the count. */
    static void identicalThreads(int n) throws InterruptedException {
        Counter counter = new Counter();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Thread thread = new Thread(counter::increment);
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        assertEquals(n, counter.value());
    }

    @ExhaustiveConcurrency
    void tenIdenticalThreads() throws InterruptedException {
        identicalThreads(10);
    }

    @ExhaustiveConcurrency
    void twentyIdenticalThreads() throws InterruptedException {
        identicalThreads(20);
    }

    @ExhaustiveConcurrency
    void fiftyIdenticalThreads() throws InterruptedException {
        identicalThreads(50);
    }

    @ExhaustiveConcurrency
    void oneHundredTwentyEightIdenticalThreads() throws InterruptedException {
        identicalThreads(128);
    }

    /** A lazy holder without a lock: two threads can both see {@code null} and make two objects. */
    static final class LazyHolder {
        private Object value;

        Object get() {
            if (value == null) {
                value = new Object();
            }
            return value;
        }
    }

    /**
     * Twenty threads wait for a start signal, get the holder's object and count down a completion latch; main checks
     * they all got the same one. Every order of the twenty count-downs is a trace of its own, which a depth-first
     * search runs first; the bug needs one preemption.
     */
    @ExhaustiveConcurrency
    void lazyInitialiserAmongTwentyThreads() throws InterruptedException {
        LazyHolder holder = new LazyHolder();
        CountDownLatch start = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(20);
        Object[] got = new Object[20];
        for (int i = 0; i < 20; i++) {
            int mine = i;
            new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                got[mine] = holder.get();
                done.countDown();
            }).start();
        }
        start.countDown();
        done.await();
        for (Object one : got) {
            assertSame(got[0], one, "every thread got the same object");
        }
    }

    /** One ticket; {@code buy} checks, then acts, without a lock. */
    static final class TicketOffice {
        private int left = 1;
        private int sold;

        void buy() {
            if (left > 0) {
                left--;
                sold++;
            }
        }

        int sold() {
            return sold;
        }
    }

    /** Fifty threads try to buy the one ticket: two can both see it left. */
    @ExhaustiveConcurrency
    void checkThenActAmongFiftyThreads() throws InterruptedException {
        TicketOffice office = new TicketOffice();
        List<Thread> buyers = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            Thread buyer = new Thread(office::buy);
            buyers.add(buyer);
            buyer.start();
        }
        for (Thread buyer : buyers) {
            buyer.join();
        }
        assertTrue(office.sold() <= 1, "sold " + office.sold() + " tickets, there was one");
    }

    /** At most {@code perPeriod} acquisitions a period; a timer starts each new period. Correct. */
    static final class RateLimiter {
        private final int perPeriod;
        private int used;

        RateLimiter(int perPeriod) {
            this.perPeriod = perPeriod;
        }

        synchronized void acquire() throws InterruptedException {
            while (used >= perPeriod) {
                wait();
            }
            used++;
        }

        synchronized void newPeriod() {
            used = 0;
            notifyAll();
        }
    }

    /**
     * A worker acquires a rate limiter 3,000 times (10 a period) while a daemon timer starts a new period every 10 ms:
     * a loop that ends, after well over 10,000 visible operations.
     */
    @ExhaustiveConcurrency
    void aRateLimitedLoopOfThreeThousandTurns() throws InterruptedException {
        RateLimiter limiter = new RateLimiter(10);
        int[] acquired = new int[1];
        Thread worker = new Thread(() -> {
            try {
                for (int i = 0; i < 3_000; i++) {
                    limiter.acquire();
                    acquired[0]++;
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        Thread timer = new Thread(() -> {
            try {
                while (true) {
                    Thread.sleep(10);
                    limiter.newPeriod();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        timer.setDaemon(true);
        worker.start();
        timer.start();
        worker.join();
        assertEquals(3_000, acquired[0]);
    }

    /** Started by another thread; the check is {@code synchronized}. */
    static final class Task {
        private boolean started;

        synchronized void start() {
            started = true;
        }

        synchronized boolean isStarted() {
            return started;
        }
    }

    /**
     * Main waits for two background tasks in a loop bounded by the clock, as a real library's test does; each turn
     * takes and gives back an uncontended monitor and reads the clock, changing nothing another thread can see.
     */
    @ExhaustiveConcurrency
    void waitsForTwoTasksToStart() throws InterruptedException {
        Task a = new Task();
        Task b = new Task();
        Thread startsA = new Thread(a::start);
        Thread startsB = new Thread(b::start);
        startsA.start();
        startsB.start();
        long end = System.currentTimeMillis() + 10_000;
        while (!a.isStarted() || !b.isStarted()) {
            if (System.currentTimeMillis() > end) {
                fail("never started");
            }
        }
        startsA.join();
        startsB.join();
    }

    /**
     * A worker counts a latch down on every turn of its loop, as a sequence whose {@code get()} counts one down does in
     * the LMAX Disruptor's tests, until main, which waits for the latch, tells it to stop. Once the latch is at zero a
     * turn changes nothing another thread can see, so fair schedules hold the worker while main can move.
     */
    @ExhaustiveConcurrency
    void aLoopCountingDownASpentLatchWaitsFairly() throws InterruptedException {
        CountDownLatch seen = new CountDownLatch(1);
        AtomicBoolean stop = new AtomicBoolean();
        Thread worker = new Thread(() -> {
            while (!stop.get()) {
                seen.countDown();
            }
        });
        worker.start();
        seen.await();
        stop.set(true);
        worker.join();
    }

    /** A processor's position, set round its busy wait to where it already is. */
    static final class Processor {
        volatile boolean ready;
        long position = -1;
    }

    /**
     * A worker, once started, sets its position to where it already is on every turn of a busy wait for main's flag,
     * as the LMAX Disruptor's event processor does while a claimed slot is not yet published. Such a write changes
     * nothing another thread can see, so fair schedules hold the worker while main can move.
     */
    @ExhaustiveConcurrency
    void aLoopWritingTheValueAlreadyThereWaitsFairly() throws InterruptedException {
        Processor processor = new Processor();
        CountDownLatch started = new CountDownLatch(1);
        Thread worker = new Thread(() -> {
            started.countDown();
            while (!processor.ready) {
                processor.position = -1;
            }
        });
        worker.start();
        started.await();
        processor.ready = true;
        worker.join();
    }

    /**
     * One permit a period of 500 s: {@code tryAcquire} reads its limit through a getter twice, holding the monitor, and
     * starts the period's timer on a scheduled pool. Correct: two threads get one permit between them, since the period
     * cannot end within microseconds. Reading one field at one site twice is no spin (the spin rule once held the
     * thread between its two reads, so nothing could move and the 500 s timeout fired, granting a second permit).
     */
    static final class PeriodLimiter {
        private final ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1);
        private ScheduledFuture<?> period;
        private int limit = 1;
        private int acquired;

        synchronized int limit() {
            return limit;
        }

        synchronized boolean tryAcquire() {
            if (period == null) {
                period = timer.scheduleAtFixedRate(this::endOfPeriod, 500, 500, TimeUnit.SECONDS);
            }
            if (limit() <= 0 || acquired < limit()) {
                acquired++;
                return true;
            }
            return false;
        }

        synchronized void endOfPeriod() {
            acquired = 0;
        }
    }

    @ExhaustiveConcurrency
    void aGetterReadTwiceUnderAMonitorIsNoSpin() throws InterruptedException {
        PeriodLimiter limiter = new PeriodLimiter();
        boolean[] got = new boolean[2];
        Thread a = new Thread(() -> got[0] = limiter.tryAcquire());
        Thread b = new Thread(() -> got[1] = limiter.tryAcquire());
        a.start();
        b.start();
        a.join();
        b.join();
        limiter.timer.shutdownNow();
        assertEquals(1, (got[0] ? 1 : 0) + (got[1] ? 1 : 0), "permits granted within one 500 s period");
    }

    /**
     * Main waits for a task nobody starts, in a loop bounded by the clock, while another thread does other work: once
     * nothing else can move, the clock moves on at each turn, and the loop gives up after its ten seconds.
     */
    @ExhaustiveConcurrency
    void aClockBoundedWaitForATaskNobodyStartsGivesUp() throws InterruptedException {
        Task never = new Task();
        Counter other = new Counter();
        Thread worker = new Thread(other::increment);
        worker.start();
        long begin = System.currentTimeMillis();
        long end = begin + 10_000;
        while (!never.isStarted() && System.currentTimeMillis() <= end) {
            Thread.onSpinWait();
        }
        worker.join();
        assertTrue(System.currentTimeMillis() - begin > 10_000, "gave up only after its ten seconds");
        assertEquals(1, other.value());
    }

    /**
     * A scheduled task goes through the two keys of a map under a monitor (commons-pool's
     * {@code EvictionTimer.Reaper}, every 100 ms on a scheduled pool), while main sleeps until it has, for 5 s at
     * most: on a JVM the loop takes microseconds. Its turns are the same steps ({@code hasNext}, {@code next}) on the
     * same map, but each {@code next} moves the task's iterator on.
     */
    @ExhaustiveConcurrency
    void aLoopOverAMapUnderAMonitorEndsWhileMainSleeps() throws InterruptedException {
        java.util.Map<String, Integer> map = new java.util.HashMap<>(java.util.Map.of("a", 1, "b", 2));
        AtomicBoolean done = new AtomicBoolean();
        Object monitor = new Object();
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1);
        timer.scheduleWithFixedDelay(() -> {
            synchronized (monitor) {
                int keys = 0;
                for (String key : map.keySet()) {
                    keys += key.length();
                }
                done.set(keys == 2);
            }
        }, 100, 100, TimeUnit.MILLISECONDS);
        for (int waited = 0; !done.get() && waited < 50; waited++) {
            Thread.sleep(100);
        }
        timer.shutdownNow();
        assertTrue(done.get(), "the task had not gone through two keys after 5 s");
    }

    /**
     * Main holds a lock and yields until the other thread's timed {@code tryLock} of it gives up: a JVM ends the wait
     * after its second, and the loop with it.
     */
    @ExhaustiveConcurrency
    void aSpinLoopWaitsForATimedWaitToGiveUp() throws InterruptedException {
        ReentrantLock lock = new ReentrantLock();
        AtomicBoolean gaveUp = new AtomicBoolean();
        lock.lock();
        Thread waiter = new Thread(() -> {
            try {
                if (lock.tryLock(1, TimeUnit.SECONDS)) {
                    lock.unlock();
                } else {
                    gaveUp.set(true);
                }
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        waiter.start();
        while (!gaveUp.get()) {
            Thread.yield();
        }
        lock.unlock();
        waiter.join();
    }

    /**
     * A loop whose turns take real time between few visible operations: each computes for a while on its own locals
     * (tens of milliseconds on this machine), then sleeps. Ten thousand turns would pass no step limit, while they take
     * minutes.
     */
    @ExhaustiveConcurrency
    void computesForMinutesBetweenSleeps() throws InterruptedException {
        long sum = 0;
        for (int turn = 0; turn < 10_000; turn++) {
            for (int i = 0; i < 50_000_000; i++) {
                sum += (long) i * turn ^ sum >>> 7;
            }
            Thread.sleep(10);
        }
        assertTrue(sum != 1); // the sum is used: the computation cannot be left out
    }
}
