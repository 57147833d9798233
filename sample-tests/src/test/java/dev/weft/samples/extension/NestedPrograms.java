package dev.weft.samples.extension;

import dev.weft.junit.ExhaustiveConcurrency;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.RepeatedTest;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A fixture in the enclosing class, the scenarios in {@code @Nested} classes: the way many suites are laid out. Each
 * execution needs a fresh enclosing instance with its {@code @BeforeEach} run, as JUnit gives every test.
 */
class NestedPrograms {

    /** Not reset anywhere: a fresh enclosing instance per execution starts it at 0. */
    final AtomicInteger counter = new AtomicInteger();
    ExecutorService pool;
    int setUp;

    @BeforeEach
    void createThePool() {
        pool = Executors.newFixedThreadPool(2);
        setUp++;
    }

    @AfterEach
    void shutThePoolDown() {
        pool.shutdown();
    }

    @Nested
    class WithThePool {

        int innerSetUp;

        @BeforeEach
        void afterTheOuterOne() {
            assertEquals(1, setUp, "the enclosing class's @BeforeEach ran first, once");
            innerSetUp++;
        }

        /** Two tasks, each an atomic increment, awaited in turn: 1 trace. */
        @ExhaustiveConcurrency
        void runsTwoTasksOnTheOuterPool() throws Exception {
            pool.submit(counter::incrementAndGet).get();
            pool.submit(counter::incrementAndGet).get();
            assertEquals(2, counter.get());
            assertEquals(1, innerSetUp);
        }

        /** Two threads incrementing the enclosing instance's counter: 2 traces, 2 at the end of each. */
        @ExhaustiveConcurrency
        void countsOnTheOuterInstance() throws Exception {
            Thread a = new Thread(counter::incrementAndGet);
            Thread b = new Thread(counter::incrementAndGet);
            a.start();
            b.start();
            a.join();
            b.join();
            assertEquals(2, counter.get());
        }
    }

    /** An unsynchronized increment by two threads: the lost update is a bug every execution may show. */
    static void lostUpdate(int[] cell) throws InterruptedException {
        Thread a = new Thread(() -> cell[0]++);
        Thread b = new Thread(() -> cell[0]++);
        a.start();
        b.start();
        a.join();
        b.join();
        assertEquals(2, cell[0]);
    }

    /** A repeated test that is also exhaustive: the repetitions would run unexplored. */
    @RepeatedTest(2)
    @ExhaustiveConcurrency
    void repeatedAndExhaustive() throws Exception {
        lostUpdate(new int[1]);
    }
}
