package dev.weft.samples.executors;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.junit.KeepAcrossExecutions;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Executor and future programs whose execution counts are the traces of the user's own operations, derived by hand
 * in each comment, whatever the pool does inside ({@link UserLevelCountsTest}); and the bugs each reduction must still
 * find. Named {@code *Programs} so that Surefire does not run them on their own: the buggy ones are meant to fail.
 */
class UserLevelPrograms {

    /** How many different workers {@link #twoTasksInTurnNameTheirWorkers} saw, over all its executions. */
    @KeepAcrossExecutions
    static final java.util.Set<Integer> WORKER_SETS = new java.util.concurrent.ConcurrentSkipListSet<>();

    static final class Counter {
        int value;

        synchronized void increment() {
            value++;
        }

        synchronized int add(int delta) {
            value += delta;
            return value;
        }
    }

    /** A pair written together under its monitor: a reader that does not take it may see one write only. */
    static final class Pair {
        int x;
        int y;

        synchronized void set(int value) {
            x = value;
            y = value;
        }

        synchronized boolean consistent() {
            return x == y;
        }

        boolean consistentUnlocked() {
            return x == y;
        }
    }

    static final class Box {
        int value;
        boolean flag;
    }

    /**
     * Two submissions, two {@code get}s, {@code shutdown}, {@code awaitTermination}. The user's operations that
     * conflict are the two increments under the counter's monitor, in two tasks: 2 traces.
     */
    @ExhaustiveConcurrency
    void fixedPoolOfTwo() throws Exception {
        Counter counter = new Counter();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        Future<?> first = pool.submit(counter::increment);
        Future<?> second = pool.submit(counter::increment);
        first.get();
        second.get();
        pool.shutdown();
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
        assertEquals(2, counter.value);
    }

    /** A subclass counting in {@code beforeExecute} under the pool's monitor. */
    static final class CountingPool extends ThreadPoolExecutor {
        int started;

        CountingPool() {
            super(2, 2, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>());
        }

        @Override
        protected void beforeExecute(Thread worker, Runnable task) {
            synchronized (this) {
                started++;
            }
        }
    }

    /**
     * Each of the two tasks takes two monitors one after the other: the pool's in {@code beforeExecute}, then the
     * counter's. The order of the two tasks at each monitor is free: 2 × 2 = 4 traces.
     */
    @ExhaustiveConcurrency
    void poolSubclassCountingInBeforeExecute() throws Exception {
        Counter counter = new Counter();
        CountingPool pool = new CountingPool();
        Future<?> first = pool.submit(counter::increment);
        Future<?> second = pool.submit(counter::increment);
        first.get();
        second.get();
        pool.shutdown();
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
        assertEquals(2, counter.value);
        assertEquals(2, pool.started);
    }

