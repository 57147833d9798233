package dev.weft.samples.executors;

import dev.weft.junit.ExhaustiveConcurrency;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.FutureTask;
import java.util.concurrent.SubmissionPublisher;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@code FutureTask} and {@code CompletableFuture} on threads the test starts itself (no pool), each correct use
 * beside a buggy one; {@link FuturesTest} runs them. Named {@code *Programs} so that Surefire does not run them on
 * their own: the buggy ones are meant to fail.
 */
class FuturePrograms {

    /** An executor with a thread per task, written by the test: its threads are managed like any other. */
    private static final Executor THREAD_PER_TASK = task -> new Thread(task).start();

    static final class Counter {
        int value;
    }

    @ExhaustiveConcurrency
    void futureTaskGetSeesTheResult() throws Exception {
        FutureTask<Integer> task = new FutureTask<>(() -> 42);
        new Thread(task).start();
        assertEquals(42, task.get());
    }

    @ExhaustiveConcurrency
    void futureTaskTimedGetSeesTheResult() throws Exception {
        FutureTask<Integer> task = new FutureTask<>(() -> 42);
        new Thread(task).start();
        assertEquals(42, task.get(1, TimeUnit.SECONDS));
    }

    /** Two tasks add to a plain field; each get() only waits for its own task. */
    @ExhaustiveConcurrency
    void futureTasksLoseAnUpdate() throws Exception {
        Counter counter = new Counter();
        FutureTask<Void> first = new FutureTask<>(() -> counter.value++, null);
        FutureTask<Void> second = new FutureTask<>(() -> counter.value++, null);
        new Thread(first).start();
        new Thread(second).start();
        first.get();
        second.get();
        assertEquals(2, counter.value);
    }

    /** The exception of the task reaches get() as an ExecutionException, as in the JDK. */
    @ExhaustiveConcurrency
    void futureTaskGetThrowsTheTasksException() throws Exception {
        FutureTask<Integer> task = new FutureTask<>(() -> {
            throw new IllegalStateException("boom");
        });
        new Thread(task).start();
        try {
            task.get();
            throw new AssertionError("get() returned");
        } catch (ExecutionException expected) {
            assertEquals("boom", expected.getCause().getMessage());
        }
    }

    @ExhaustiveConcurrency
    void completableFuturesCombine() throws Exception {
        combine(THREAD_PER_TASK);
    }

    /** The same on CompletableFuture's default executor (the common pool's place). */
    @ExhaustiveConcurrency
    void completableFuturesCombineWithoutAnExecutor() throws Exception {
        combine(null);
    }

    private static void combine(Executor executor) {
        CompletableFuture<Integer> a = supplyAsync(() -> 1, executor);
        CompletableFuture<Integer> b = supplyAsync(() -> 2, executor);
        CompletableFuture<Integer> sum = a.thenCombine(b, Integer::sum).thenApply(x -> x * 10);
        assertEquals(30, sum.join());
    }

    @ExhaustiveConcurrency
    void completableFuturesLoseAnUpdate() {
        loseAnUpdate(THREAD_PER_TASK);
    }

    @ExhaustiveConcurrency
    void completableFuturesLoseAnUpdateWithoutAnExecutor() {
        loseAnUpdate(null);
    }

    private static void loseAnUpdate(Executor executor) {
        Counter counter = new Counter();
        CompletableFuture<Integer> a = supplyAsync(() -> counter.value++, executor);
        CompletableFuture<Integer> b = supplyAsync(() -> counter.value++, executor);
        CompletableFuture.allOf(a, b).join();
        assertEquals(2, counter.value);
    }

    /** A stage applied asynchronously reads what its source wrote; a third task races with both. */
    @ExhaustiveConcurrency
    void asyncStagesRaceWithAnotherTask() {
        stagesBesideATask(THREAD_PER_TASK);
    }

    @ExhaustiveConcurrency
    void asyncStagesRaceWithAnotherTaskWithoutAnExecutor() {
        stagesBesideATask(null);
    }

    private static void stagesBesideATask(Executor executor) {
        Counter counter = new Counter();
        CompletableFuture<Integer> first = supplyAsync(() -> counter.value = 1, executor);
        java.util.function.Function<Integer, Integer> addTheCount = x -> x + counter.value;
        CompletableFuture<Integer> stages = executor == null ? first.thenApplyAsync(addTheCount)
                : first.thenApplyAsync(addTheCount, executor);
        CompletableFuture<Integer> other = supplyAsync(() -> counter.value = 5, executor);
        int result = stages.join();
        other.join();
        assertEquals(true, result == 2 || result == 6, "the stage saw " + result);
    }

    /** {@code supplyAsync} with {@code executor}, or without one when it is {@code null}. */
    private static <T> CompletableFuture<T> supplyAsync(java.util.function.Supplier<T> supplier, Executor executor) {
        return executor == null ? CompletableFuture.supplyAsync(supplier)
                : CompletableFuture.supplyAsync(supplier, executor);
    }

    @ExhaustiveConcurrency
    void thenApplyAsyncWithoutAnExecutor() {
        CompletableFuture<Integer> one = CompletableFuture.completedFuture(1);
        assertEquals(2, one.thenApplyAsync(x -> x + 1).join());
    }

    @ExhaustiveConcurrency
    void forkJoinCommonPool() throws Exception {
        assertEquals(1, ForkJoinPool.commonPool().submit(() -> 1).get());
    }

    @ExhaustiveConcurrency
    void completableFutureOrTimeout() {
        CompletableFuture<Integer> never = new CompletableFuture<>();
        CompletionException thrown = org.junit.jupiter.api.Assertions.assertThrows(CompletionException.class,
                () -> never.orTimeout(1, TimeUnit.SECONDS).join());
        assertEquals(java.util.concurrent.TimeoutException.class, thrown.getCause().getClass());
    }

