package dev.weft.samples.time;

import dev.weft.junit.ExhaustiveConcurrency;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Tests that rely on time the way tests do: a short timeout against a long task, an interrupt against a long sleep,
 * a sleep that waits for another thread's work, sleeps that wait for a periodic timer task. Run by
 * {@link TestTimeTest}: by default time passes only when no thread can move (the test's time), so each passes as it
 * does on every JVM that is not overloaded; with stalls explored ({@code weft.timeouts=any}) the last two fail with
 * {@code TIMING}, naming the sleep they rely on.
 */
class TestTimePrograms {

    /** A task sleeps 5 s; the test's {@code get(1, SECONDS)} times out first. */
    @ExhaustiveConcurrency
    void aShortTimeoutEndsBeforeALongTask() throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<String> slow = pool.submit(() -> {
                Thread.sleep(5_000);
                return "done";
            });
            assertThatThrownBy(() -> slow.get(1, TimeUnit.SECONDS)).isInstanceOf(TimeoutException.class);
        } finally {
            pool.shutdownNow();
        }
    }

    /** A thread sleeps 10 s; the test interrupts it at once: the sleep sees the interrupt. */
    @ExhaustiveConcurrency
    void anInterruptEndsALongSleep() throws InterruptedException {
        AtomicBoolean sawInterrupt = new AtomicBoolean();
        Thread sleeper = new Thread(() -> {
            try {
                Thread.sleep(10_000);
            } catch (InterruptedException e) {
                sawInterrupt.set(true);
            }
        });
        sleeper.start();
        sleeper.interrupt();
        sleeper.join();
        assertThat(sawInterrupt).isTrue();
    }

    /** A sleep of 100 ms used to wait for another thread's work, which takes microseconds. */
    static int work;

    @ExhaustiveConcurrency
    void aSleepWaitsForAnotherThreadsWork() throws InterruptedException {
        work = 0;
        new Thread(() -> work = 42).start();
        Thread.sleep(100);
        assertThat(work).isEqualTo(42);
    }

    /**
     * A timer task every 500 ms (a rate limiter's end of period); the test sleeps 500 ms at a time, at most ten times,
     * until the task has run once.
     */
    @ExhaustiveConcurrency
    void sleepsWaitForAPeriodicTimerTask() throws InterruptedException {
        AtomicInteger periods = new AtomicInteger();
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        try {
            timer.scheduleAtFixedRate(periods::incrementAndGet, 500, 500, TimeUnit.MILLISECONDS);
            for (int i = 0; i < 10 && periods.get() == 0; i++) {
                Thread.sleep(500);
            }
            assertThat(periods.get()).as("endOfPeriod() not called!").isPositive();
        } finally {
            timer.shutdownNow();
        }
    }
}
