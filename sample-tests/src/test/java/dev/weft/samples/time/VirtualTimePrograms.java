package dev.weft.samples.time;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.samples.support.Concurrently;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests that rely on time passing, as code under test computes deadlines, back-offs and expiries from the clock. Run by
 * {@link VirtualTimeTest}: each execution has a clock of its own that moves only when a sleep ends or a timed wait
 * times out, so these pass as on a JVM, without waiting.
 */
class VirtualTimePrograms {

    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    /** A second of sleep is a second on every clock the test can read. */
    @ExhaustiveConcurrency
    void aSleepLetsTimePass() throws InterruptedException {
        long nanos = System.nanoTime();
        long millis = System.currentTimeMillis();
        Instant instant = Instant.now();
        Instant fromClock = Clock.systemUTC().instant();
        Thread.sleep(1000);
        assertThat(System.nanoTime() - nanos).isGreaterThanOrEqualTo(SECOND);
        assertThat(System.currentTimeMillis() - millis).isGreaterThanOrEqualTo(1000);
        assertThat(Duration.between(instant, Instant.now())).isGreaterThanOrEqualTo(Duration.ofSeconds(1));
        assertThat(Duration.between(fromClock, Clock.systemUTC().instant()))
                .isGreaterThanOrEqualTo(Duration.ofSeconds(1));
    }

    /** A latch nobody counts down: the timed await times out, and then its time has passed. */
    @ExhaustiveConcurrency
    void aTimedAwaitThatTimesOutTakesItsTime() throws InterruptedException {
        CountDownLatch never = new CountDownLatch(1);
        long started = System.currentTimeMillis();
        assertThat(never.await(1000, TimeUnit.MILLISECONDS)).isFalse();
        assertThat(System.currentTimeMillis() - started).isGreaterThanOrEqualTo(1000);
    }

    /** A poll on an empty queue times out after its two seconds. */
    @ExhaustiveConcurrency
    void aTimedPollThatTimesOutTakesItsTime() throws InterruptedException {
        BlockingQueue<String> empty = new ArrayBlockingQueue<>(1);
        long started = System.nanoTime();
        assertThat(empty.poll(2, TimeUnit.SECONDS)).isNull();
        assertThat(System.nanoTime() - started).isGreaterThanOrEqualTo(2 * SECOND);
    }

    /** A deadline computed from nanoTime has not passed after 200 ms, and has after 600. */
    @ExhaustiveConcurrency
    void aDeadlineExpiresWhenTheClockReachesIt() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(500);
        Thread.sleep(200);
        assertThat(System.nanoTime()).isLessThan(deadline);
        TimeUnit.MILLISECONDS.sleep(400);
        assertThat(System.nanoTime()).isGreaterThanOrEqualTo(deadline);
    }

    /** A cache entry that expires after a day: the test sleeps a day and sees tomorrow's date. */
    @ExhaustiveConcurrency
    void aDayPassesInNoTime() throws InterruptedException {
        LocalDateTime today = LocalDateTime.now();
        Thread.sleep(TimeUnit.DAYS.toMillis(1));
        assertThat(LocalDateTime.now()).isAfterOrEqualTo(today.plusDays(1));
    }

    /**
     * Two threads each sleep 30 one-second naps: a minute of sleeping in the code. Nothing ordering their sleeps
     * against each other matters to anything, so the naps overlap: when both are done, at least 30 s have passed on the
     * clock, and no more than the minute they would take one after the other.
     */
    @ExhaustiveConcurrency
    void aMinuteOfNaps() throws InterruptedException {
        long started = System.nanoTime();
        Runnable naps = () -> {
            for (int i = 0; i < 30; i++) {
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        };
        Concurrently.run(naps, naps);
        assertThat(System.nanoTime() - started).isBetween(30 * SECOND, 60 * SECOND);
    }

    /**
     * Every execution starts at the same time and its clock moves only by its own steps, so code that branches on the
     * time does the same in every execution of a schedule: no NONDETERMINISM. Two threads each add the time they read
     * to a total, which the other may or may not have read first: 2 orders of the two atomic additions.
     */
    @ExhaustiveConcurrency
    void timeIsTheSameInEveryExecution() throws InterruptedException {
        AtomicLong total = new AtomicLong();
        Runnable addTime = () -> {
            if (System.currentTimeMillis() % 2 == 0) {
                total.addAndGet(2);
            } else {
                total.addAndGet(1);
            }
        };
        Concurrently.run(addTime, addTime);
        assertThat(total.get()).isPositive();
    }

    /**
     * Computing takes no time on the virtual clock, and a thread's CPU time follows it: a test that bounds the CPU its
     * threads burn (a spin loop that should yield) is not failed by Weft's own work on those threads.
     */
    @ExhaustiveConcurrency
    void aThreadsCpuTimeIsVirtual() throws InterruptedException {
        AtomicLong burnt = new AtomicLong(-1);
        Thread worker = new Thread(() -> {
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            long before = threads.getCurrentThreadCpuTime();
            long sum = 0;
            for (int i = 0; i < 1_000_000; i++) {
                sum += i % 7;
            }
            burnt.set(threads.getCurrentThreadCpuTime() - before + (sum < 0 ? 1 : 0));
        });
        worker.start();
        worker.join();
        assertThat(burnt.get()).isZero();
    }
}
