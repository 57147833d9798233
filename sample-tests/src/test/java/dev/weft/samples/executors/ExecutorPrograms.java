package dev.weft.samples.executors;

import dev.weft.junit.ExhaustiveConcurrency;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Executors of {@code java.util.concurrent}, used unmodified: each correct use beside a buggy one. {@link ExecutorsTest}
 * runs them. Named {@code *Programs} so that Surefire does not run them on their own: the buggy ones are meant to fail.
 */
class ExecutorPrograms {

    static final class Counter {
        int value;

        void increment() {
            value++;
        }

        synchronized void incrementSafely() {
            value++;
        }

        /** Increments under the counter's monitor and returns the value it wrote. */
        int incrementAndGetSafely() {
            synchronized (this) {
                return ++value;
            }
        }
    }

    /** Submits two increments to the pool, waits for both, shuts the pool down and waits for it. */
    private static void twoIncrements(ExecutorService pool, Runnable increment) throws Exception {
        Future<?> first = pool.submit(increment);
        Future<?> second = pool.submit(increment);
        first.get();
        second.get();
        pool.shutdown();
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
    }

    // newFixedThreadPool: submit, Future.get, shutdown, awaitTermination

    @ExhaustiveConcurrency
    void fixedPoolLosesAnUpdate() throws Exception {
        Counter counter = new Counter();
        twoIncrements(Executors.newFixedThreadPool(2), counter::increment);
        assertEquals(2, counter.value);
    }

    @ExhaustiveConcurrency
    void fixedPoolCountsBoth() throws Exception {
        Counter counter = new Counter();
        twoIncrements(Executors.newFixedThreadPool(2), counter::incrementSafely);
        assertEquals(2, counter.value);
    }

    // a pool whose workers come from the test's own ThreadFactory (plain new Thread: reused threads stand in for them)

    @ExhaustiveConcurrency
    void poolWithOwnThreadFactoryLosesAnUpdate() throws Exception {
        Counter counter = new Counter();
        twoIncrements(Executors.newFixedThreadPool(2, task -> new Thread(task, "own-worker")), counter::increment);
        assertEquals(2, counter.value);
    }

    @ExhaustiveConcurrency
    void poolWithOwnThreadFactoryCountsBoth() throws Exception {
        Counter counter = new Counter();
        twoIncrements(Executors.newFixedThreadPool(2, task -> new Thread(task, "own-worker")),
                counter::incrementSafely);
        assertEquals(2, counter.value);
    }

    // newCachedThreadPool

    @ExhaustiveConcurrency
    void cachedPoolLosesAnUpdate() throws Exception {
        Counter counter = new Counter();
        twoIncrements(Executors.newCachedThreadPool(), counter::increment);
        assertEquals(2, counter.value);
    }

    @ExhaustiveConcurrency
    void cachedPoolCountsBoth() throws Exception {
        Counter counter = new Counter();
        twoIncrements(Executors.newCachedThreadPool(), counter::incrementSafely);
        assertEquals(2, counter.value);
    }

    // newSingleThreadExecutor: a task that waits for another task of the same single thread starves it