    /** A task without an executor runs on a daemon thread, as on the common pool: nobody waits for it here. */
    @ExhaustiveConcurrency
    void aTaskNobodyWaitsForRunsOnADaemonThread() {
        Counter counter = new Counter();
        CompletableFuture.runAsync(() -> counter.value = Thread.currentThread().isDaemon() ? 1 : -1);
        assertEquals(true, counter.value >= 0, "the task's thread was no daemon thread");
    }

    // Parallel streams and fork-join pools run each task on a managed thread.

    @ExhaustiveConcurrency
    void parallelStreamOfAList() {
        java.util.List<Integer> numbers = new java.util.ArrayList<>(java.util.List.of(1, 2, 3));
        assertEquals(6, numbers.parallelStream().mapToInt(Integer::intValue).sum());
    }

    @ExhaustiveConcurrency
    void parallelIntStream() {
        assertEquals(6, java.util.stream.IntStream.rangeClosed(1, 3).parallel().sum());
    }

    @ExhaustiveConcurrency
    void ownForkJoinPool() throws Exception {
        java.util.concurrent.ForkJoinPool pool = new java.util.concurrent.ForkJoinPool(2);
        try {
            assertEquals(1, pool.submit(() -> 1).get());
        } finally {
            pool.shutdown();
        }
    }

    /** A Timer starts its own thread in its constructor: its task would run on a thread nobody manages. */
    @ExhaustiveConcurrency
    void timer() throws Exception {
        java.util.Timer timer = new java.util.Timer();
        awaitATaskOn(timer);
        timer.cancel();
    }

    /** A library's timer in a static holder (commons-pool's {@code PoolUtils.TimerHolder}), made at first use. */
    static final class TimerHolder {
        static final java.util.Timer TIMER = new java.util.Timer(true);
    }

    /** The holder's timer is made by a static initialiser, on the test's thread: its task runs on its own thread. */
    @ExhaustiveConcurrency
    void timerInAStaticHolder() throws Exception {
        awaitATaskOn(TimerHolder.TIMER);
    }

    /** A timer made before any execution: {@link FuturesTest} makes it first, outside Weft, as a plain test would. */
    static final class EarlyTimer {
        static final java.util.Timer TIMER = new java.util.Timer(true);
    }

    /** A task scheduled on a timer made before the execution runs on the timer's thread, which nobody manages. */
    @ExhaustiveConcurrency
    void taskOnATimerMadeBefore() throws Exception {
        awaitATaskOn(EarlyTimer.TIMER);
    }

    /** Schedules a task on the timer and waits until it has run. */
    private static void awaitATaskOn(java.util.Timer timer) throws InterruptedException {
        java.util.concurrent.CountDownLatch ran = new java.util.concurrent.CountDownLatch(1);
        timer.schedule(new java.util.TimerTask() {
            @Override
            public void run() {
                ran.countDown();
            }
        }, 10);
        ran.await();
    }

    @ExhaustiveConcurrency
    void workStealingPool() throws Exception {
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newWorkStealingPool(2);
        try {
            assertEquals(1, pool.submit(() -> 1).get());
        } finally {
            pool.shutdown();
        }
    }

    /** The same sum on a sequential stream is an ordinary step of the test's thread. */
    @ExhaustiveConcurrency
    void sequentialStreamOfAList() {
        java.util.List<Integer> numbers = new java.util.ArrayList<>(java.util.List.of(1, 2, 3));
        assertEquals(6, numbers.stream().mapToInt(Integer::intValue).sum());
    }

    private static java.util.concurrent.ConcurrentHashMap<Integer, Integer> mapOf(int mappings) {
        java.util.concurrent.ConcurrentHashMap<Integer, Integer> map = new java.util.concurrent.ConcurrentHashMap<>();
        for (int i = 0; i < mappings; i++) {
            map.put(i, i);
        }
        return map;
    }

    /** A bulk operation whose threshold the map reaches runs its callbacks on the common pool's threads. */
    @ExhaustiveConcurrency
    void concurrentMapParallelForEach() {
        Counter counter = new Counter();
        mapOf(8).forEach(1, (key, value) -> counter.value++);
        assertEquals(8, counter.value);
    }

    /** Below its threshold, or with Long.MAX_VALUE, the JDK runs a bulk operation in the calling thread. */
    @ExhaustiveConcurrency
    void concurrentMapBulkOperationsInTheCallingThread() {
        java.util.concurrent.ConcurrentHashMap<Integer, Integer> map = mapOf(8);
        assertEquals(28L, map.reduceValuesToLong(Long.MAX_VALUE, Integer::longValue, 0L, Long::sum));
        assertEquals(28L, map.reduceValuesToLong(100, Integer::longValue, 0L, Long::sum));
    }

    /** A publisher without an executor delivers on the common pool's threads. */
    @ExhaustiveConcurrency
    void publisherWithoutAnExecutor() throws Exception {
        try (SubmissionPublisher<String> publisher = new SubmissionPublisher<>()) {
            publisher.submit("item");
        }
    }

    /** With an executor the test creates, the subscriber runs on a managed worker. */
    @ExhaustiveConcurrency
    void publisherOnAPoolOfTheTest() throws Exception {
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newSingleThreadExecutor();
        java.util.concurrent.CountDownLatch delivered = new java.util.concurrent.CountDownLatch(1);
        try (SubmissionPublisher<String> publisher =
                     new SubmissionPublisher<>(pool, Flow.defaultBufferSize())) {
            publisher.consume(item -> delivered.countDown());
            publisher.submit("item");
            delivered.await();
        }
        pool.shutdown();
    }
}
