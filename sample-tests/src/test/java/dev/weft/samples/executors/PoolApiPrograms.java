package dev.weft.samples.executors;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.junit.KeepAcrossExecutions;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.RejectedExecutionHandler;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The rest of a pool's API: {@code invokeAny}, rejection policies, and the queries {@code getPoolSize},
 * {@code getActiveCount}, {@code getQueue}, {@code getCompletedTaskCount}, each correct use beside a buggy one that
 * relies on an order the pool does not promise. {@link PoolApiTest} runs them and says how each count is derived.
 * Named {@code *Programs} so that Surefire does not run them on their own: the buggy ones are meant to fail.
 */
class PoolApiPrograms {

    /** Every result {@code invokeAny} returned, over all executions of one exploration ({@link PoolApiTest} reads it). */
    @KeepAcrossExecutions
    static final Set<String> INVOKE_ANY_RESULTS = new ConcurrentSkipListSet<>();

    /** The name of every worker that ran the task whose worker is asked, over one exploration. */
    @KeepAcrossExecutions
    static final Set<String> WORKER_NAMES = new ConcurrentSkipListSet<>();

    private static void awaitTermination(ExecutorService pool) throws InterruptedException {
        pool.shutdown();
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A one-worker pool whose queue holds one task: a third task finds the worker busy and the queue full. */
    private static ThreadPoolExecutor oneWorkerOneSlot() {
        return new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new ArrayBlockingQueue<>(1));
    }

    // invokeAny: the result of a task that completed; which one is not promised