    @ExhaustiveConcurrency
    void singleThreadExecutorStarvesANestedTask() throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        Future<Integer> outer = pool.submit(() -> pool.submit(() -> 1).get() + 1);
        assertEquals(2, outer.get());
        pool.shutdown();
    }

    @ExhaustiveConcurrency
    void singleThreadExecutorRunsTasksInOrder() throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        List<Integer> order = new ArrayList<>();
        pool.execute(() -> order.add(1));
        pool.execute(() -> order.add(2));
        pool.shutdown();
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
        assertEquals(List.of(1, 2), order);
    }

    // A ThreadPoolExecutor built by the test, subclassed: beforeExecute/afterExecute run on the workers

    static final class CountingPool extends ThreadPoolExecutor {
        int before;
        int after;
        final boolean safely;

        CountingPool(boolean safely) {
            super(2, 2, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>());
            this.safely = safely;
        }

        @Override
        protected void beforeExecute(Thread thread, Runnable task) {
            if (safely) {
                synchronized (this) {
                    before++;
                }
            } else {
                before++;
            }
        }

        @Override
        protected void afterExecute(Runnable task, Throwable thrown) {
            synchronized (this) {
                after++;
            }
        }
    }

    private static void runOnCountingPool(boolean safely) throws Exception {
        CountingPool pool = new CountingPool(safely);
        pool.execute(() -> { });
        pool.execute(() -> { });
        pool.shutdown();
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
        synchronized (pool) {
            assertEquals(2, pool.before);
            assertEquals(2, pool.after);
        }
    }

    @ExhaustiveConcurrency
    void poolSubclassLosesABeforeExecuteCount() throws Exception {
        runOnCountingPool(false);
    }

    @ExhaustiveConcurrency
    void poolSubclassCountsEveryTask() throws Exception {
        runOnCountingPool(true);
    }

    // invokeAll

    private static int sumOfInvokeAll(Counter counter, Callable<Integer> task) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        int sum = 0;
        for (Future<Integer> result : pool.invokeAll(List.of(task, task))) {
            sum += result.get();
        }
        pool.shutdown();
        return sum;
    }

    @ExhaustiveConcurrency
    void invokeAllSeesALostUpdate() throws Exception {
        Counter counter = new Counter();
        // each task returns the value it wrote: 1 + 2 unless both read 0
        assertEquals(3, sumOfInvokeAll(counter, () -> ++counter.value));
    }

    @ExhaustiveConcurrency
    void invokeAllReturnsEveryResult() throws Exception {
        Counter counter = new Counter();
        assertEquals(3, sumOfInvokeAll(counter, counter::incrementAndGetSafely));
    }

    // execute: an exception escapes the worker; submit: the Future keeps it

    @ExhaustiveConcurrency
    void executedTaskThrows() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(1);
        pool.execute(() -> {
            throw new IllegalStateException("lost in a worker");
        });
        pool.shutdown();
        pool.awaitTermination(10, TimeUnit.SECONDS);
    }

    @ExhaustiveConcurrency
    void submittedTaskThrowsIntoItsFuture() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(1);
        Future<?> future = pool.submit(() -> {
            throw new IllegalStateException("kept by the future");
        });
        try {
            future.get();
            throw new AssertionError("get() returned");
        } catch (ExecutionException expected) {
            assertEquals("kept by the future", expected.getCause().getMessage());
        }
        pool.shutdown();
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
    }

    // timed get

    @ExhaustiveConcurrency
    void timedGetSeesTheResult() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(1);
        Future<Integer> answer = pool.submit(() -> 42);
        assertEquals(42, answer.get(1, TimeUnit.SECONDS));
        pool.shutdown();
    }

    // shutdownNow interrupts the running task; shutdown alone lets it wait on, and awaitTermination times out

    /** A task that waits on a monitor nobody notifies, until it is interrupted. */
    private static Runnable waitsUntilInterrupted() {
        Object never = new Object();
        return () -> {
            synchronized (never) {
                try {
                    never.wait();
                } catch (InterruptedException expected) {
                    Thread.currentThread().interrupt();
                }
            }
        };
    }

    @ExhaustiveConcurrency
    void shutdownNowInterruptsAWaitingTask() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(1);
        pool.execute(waitsUntilInterrupted());
        pool.shutdownNow();
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
    }

    @ExhaustiveConcurrency
    void shutdownDoesNotStopAWaitingTask() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(1);
        pool.execute(waitsUntilInterrupted());
        pool.shutdown();
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
    }

    // a pool never shut down: its idle workers leak, as in a real JVM; the test passes with a warning

    @ExhaustiveConcurrency
    void poolNeverShutDown() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        Counter counter = new Counter();
        pool.submit(counter::incrementSafely).get();
        assertEquals(1, counter.value);
    }

    /** The same with a cached pool, whose idle worker waits on a {@code SynchronousQueue} for its next task. */
    @ExhaustiveConcurrency
    void cachedPoolNeverShutDown() throws Exception {
        ExecutorService pool = Executors.newCachedThreadPool();
        Counter counter = new Counter();
        pool.submit(counter::incrementSafely).get();
        assertEquals(1, counter.value);
    }

    // ExecutorCompletionService

    private static int takeBoth(Counter counter, Callable<Integer> task) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        ExecutorCompletionService<Integer> completion = new ExecutorCompletionService<>(pool);
        completion.submit(task);
        completion.submit(task);
        int sum = completion.take().get() + completion.take().get();
        pool.shutdown();
        return sum;
    }

    @ExhaustiveConcurrency
    void completionServiceSeesALostUpdate() throws Exception {
        Counter counter = new Counter();
        assertEquals(3, takeBoth(counter, () -> ++counter.value));
    }

    @ExhaustiveConcurrency
    void completionServiceTakesEveryResult() throws Exception {
        Counter counter = new Counter();
        assertEquals(3, takeBoth(counter, counter::incrementAndGetSafely));
    }

    // CompletableFuture on a pool

    @ExhaustiveConcurrency
    void completableFuturesOnAPoolLoseAnUpdate() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        Counter counter = new Counter();
        CompletableFuture<Void> a = CompletableFuture.runAsync(counter::increment, pool);
        CompletableFuture<Void> b = CompletableFuture.runAsync(counter::increment, pool);
        CompletableFuture.allOf(a, b).get();
        pool.shutdown();
        assertEquals(2, counter.value);
    }

    @ExhaustiveConcurrency
    void completableFuturesOnAPoolCompose() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        CompletableFuture<Integer> a = CompletableFuture.supplyAsync(() -> 1, pool);
        CompletableFuture<Integer> b = CompletableFuture.supplyAsync(() -> 2, pool);
        int result = a.thenCombine(b, Integer::sum)
                .thenApplyAsync(x -> x * 10, pool)
                .thenCompose(x -> CompletableFuture.supplyAsync(() -> x + 1, pool))
                .join();
        pool.shutdown();
        assertEquals(31, result);
    }

    // try-with-resources on Java 19+: ExecutorService.close() shuts down and waits (called reflectively: the project
    // compiles for Java 17)

    private static void twoIncrementsThenClose(ExecutorService pool, Runnable increment) throws Exception {
        assumeTrue(Runtime.version().feature() >= 19, "ExecutorService.close() exists from Java 19");
        pool.execute(increment);
        pool.execute(increment);
        ExecutorService.class.getMethod("close").invoke(pool);
    }

    @ExhaustiveConcurrency
    void closedPoolLosesAnUpdate() throws Exception {
        Counter counter = new Counter();
        twoIncrementsThenClose(Executors.newFixedThreadPool(2), counter::increment);
        assertEquals(2, counter.value);
    }

    @ExhaustiveConcurrency
    void closeWaitsForEveryTask() throws Exception {
        Counter counter = new Counter();
        twoIncrementsThenClose(Executors.newFixedThreadPool(2), counter::incrementSafely);
        assertEquals(2, counter.value);
    }

    // newVirtualThreadPerTaskExecutor on Java 21+

    private static ExecutorService virtualThreadPerTask() throws Exception {
        assumeTrue(Runtime.version().feature() >= 21, "virtual threads exist from Java 21");
        return (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
    }

    @ExhaustiveConcurrency
    void virtualThreadPerTaskExecutorLosesAnUpdate() throws Exception {
        Counter counter = new Counter();
        twoIncrements(virtualThreadPerTask(), counter::increment);
        assertEquals(2, counter.value);
    }

    @ExhaustiveConcurrency
    void virtualThreadPerTaskExecutorCountsBoth() throws Exception {
        Counter counter = new Counter();
        twoIncrements(virtualThreadPerTask(), counter::incrementSafely);
        assertEquals(2, counter.value);
    }
}
