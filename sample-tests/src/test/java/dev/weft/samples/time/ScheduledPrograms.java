package dev.weft.samples.time;

import dev.weft.junit.ExhaustiveConcurrency;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.Delayed;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Scheduled executors and delay queues on the execution's virtual clock. Run by {@link ScheduledTest}: delays pass
 * when the test waits or sleeps past them, without real waiting.
 */
class ScheduledPrograms {

    private static final long MILLI = TimeUnit.MILLISECONDS.toNanos(1);

    /** A task scheduled a second ahead runs a second later, and the test waits for it without waiting a second. */
    @ExhaustiveConcurrency
    void aDelayedTaskRunsWhenItsDelayHasPassed() throws Exception {
        ScheduledExecutorService pool = Executors.newScheduledThreadPool(1);
        try {
            long scheduled = System.nanoTime();
            ScheduledFuture<Long> ran = pool.schedule(System::nanoTime, 1, TimeUnit.SECONDS);
            assertThat(ran.get() - scheduled).isGreaterThanOrEqualTo(TimeUnit.SECONDS.toNanos(1));
        } finally {
            pool.shutdown();
        }
    }

    /**
     * A heartbeat every 100 ms from 0: the test waits for four beats, which take 300 ms of the clock. (A test that
     * slept 350 ms and then counted the beats would rely on the pool's thread getting to run meanwhile, which no JVM
     * promises: Weft would show it the interleaving where it did not.)
     */
    @ExhaustiveConcurrency
    void aHeartbeatBeatsEveryPeriod() throws Exception {
        ScheduledExecutorService pool = Executors.newSingleThreadScheduledExecutor();
        CountDownLatch fourBeats = new CountDownLatch(4);
        long started = System.nanoTime();
        try {
            ScheduledFuture<?> heartbeat = pool.scheduleAtFixedRate(fourBeats::countDown, 0, 100,
                    TimeUnit.MILLISECONDS);
            fourBeats.await();
            assertThat(System.nanoTime() - started).isGreaterThanOrEqualTo(300 * MILLI);
            heartbeat.cancel(false);
        } finally {
            pool.shutdown();
        }
        assertThat(pool.awaitTermination(1, TimeUnit.SECONDS)).isTrue();
    }

    /** With a fixed delay after each run, which sleeps 50 ms, runs begin every 150 ms: at 0, 150 and 300. */
    @ExhaustiveConcurrency
    void aFixedDelayCountsFromTheEndOfEachRun() throws Exception {
        ScheduledExecutorService pool = Executors.newScheduledThreadPool(1);
        List<Long> starts = new ArrayList<>();
        CountDownLatch threeRuns = new CountDownLatch(3);
        long origin = System.nanoTime();
        try {
            pool.scheduleWithFixedDelay(() -> {
                synchronized (starts) {
                    starts.add((System.nanoTime() - origin) / MILLI);
                }
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                threeRuns.countDown();
            }, 0, 100, TimeUnit.MILLISECONDS);
            threeRuns.await();
        } finally {
            pool.shutdownNow();
        }
        synchronized (starts) {
            assertThat(starts).startsWith(0L, 150L, 300L);
        }
    }

    /** A task cancelled before it is due never runs; shutdown with the default policy still runs one that is due. */
    @ExhaustiveConcurrency
    void cancellationAndShutdownPolicies() throws Exception {
        ScheduledThreadPoolExecutor pool = new ScheduledThreadPoolExecutor(1);
        AtomicInteger ran = new AtomicInteger();
        ScheduledFuture<?> cancelled = pool.schedule(() -> ran.addAndGet(100), 1, TimeUnit.SECONDS);
        pool.schedule(() -> ran.addAndGet(1), 2, TimeUnit.SECONDS);
        assertThat(cancelled.cancel(false)).isTrue();
        pool.shutdown();
        assertThat(pool.awaitTermination(1, TimeUnit.MINUTES)).isTrue();
        assertThat(ran.get()).isEqualTo(1);
    }

    /** shutdownNow hands back the tasks that were not due yet, and runs none of them. */
    @ExhaustiveConcurrency
    void shutdownNowReturnsWhatWasNotDue() throws Exception {
        ScheduledThreadPoolExecutor pool = new ScheduledThreadPoolExecutor(1);
        AtomicInteger ran = new AtomicInteger();
        pool.schedule(ran::incrementAndGet, 1, TimeUnit.HOURS);
        pool.schedule(ran::incrementAndGet, 2, TimeUnit.HOURS);
        assertThat(pool.shutdownNow()).hasSize(2);
        assertThat(pool.awaitTermination(1, TimeUnit.SECONDS)).isTrue();
        assertThat(ran.get()).isZero();
    }

