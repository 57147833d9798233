package dev.weft.samples.extension;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.junit.KeepAcrossExecutions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A pool made in {@code @BeforeEach} and shut down in {@code @AfterEach}, whose cleanup must run to its end in every
 * execution, also in those a sleep set cuts off (the pool's counting lock makes some here): the counters, outside
 * the test's instance, count how many began and how many finished it.
 */
class CleanupPrograms {

    /** Kept across executions: what the test checks once they have all run. */
    @KeepAcrossExecutions
    static final AtomicInteger SET_UP = new AtomicInteger();
    @KeepAcrossExecutions
    static final AtomicInteger CLEANED_UP = new AtomicInteger();

    private ExecutorService pool;
    private AtomicInteger counter;

    @BeforeEach
    void createThePool() {
        SET_UP.incrementAndGet();
        pool = Executors.newFixedThreadPool(2);
        counter = new AtomicInteger();
    }

    @AfterEach
    void shutThePoolDown() throws InterruptedException {
        pool.shutdown();
        pool.awaitTermination(10, TimeUnit.SECONDS);
        CLEANED_UP.incrementAndGet(); // a temporary folder deleted, a connection closed
    }

    @ExhaustiveConcurrency
    void twoTasksTakeTurns() throws Exception {
        Future<Integer> first = pool.submit(() -> counter.getAndIncrement());
        Future<Integer> second = pool.submit(() -> counter.getAndIncrement());
        assertEquals(1, first.get() + second.get());
    }
}
