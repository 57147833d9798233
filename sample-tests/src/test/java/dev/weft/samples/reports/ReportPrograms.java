package dev.weft.samples.reports;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.samples.support.Concurrently;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Programs whose reports {@link ReportTest} reads. (Named {@code *Programs} so that Surefire does not run them on
 * their own.)
 */
class ReportPrograms extends CleanupBase {

    /** A counter that two threads increment without synchronisation. */
    static final class Counter {
        int value;
    }

    /**
     * A lost update, found by an assertion on a line without a step of its own (it compares a local variable), after
     * which the base class's {@code @AfterEach} takes steps.
     */
    @ExhaustiveConcurrency
    void assertionOnALocalThenAfterEachSteps() throws Exception {
        Counter counter = new Counter();
        Concurrently.run(() -> counter.value++, () -> counter.value++);
        int total = counter.value;
        assertEquals(2, total);
    }

    /** The classic bounded buffer on wait/notify: {@code notify} wakes one waiter, which may be of the wrong kind. */
    static final class BoundedBuffer {
        private final Object[] items;
        private int count;
        private int putAt;
        private int takeAt;

        BoundedBuffer(int capacity) {
            items = new Object[capacity];
        }

        synchronized void put(Object item) throws InterruptedException {
            while (count == items.length) {
                wait();
            }
            items[putAt] = item;
            putAt = (putAt + 1) % items.length;
            count++;
            notify();
        }

        synchronized Object take() throws InterruptedException {
            while (count == 0) {
                wait();
            }
            Object item = items[takeAt];
            items[takeAt] = null;
            takeAt = (takeAt + 1) % items.length;
            count--;
            notify();
            return item;
        }
    }

    /**
     * One producer puts two items into a buffer of one place, two consumers take one each: it deadlocks when a
     * consumer's {@code notify} wakes the other consumer instead of the producer waiting for room. The threads are
     * kept in an array that a helper starts and joins, as tests that start several often do (an array the method kept
     * to itself would not be a visible object, and the report would not show it).
     */
    @ExhaustiveConcurrency
    void boundedBufferDeadlock() throws Exception {
        BoundedBuffer buffer = new BoundedBuffer(1);
        Thread[] threads = new Thread[3];
        threads[0] = new Thread(() -> {
            try {
                buffer.put("a");
                buffer.put("b");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        for (int i = 1; i < threads.length; i++) {
            threads[i] = new Thread(() -> {
                try {
                    buffer.take();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
        startAndJoin(threads);
    }

    private static void startAndJoin(Thread[] threads) throws InterruptedException {
        for (Thread thread : threads) {
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
    }
}