    /**
     * The bug: assuming that {@code shutdownNow} hands nothing back once a periodic task has run. After its run the
     * worker puts the task back into the queue; when it does so before the shutdown, {@code shutdownNow} drains it and
     * hands it back (when it comes after, the worker cancels the task instead).
     */
    @ExhaustiveConcurrency
    void shutdownNowHandsBackAPeriodicTaskPutBackBeforeIt() throws Exception {
        ScheduledExecutorService pool = Executors.newScheduledThreadPool(1);
        CountDownLatch ran = new CountDownLatch(1);
        pool.scheduleWithFixedDelay(ran::countDown, 0, 100, TimeUnit.MILLISECONDS);
        ran.await();
        assertThat(pool.shutdownNow()).as("tasks handed back by shutdownNow").isEmpty();
    }

    /** A count that two tasks increment without a lock. */
    static final class Tally {
        int count;
    }

    /**
     * Two tasks due at the same instant on a pool of two: they run at once, and their unsynchronized increments can
     * lose one, as on a JVM.
     */
    @ExhaustiveConcurrency
    void twoTasksDueAtOnceRace() throws Exception {
        ScheduledExecutorService pool = Executors.newScheduledThreadPool(2);
        Tally tally = new Tally();
        try {
            ScheduledFuture<?> first = pool.schedule(() -> tally.count++, 10, TimeUnit.MILLISECONDS);
            ScheduledFuture<?> second = pool.schedule(() -> tally.count++, 10, TimeUnit.MILLISECONDS);
            first.get();
            second.get();
        } finally {
            pool.shutdown();
        }
        assertThat(tally.count).isEqualTo(2);
    }

    /** An element of a delay queue. */
    static final class Expiring implements Delayed {
        final String name;
        final long dueAt;

        Expiring(String name, long delayMillis) {
            this.name = name;
            this.dueAt = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(delayMillis);
        }

        @Override
        public long getDelay(TimeUnit unit) {
            return unit.convert(dueAt - System.nanoTime(), TimeUnit.NANOSECONDS);
        }

        @Override
        public int compareTo(Delayed other) {
            Expiring that = (Expiring) other;
            int byDue = Long.compare(dueAt, that.dueAt);
            return byDue != 0 ? byDue : name.compareTo(that.name); // elements due at once come out by name
        }
    }

    /**
     * The bug: assuming that a thread which takes twice from a delay queue gets two elements in a row. Three elements
     * become due at once while {@code twice} waits as the queue's leader and {@code once} waits behind it. When the
     * delay has passed, {@code twice} takes the first and wakes {@code once}, and the two then race for the second:
     * on a JVM {@code once} can get it, before {@code twice} is back.
     */
    @ExhaustiveConcurrency
    void aWokenTakerGetsTheNextElementFirst() throws Exception {
        BlockingQueue<Expiring> queue = new DelayQueue<>();
        for (String name : List.of("first", "second", "third")) {
            queue.put(new Expiring(name, 10));
        }
        List<String> takenTwice = new ArrayList<>();
        Thread twice = new Thread(() -> takeInto(queue, takenTwice, 2));
        List<String> takenOnce = new ArrayList<>();
        Thread once = new Thread(() -> takeInto(queue, takenOnce, 1));
        twice.start();
        once.start();
        twice.join();
        once.join();
        assertThat(takenTwice).as("a thread's two takes, taken in a row").isIn(
                List.of("first", "second"), List.of("second", "third"));
    }

    private static void takeInto(BlockingQueue<Expiring> queue, List<String> taken, int times) {
        try {
            for (int i = 0; i < times; i++) {
                taken.add(queue.take().name);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A consumer takes from a delay queue the elements a producer puts, in the order they become due. */
    @ExhaustiveConcurrency
    void aDelayQueueHandsOutElementsWhenTheyAreDue() throws Exception {
        BlockingQueue<Expiring> queue = new DelayQueue<>();
        List<String> taken = new ArrayList<>();
        Thread consumer = new Thread(() -> {
            try {
                for (int i = 0; i < 2; i++) {
                    taken.add(queue.take().name);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        consumer.start();
        queue.put(new Expiring("late", 200));
        queue.put(new Expiring("early", 100));
        consumer.join();
        assertThat(taken).containsExactly("early", "late");
    }
}
