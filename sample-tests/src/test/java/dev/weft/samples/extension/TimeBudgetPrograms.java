package dev.weft.samples.extension;

import dev.weft.junit.ExhaustiveConcurrency;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An exploration far too large to finish (seven threads each incrementing an atomic counter twice: 14! / 2^7, about
 * 681 million traces), under a time budget of Weft's own or JUnit's timeout. Run by {@link TimeBudgetTest}. The
 * execution budget of 300,000 is only a backstop, should a stop not work (the test would then fail, not hang).
 */
class TimeBudgetPrograms {

    private static void sevenThreadsIncrementTwice() throws InterruptedException {
        AtomicInteger counter = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            Thread thread = new Thread(() -> {
                counter.incrementAndGet();
                counter.incrementAndGet();
            });
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
    }

    @ExhaustiveConcurrency(maxSeconds = 1, maxExecutions = 300_000)
    void aTimeBudgetOfWefts() throws InterruptedException {
        sevenThreadsIncrementTwice();
    }

    @ExhaustiveConcurrency(maxExecutions = 300_000)
    @Timeout(2)
    void junitsTimeout() throws InterruptedException {
        sevenThreadsIncrementTwice();
    }

    /** A worker blocks in JDK code Weft does not control, and JUnit's timeout comes before Weft's watchdog (10 s). */
    @ExhaustiveConcurrency
    @Timeout(2)
    void junitsTimeoutWhileAThreadIsBlockedOutsideWeft() throws Exception {
        ExtensionPrograms.aWorkerBlocksInUncontrolledCode();
    }

    @ExhaustiveConcurrency(maxExecutions = 300_000)
    @Timeout(value = 2, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void junitsTimeoutInASeparateThread() throws InterruptedException {
        sevenThreadsIncrementTwice();
    }
}
