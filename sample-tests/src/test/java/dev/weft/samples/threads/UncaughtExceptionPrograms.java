package dev.weft.samples.threads;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.samples.support.Concurrently;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Exceptions that escape a thread's {@code run()}, handled as the JVM handles them: the thread's handler, its group,
 * the default handler. Run by {@link UncaughtExceptionTest}.
 */
class UncaughtExceptionPrograms {

    private static Runnable failing() {
        return () -> {
            throw new IllegalStateException("the worker failed");
        };
    }

    /** The thread's own handler takes the exception; the test checks what it saw. */
    @ExhaustiveConcurrency
    void theThreadsHandlerTakesTheException() throws InterruptedException {
        AtomicReference<Throwable> seen = new AtomicReference<>();
        Thread worker = new Thread(failing());
        worker.setUncaughtExceptionHandler((thread, thrown) -> seen.set(thrown));
        worker.start();
        worker.join();
        assertInstanceOf(IllegalStateException.class, seen.get());
    }

    /** Nobody handles it: the JVM would print it and go on; Weft fails the test. */
    @ExhaustiveConcurrency
    void noHandlerTakesTheException() throws InterruptedException {
        Thread worker = new Thread(failing());
        worker.start();
        worker.join();
    }

    /** The handler itself throws. */
    @ExhaustiveConcurrency
    void theHandlerThrows() throws InterruptedException {
        Thread worker = new Thread(failing());
        worker.setUncaughtExceptionHandler((thread, thrown) -> {
            throw new IllegalArgumentException("the handler failed too");
        });
        worker.start();
        worker.join();
    }

    /** A thread group of the user's takes it. */
    @ExhaustiveConcurrency
    void aThreadGroupTakesTheException() throws InterruptedException {
        AtomicReference<Throwable> seen = new AtomicReference<>();
        ThreadGroup workers = new ThreadGroup("workers") {
            @Override
            public void uncaughtException(Thread thread, Throwable thrown) {
                seen.set(thrown);
            }
        };
        Thread worker = new Thread(workers, failing());
        worker.start();
        worker.join();
        assertInstanceOf(IllegalStateException.class, seen.get());
    }

    /** The default handler takes it (set for the test, and put back). */
    @ExhaustiveConcurrency
    void theDefaultHandlerTakesTheException() throws InterruptedException {
        AtomicReference<Throwable> seen = new AtomicReference<>();
        Thread.UncaughtExceptionHandler before = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((thread, thrown) -> seen.set(thrown));
        try {
            Thread worker = new Thread(failing());
            worker.start();
            worker.join();
        } finally {
            Thread.setDefaultUncaughtExceptionHandler(before);
        }
        assertInstanceOf(IllegalStateException.class, seen.get());
    }

    static final class Tally {
        int value;

        synchronized void incrementSafely() {
            value++;
        }
    }

    /** A handler's actions are the thread's steps: its unsynchronized count races with another thread's. */
    @ExhaustiveConcurrency
    void aHandlerLosesAnUpdate() throws InterruptedException {
        Tally failures = new Tally();
        Thread worker = new Thread(failing());
        worker.setUncaughtExceptionHandler((thread, thrown) -> failures.value++);
        Concurrently.run(worker::start, () -> failures.value++);
        worker.join();
        assertEquals(2, failures.value);
    }

    /** The same count under the tally's monitor. */
    @ExhaustiveConcurrency
    void aHandlerCountsUnderALock() throws InterruptedException {
        Tally failures = new Tally();
        Thread worker = new Thread(failing());
        worker.setUncaughtExceptionHandler((thread, thrown) -> failures.incrementSafely());
        worker.start();
        failures.incrementSafely();
        worker.join();
        assertEquals(2, failures.value);
    }

    /**
     * A pool whose thread factory gives its workers a handler: a task run by {@code execute()} that throws kills its
     * worker, and the exception reaches the handler. The test waits for the handler itself.
     */
    @ExhaustiveConcurrency
    void aPoolWorkersHandlerTakesATasksException() throws InterruptedException {
        AtomicReference<Throwable> seen = new AtomicReference<>();
        CountDownLatch handled = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(1, task -> {
            Thread thread = new Thread(task);
            thread.setUncaughtExceptionHandler((t, thrown) -> {
                seen.set(thrown);
                handled.countDown();
            });
            return thread;
        });
        pool.execute(failing());
        pool.shutdown();
        handled.await();
        assertInstanceOf(IllegalStateException.class, seen.get());
    }

    /**
     * The same test waiting for the pool's termination instead: the pool terminates when its dying worker leaves it,
     * before the JVM hands the exception to the worker's handler, so the handler may not have run yet.
     */
    @ExhaustiveConcurrency
    void aPoolsTerminationDoesNotWaitForItsWorkersHandler() throws InterruptedException {
        AtomicReference<Throwable> seen = new AtomicReference<>();
        ExecutorService pool = Executors.newFixedThreadPool(1, task -> {
            Thread thread = new Thread(task);
            thread.setUncaughtExceptionHandler((t, thrown) -> seen.set(thrown));
            return thread;
        });
        pool.execute(failing());
        pool.shutdown();
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
        assertInstanceOf(IllegalStateException.class, seen.get(), "the handler ran before the pool terminated");
    }
}