    /** Four tasks on four workers, each adding under one monitor: the order of the four additions, 4! = 24 traces. */
    @ExhaustiveConcurrency
    void invokeAllOfFourOnFourWorkers() throws Exception {
        Counter counter = new Counter();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Callable<Integer>> tasks = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            int delta = i;
            tasks.add(() -> counter.add(delta));
        }
        int largest = 0;
        for (Future<Integer> result : pool.invokeAll(tasks)) {
            largest = Math.max(largest, result.get());
        }
        pool.shutdown();
        assertEquals(10, counter.value);
        assertEquals(10, largest);
    }

    /**
     * Three prestarted workers wait for tasks; four tasks are submitted one after the other, each awaited before the
     * next: one thread at a time touches the counter, 1 trace. Which idle worker takes each task is not explored (the
     * workers are interchangeable: no task looks at its thread), else each of the four takes could go to any of the
     * three idle workers.
     */
    @ExhaustiveConcurrency
    void fourTasksInTurnOnThreeIdleWorkers() throws Exception {
        Counter counter = new Counter();
        ThreadPoolExecutor pool = new ThreadPoolExecutor(3, 3, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>());
        pool.prestartAllCoreThreads();
        for (int i = 1; i <= 4; i++) {
            int delta = i;
            pool.submit(() -> counter.add(delta)).get();
        }
        pool.shutdown();
        assertEquals(10, counter.value);
    }

    /**
     * Two tasks in turn on three idle workers, each returning the name of the thread it runs on: which idle worker
     * takes a task is then observable, and explored (the exploration notices the look and starts again). The two
     * tasks ran on one worker or on two ({@link #WORKER_SETS}).
     */
    @ExhaustiveConcurrency
    void twoTasksInTurnNameTheirWorkers() throws Exception {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(3, 3, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>());
        pool.prestartAllCoreThreads();
        java.util.Set<String> workers = new java.util.HashSet<>();
        for (int i = 1; i <= 2; i++) {
            workers.add(pool.submit(() -> Thread.currentThread().getName()).get());
        }
        pool.shutdown();
        WORKER_SETS.add(workers.size());
    }

    /** Three independent suppliers combined: nothing of the user's conflicts, 1 trace. */
    @ExhaustiveConcurrency
    void threeSuppliersCombined() {
        ExecutorService pool = Executors.newFixedThreadPool(3);
        CompletableFuture<Integer> a = CompletableFuture.supplyAsync(() -> 1, pool);
        CompletableFuture<Integer> b = CompletableFuture.supplyAsync(() -> 2, pool);
        CompletableFuture<Integer> c = CompletableFuture.supplyAsync(() -> 3, pool);
        int sum = a.thenCombine(b, Integer::sum).thenCombine(c, Integer::sum).join();
        pool.shutdown();
        assertEquals(6, sum);
    }

    // The bugs the reductions must not hide.

    /** One task writes the pair under its monitor, another reads it without: it may see x written and y not. */
    @ExhaustiveConcurrency
    void taskTearsAPairWrittenByAnother() throws Exception {
        assertTrue(pairAsATaskSawIt(Pair::consistentUnlocked), "the reader saw x and y differ");
    }

    /** Its twin reads under the monitor: before or after the whole write, 2 traces. */
    @ExhaustiveConcurrency
    void taskReadsAPairWhole() throws Exception {
        assertTrue(pairAsATaskSawIt(Pair::consistent), "the reader saw x and y differ");
    }

    /** One task sets the pair, another looks at it with {@code look}; what it saw. */
    private static boolean pairAsATaskSawIt(Predicate<Pair> look) throws Exception {
        Pair pair = new Pair();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        Future<?> writer = pool.submit(() -> pair.set(1));
        Future<Boolean> reader = pool.submit(() -> look.test(pair));
        writer.get();
        boolean consistent = reader.get();
        pool.shutdown();
        return consistent;
    }

    /** The value is published after the submission: the task may run first and see nothing. */
    @ExhaustiveConcurrency
    void taskReadsStatePublishedAfterItsSubmission() throws Exception {
        Box box = new Box();
        ExecutorService pool = Executors.newSingleThreadExecutor();
        Future<Integer> seen = pool.submit(() -> box.value);
        box.value = 42;
        assertEquals(42, seen.get());
        pool.shutdown();
    }

    /** Its twin publishes before it submits: the submission orders the write before the task, 1 trace. */
    @ExhaustiveConcurrency
    void taskReadsStatePublishedBeforeItsSubmission() throws Exception {
        Box box = new Box();
        ExecutorService pool = Executors.newSingleThreadExecutor();
        box.value = 42;
        Future<Integer> seen = pool.submit(() -> box.value);
        assertEquals(42, seen.get());
        pool.shutdown();
    }

    /** The future is completed before the flag is set: the waiter may wake and look before the flag is there. */
    @ExhaustiveConcurrency
    void flagSetAfterTheFutureItGuards() throws Exception {
        assertTrue(flagSeenByTheFuturesWaiter(false), "woken before the flag was set");
    }

    /** Its twin sets the flag first: the completion orders it before the waiter's look, 1 trace. */
    @ExhaustiveConcurrency
    void flagSetBeforeTheFutureItGuards() throws Exception {
        assertTrue(flagSeenByTheFuturesWaiter(true), "woken before the flag was set");
    }

    /** A thread completes a future and sets a plain flag, in the order given; what the future's waiter saw. */
    private static boolean flagSeenByTheFuturesWaiter(boolean flagFirst) throws Exception {
        Box box = new Box();
        CompletableFuture<Void> done = new CompletableFuture<>();
        Thread worker = new Thread(() -> {
            if (flagFirst) {
                box.flag = true;
            }
            done.complete(null);
            if (!flagFirst) {
                box.flag = true;
            }
        });
        worker.start();
        done.join();
        boolean seen = box.flag;
        worker.join();
        return seen;
    }

    /**
     * A composed stage queues its follow-up ({@code thenCompose} calling {@code supplyAsync}), then publishes what the
     * follow-up reads. The worker that queued it, taking it back once its stage is done, always sees the publication
     * (its program order puts it first); the other worker, free first, may run the follow-up before it. A worker's take
     * of its own queued task is neutral only while nothing of its own came after the queueing ({@code NeutralTakes}):
     * here the publication did, so the other worker's take is explored.
     */
    @ExhaustiveConcurrency
    void composedStageReadsStatePublishedAfterItWasQueued() throws Exception {
        assertEquals(42, followUpOfAComposedStage(false));
    }

    /**
     * Its twin publishes before it queues the follow-up: the submission orders the write before the follow-up,
     * whichever worker runs it, and nothing else of the user's conflicts: 1 trace, 1 execution. The stage's worker goes
     * on and takes the follow-up back with nothing in between: a neutral take ({@code NeutralTakes}), so the idle
     * worker's take, more order, is not run. With the lowest thread first ({@code weft.freeChoice=lowest}) it costs 2:
     * the other worker, idle once its own stage is done, takes the follow-up as soon as it is queued, and then its take
     * orders its own stage (not ordered before the queueing) before the follow-up, so the stage's worker taking the
     * follow-up back (less order) is run too.
     */
    @ExhaustiveConcurrency
    void composedStageReadsStatePublishedBeforeItWasQueued() throws Exception {
        assertEquals(42, followUpOfAComposedStage(true));
    }

    /**
     * The other worker is idle before a stage queues its follow-up and then publishes what the follow-up reads (the
     * stage waits until the other worker's task is done): the idle worker may take the follow-up at once and read before
     * the publication. The stage's worker taking the follow-up back puts the publication first, an order its
     * submission does not give, so that take is not neutral ({@code NeutralTakes}) and the idle worker's take is run
     * too. Missed before: any two workers' takes touched keys of their own, and the idle worker, woken by
     * {@code shutdown}'s interrupt, never looked at the queue.
     */
    @ExhaustiveConcurrency
    void idleWorkerRunsAFollowUpBeforeItsSubmitterPublishes() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        Box box = new Box();
        CompletableFuture<Integer> stage = CompletableFuture.supplyAsync(() -> 1, pool)
                .thenCompose(x -> {
                    while (((ThreadPoolExecutor) pool).getCompletedTaskCount() < 1) {
                        Thread.yield(); // the other worker's task is done: it waits for the next
                    }
                    CompletableFuture<Integer> followUp = CompletableFuture.supplyAsync(() -> box.value, pool);
                    box.value = 42;
                    return followUp;
                });
        pool.execute(() -> box.flag = true);
        int seen = stage.join();
        pool.shutdown();
        assertEquals(42, seen);
    }

    /** What the follow-up queued by a composed stage read, published by the stage before or after the queueing. */
    private static int followUpOfAComposedStage(boolean publishFirst) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        Box box = new Box();
        CompletableFuture<Integer> other = CompletableFuture.supplyAsync(() -> 2, pool);
        int seen = CompletableFuture.supplyAsync(() -> 1, pool)
                .thenCompose(x -> {
                    if (publishFirst) {
                        box.value = 42;
                    }
                    CompletableFuture<Integer> followUp = CompletableFuture.supplyAsync(() -> box.value, pool);
                    if (!publishFirst) {
                        box.value = 42;
                    }
                    return followUp;
                })
                .join();
        other.join();
        pool.shutdown();
        return seen;
    }

    /** What a task queued behind two running ones saw of them, under their common monitor. */
    static final class Seen {
        int first;
        int second;

        synchronized void first() {
            first = 1;
        }

        synchronized void second() {
            second = 1;
        }

        synchronized int[] both() {
            return new int[] {first, second};
        }
    }

    /**
     * Two workers run the first two tasks; the third waits in the queue for whichever is free first. When the second
     * task's worker is, the third task runs before the first task has taken the monitor and sees the second's write
     * alone.
     */
    @ExhaustiveConcurrency
    void queuedTaskSeesOnlyTheSecond() throws Exception {
        int[] seen = threeTasksOnTwoWorkers();
        assertFalse(seen[0] == 0 && seen[1] == 1, "the queued task saw the second task's write alone");
    }

    /**
     * Its twin asserts what always holds: the queued task runs after one of the two. The three critical sections run
     * in 4 orders (the queued one never first): first-second-queued, second-first-queued, first-queued-second,
     * second-queued-first. In the first two both workers are free when the queued task is taken, and which of them
     * takes it is a race on the work queue (2 each); in the last two only one is: 2 + 2 + 1 + 1 = 6 traces.
     */
    @ExhaustiveConcurrency
    void queuedTaskSeesOneOfTheOthers() throws Exception {
        int[] seen = threeTasksOnTwoWorkers();
        assertTrue(seen[0] + seen[1] >= 1, "the queued task ran before both others");
    }

    /**
     * {@link #queuedTaskSeesOnlyTheSecond} in a pool the test never shuts down, as many tests leave theirs: the worker
     * that finished first is left waiting for work when the test ends, and it could have taken the queued task before
     * the other worker came back for it.
     */
    @ExhaustiveConcurrency
    void queuedTaskSeesOnlyTheSecondInAPoolNeverShutDown() throws Exception {
        int[] seen = threeTasksOnTwoWorkersLeftRunning();
        assertFalse(seen[0] == 0 && seen[1] == 1, "the queued task saw the second task's write alone");
    }

    /**
     * Three tasks on two workers in a pool never shut down, every future awaited: the first task writes, the second
     * does nothing, the queued third reads. The second's worker can be back for the third before the first task has
     * written; when the test ends, that worker is the one left waiting for work.
     */
    @ExhaustiveConcurrency
    void queuedTaskReadsBeforeTheFirstWritesInAPoolNeverShutDown() throws Exception {
        queuedTaskReadsBeforeTheFirstWrites(Executors.newFixedThreadPool(2));
    }

    /** The same on daemon workers, which the end of the test abandons as a JVM's exit would. */
    @ExhaustiveConcurrency
    void queuedTaskReadsBeforeTheFirstWritesOnDaemonWorkers() throws Exception {
        queuedTaskReadsBeforeTheFirstWrites(Executors.newFixedThreadPool(2, task -> {
            Thread worker = new Thread(task);
            worker.setDaemon(true);
            return worker;
        }));
    }

    private static void queuedTaskReadsBeforeTheFirstWrites(ExecutorService pool) throws Exception {
        int[] value = new int[1];
        Future<?> writes = pool.submit(() -> {
            value[0] = 1;
        });
        Future<?> idles = pool.submit(() -> { });
        Future<Integer> reads = pool.submit(() -> value[0]);
        writes.get();
        idles.get();
        assertEquals(1, reads.get(), "the queued task read before the first task wrote");
    }

    /** Its twin: the same 6 traces as {@link #queuedTaskSeesOneOfTheOthers}, whose pool is shut down. */
    @ExhaustiveConcurrency
    void queuedTaskSeesOneOfTheOthersInAPoolNeverShutDown() throws Exception {
        int[] seen = threeTasksOnTwoWorkersLeftRunning();
        assertTrue(seen[0] + seen[1] >= 1, "the queued task ran before both others");
    }

    private static int[] threeTasksOnTwoWorkers() throws Exception {
        Seen state = new Seen();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        int[] seen = submitThree(pool, state).get();
        pool.shutdown();
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
        return seen;
    }

    private static int[] threeTasksOnTwoWorkersLeftRunning() throws Exception {
        return submitThree(Executors.newFixedThreadPool(2), new Seen()).get();
    }

    private static Future<int[]> submitThree(ExecutorService pool, Seen state) {
        pool.submit(state::first);
        pool.submit(state::second);
        return pool.submit(state::both);
    }

    /** A subclass that records, in a plain map, that it terminated. */
    static final class RecordingPool extends ThreadPoolExecutor {
        final java.util.Map<String, Boolean> log = new java.util.HashMap<>();

        RecordingPool() {
            super(1, 1, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>());
        }

        @Override
        protected void terminated() {
            log.put("terminated", true);
        }
    }

    /**
     * What {@code terminated()} does happens before {@code awaitTermination} returns (the JDK signals termination
     * after it): the test's look at the plain map is no data race. One task, nothing else conflicts: 1 trace.
     */
    @ExhaustiveConcurrency
    void terminatedHappensBeforeAwaitTermination() throws Exception {
        RecordingPool pool = new RecordingPool();
        pool.execute(() -> { });
        pool.shutdown();
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
        assertEquals(Boolean.TRUE, pool.log.get("terminated"));
    }
}