    /** Tasks that each return their own name, on one worker each; {@code invokeAny} returns one of the names. */
    private static String anyOf(String... names) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(names.length);
        List<Callable<String>> tasks = new java.util.ArrayList<>();
        for (String name : names) {
            tasks.add(() -> name);
        }
        String result = pool.invokeAny(tasks);
        awaitTermination(pool);
        return result;
    }

    @ExhaustiveConcurrency
    void invokeAnyReturnsTheResultOfOneTask() throws Exception {
        String result = anyOf("first", "second");
        assertTrue(result.equals("first") || result.equals("second"), result);
        INVOKE_ANY_RESULTS.add(result);
    }

    /**
     * A task list that starts with {@code null}: the JDK's {@code invokeAny} throws {@code NullPointerException} as it
     * submits it (timed or not), and the pool stays usable.
     */
    @ExhaustiveConcurrency
    void invokeAnyOfANullTask() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<Callable<String>> tasks = new java.util.ArrayList<>();
        tasks.add(null);
        tasks.add(() -> "second");
        org.junit.jupiter.api.Assertions.assertThrows(NullPointerException.class, () -> pool.invokeAny(tasks));
        org.junit.jupiter.api.Assertions.assertThrows(NullPointerException.class,
                () -> pool.invokeAny(tasks, 1, TimeUnit.SECONDS));
        assertEquals("third", pool.submit(() -> "third").get());
        awaitTermination(pool);
    }

    /** The same with a timeout, which expires only when no task can move (the default timeout policy): never. */
    @ExhaustiveConcurrency
    void invokeAnyWithATimeout() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        Callable<String> first = () -> "first";
        Callable<String> second = () -> "second";
        INVOKE_ANY_RESULTS.add(pool.invokeAny(List.of(first, second), 10, TimeUnit.SECONDS));
        awaitTermination(pool);
    }

    @ExhaustiveConcurrency
    void invokeAnyOfThreeTasks() throws Exception {
        INVOKE_ANY_RESULTS.add(anyOf("first", "second", "third"));
    }

    @ExhaustiveConcurrency
    void invokeAnyIsAssumedToReturnTheFirstTasksResult() throws Exception {
        assertEquals("first", anyOf("first", "second"));
    }

    /** The bug: a task that lost is assumed never to have run; it may have, before its cancellation reached it. */
    @ExhaustiveConcurrency
    void invokeAnyIsAssumedToRunOnlyTheWinner() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<String> ran = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        Callable<String> first = () -> {
            ran.add("first");
            return "first";
        };
        Callable<String> second = () -> {
            ran.add("second");
            return "second";
        };
        String result = pool.invokeAny(List.of(first, second));
        awaitTermination(pool);
        assertEquals(List.of(result), ran, "only the winner ran");
    }

    // rejection: a task submitted to a busy pool with a full queue, or racing shutdown

    /**
     * The worker is held in its first task until the third is submitted, the second fills the queue: the third is
     * rejected, always (AbortPolicy, the default).
     */
    @ExhaustiveConcurrency
    void aFullPoolRejectsTheThirdTask() throws Exception {
        ThreadPoolExecutor pool = oneWorkerOneSlot();
        CountDownLatch release = new CountDownLatch(1);
        pool.execute(() -> await(release));
        pool.execute(() -> { });
        boolean rejected = false;
        try {
            pool.execute(() -> { });
        } catch (RejectedExecutionException expected) {
            rejected = true;
        }
        release.countDown();
        awaitTermination(pool);
        assertTrue(rejected, "the third task was rejected");
        assertEquals(2, pool.getCompletedTaskCount());
    }

    /**
     * The bug: the first task is short, and the test assumes the third submission still finds the queue full. When
     * the worker has finished the first task and taken the second from the queue, the third fits; otherwise it is
     * rejected: the {@code RejectedExecutionException} escapes the test body.
     */
    @ExhaustiveConcurrency
    void aThirdTaskIsAssumedToFitWhenTheWorkerIsFast() throws Exception {
        ThreadPoolExecutor pool = oneWorkerOneSlot();
        pool.execute(() -> { });
        pool.execute(() -> { });
        pool.execute(() -> { });
        awaitTermination(pool);
    }

    /** Three short increments on a one-worker pool whose queue holds one task; the count once it terminated. */
    private static int threeIncrementsOnAFullPool(RejectedExecutionHandler whenFull) throws InterruptedException {
        ExecutorPrograms.Counter counter = new ExecutorPrograms.Counter();
        ThreadPoolExecutor pool = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new ArrayBlockingQueue<>(1),
                whenFull);
        for (int i = 0; i < 3; i++) {
            pool.execute(counter::incrementSafely);
        }
        awaitTermination(pool);
        return counter.value;
    }

    /**
     * {@code CallerRunsPolicy}: a rejected task runs in the submitting thread, so every one of three short tasks runs,
     * in a worker or in the test's thread, and all three increments under one monitor are counted.
     */
    @ExhaustiveConcurrency
    void callerRunsPolicyRunsEveryTask() throws Exception {
        assertEquals(3, threeIncrementsOnAFullPool(new ThreadPoolExecutor.CallerRunsPolicy()));
    }

    /** The same with {@code DiscardPolicy}: a task may be dropped silently, and the test assumes none is. */
    @ExhaustiveConcurrency
    void discardPolicyIsAssumedToRunEveryTask() throws Exception {
        assertEquals(3, threeIncrementsOnAFullPool(new ThreadPoolExecutor.DiscardPolicy()));
    }

    /** A thread submits while the test shuts the pool down: the task either runs or is rejected, never both. */
    private static void submitRacingShutdown(boolean expectRejection) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(1);
        ExecutorPrograms.Counter ran = new ExecutorPrograms.Counter();
        ExecutorPrograms.Counter rejected = new ExecutorPrograms.Counter();
        Thread submitter = new Thread(() -> {
            try {
                pool.execute(ran::incrementSafely);
            } catch (RejectedExecutionException e) {
                rejected.incrementSafely();
            }
        });
        submitter.start();
        pool.shutdown();
        submitter.join();
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
        assertEquals(1, ran.value + rejected.value, "the task either ran or was rejected");
        if (!expectRejection) {
            assertEquals(1, ran.value, "the task ran");
        }
    }

    @ExhaustiveConcurrency
    void aSubmissionRacingShutdownRunsOrIsRejected() throws Exception {
        submitRacingShutdown(true);
    }

    @ExhaustiveConcurrency
    void aSubmissionRacingShutdownIsAssumedToRun() throws Exception {
        submitRacingShutdown(false);
    }

    // queries: what the pool answers is what it is doing

    /**
     * One worker held in its first task, two more tasks queued: the pool has one thread, it is active once the first
     * task said it started, two tasks wait in the queue; after termination three tasks completed and no thread is
     * left.
     */
    private static void queriesOfABusyPool(boolean waitUntilStarted) throws Exception {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>());
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        pool.execute(() -> {
            started.countDown();
            await(release);
        });
        pool.execute(() -> { });
        pool.execute(() -> { });
        assertEquals(1, pool.getPoolSize(), "pool size");
        if (waitUntilStarted) {
            started.await();
        }
        assertEquals(1, pool.getActiveCount(), "active workers");
        assertEquals(2, pool.getQueue().size(), "queued tasks");
        release.countDown();
        awaitTermination(pool);
        assertEquals(3, pool.getCompletedTaskCount(), "completed tasks");
        assertEquals(0, pool.getPoolSize(), "pool size after termination");
    }

    @ExhaustiveConcurrency
    void queriesAnswerWhatThePoolIsDoing() throws Exception {
        queriesOfABusyPool(true);
    }

    /** The bug: {@code getActiveCount} asked before the worker has begun its task. */
    @ExhaustiveConcurrency
    void activeCountIsAssumedBeforeTheWorkerStarts() throws Exception {
        queriesOfABusyPool(false);
    }

    // which idle worker takes a task: observable through the thread's identity

    /** A thread factory that names its workers {@code worker-1}, {@code worker-2}, ... in the order it makes them. */
    private static java.util.concurrent.ThreadFactory numberedWorkers() {
        return new java.util.concurrent.ThreadFactory() {
            private int made;

            @Override
            public synchronized Thread newThread(Runnable task) {
                return new Thread(task, "worker-" + ++made);
            }
        };
    }

    /** Both workers of a fixed pool are started and idle before the task arrives; the task says which one runs it. */
    private static String workerThatRunsTheTask() throws Exception {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(2, 2, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                numberedWorkers());
        pool.prestartAllCoreThreads();
        String name = pool.submit(() -> Thread.currentThread().getName()).get();
        awaitTermination(pool);
        return name;
    }

    @ExhaustiveConcurrency
    void eitherIdleWorkerMayTakeTheTask() throws Exception {
        WORKER_NAMES.add(workerThatRunsTheTask());
    }

    @ExhaustiveConcurrency
    void theFirstIdleWorkerIsAssumedToTakeTheTask() throws Exception {
        assertEquals("worker-1", workerThatRunsTheTask());
    }

    /**
     * A cached pool that ran two tasks: the third goes to either of its two workers, if idle by then, or to a new
     * one; the task says which.
     */
    @ExhaustiveConcurrency
    void aCachedPoolsThirdTaskGoesToAnyWorker() throws Exception {
        ExecutorService pool = Executors.newCachedThreadPool(numberedWorkers());
        CountDownLatch both = new CountDownLatch(2);
        pool.execute(both::countDown);
        pool.execute(both::countDown);
        both.await();
        WORKER_NAMES.add(pool.submit(() -> Thread.currentThread().getName()).get());
        awaitTermination(pool);
    }
}
