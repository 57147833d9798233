package dev.weft.samples.forkjoin;

import dev.weft.junit.ExhaustiveConcurrency;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Fork/join computations as tests write them, with no change for Weft: parallel streams, the common pool, pools of
 * the test's own, {@code RecursiveTask}s that fork and join, {@code Arrays.parallel*}, a {@code ConcurrentHashMap}
 * bulk operation that goes parallel. Run by {@link ForkJoinTest}, which derives each count.
 */
class ForkJoinPrograms {

    /** The sum of a parallel stream: its leaves share nothing the test's code can see. */
    @ExhaustiveConcurrency
    void parallelSum() {
        assertEquals(4950, IntStream.range(0, 100).parallel().sum());
    }

    /** A parallel stream of a list, mapped and collected. */
    @ExhaustiveConcurrency
    void parallelStreamCollects() {
        List<Integer> numbers = IntStream.rangeClosed(1, 20).boxed().collect(Collectors.toList());
        List<Integer> doubled = numbers.parallelStream().map(n -> n * 2).collect(Collectors.toList());
        assertThat(doubled).hasSize(20).startsWith(2, 4, 6).endsWith(40);
    }

    static int total;

    /** Each element adds to a plain field: two leaves that read it before either writes lose an update. */
    @ExhaustiveConcurrency
    void parallelForEachLosesAnUpdate() {
        total = 0;
        IntStream.range(0, 4).parallel().forEach(i -> total += 1);
        assertEquals(4, total);
    }

    /**
     * A peer tool's program: the compare-and-sets succeed in a chain only in ascending order, which a parallel stream
     * does not keep.
     */
    @ExhaustiveConcurrency
    void parallelCompareAndSetChain() {
        AtomicInteger x = new AtomicInteger();
        IntStream.range(1, 10).parallel().forEach(i -> x.compareAndSet(i - 1, i + 1));
        assertEquals(10, x.get());
    }

    /** Fibonacci by forking and joining, into no shared state. */
    static final class Fibonacci extends RecursiveTask<Integer> {
        private final int n;

        Fibonacci(int n) {
            this.n = n;
        }

        @Override
        protected Integer compute() {
            if (n <= 1) {
                return n;
            }
            Fibonacci first = new Fibonacci(n - 1);
            first.fork();
            return new Fibonacci(n - 2).compute() + first.join();
        }
    }

    @ExhaustiveConcurrency
    void fibonacciOnTheCommonPool() {
        assertEquals(55, ForkJoinPool.commonPool().invoke(new Fibonacci(10)));
    }

    @ExhaustiveConcurrency
    void fibonacciInvokedDirectly() {
        assertEquals(55, new Fibonacci(10).invoke());
    }

    static int hits;

    /** Two actions of one {@code invokeAll} count into a plain field: the lost update. */
    static final class Count extends RecursiveAction {
        @Override
        protected void compute() {
            hits++;
        }
    }

    @ExhaustiveConcurrency
    void invokeAllLosesAnUpdate() {
        hits = 0;
        ForkJoinPool pool = new ForkJoinPool(2);
        try {
            pool.invoke(new RecursiveAction() {
                @Override
                protected void compute() {
                    ForkJoinTask.invokeAll(new Count(), new Count());
                }
            });
        } finally {
            pool.shutdown();
        }
        assertEquals(2, hits);
    }

    /** The same with an {@code AtomicInteger}: correct in every order. */
    @ExhaustiveConcurrency
    void invokeAllWithAnAtomicCounter() throws Exception {
        AtomicInteger counter = new AtomicInteger();
        ForkJoinPool pool = new ForkJoinPool(2);
        pool.submit(() -> ForkJoinTask.invokeAll(List.of(
                ForkJoinTask.adapt(counter::incrementAndGet), ForkJoinTask.adapt(counter::incrementAndGet))))
                .get();
        pool.shutdown();
        assertThat(pool.awaitTermination(1, TimeUnit.SECONDS)).isTrue();
        assertEquals(2, counter.get());
    }

    /** A work-stealing pool as an executor: submissions, then {@code awaitTermination} after {@code shutdown}. */
    @ExhaustiveConcurrency
    void workStealingPoolAwaitsItsTasks() throws InterruptedException {
        AtomicInteger done = new AtomicInteger();
        ExecutorService pool = Executors.newWorkStealingPool(2);
        for (int i = 0; i < 3; i++) {
            pool.execute(done::incrementAndGet);
        }
        pool.shutdown();
        assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        assertEquals(3, done.get());
    }

    /** {@code CompletableFuture} stages on a {@code ForkJoinPool} of the test's own. */
    @ExhaustiveConcurrency
    void completableFutureOnAForkJoinPool() {
        ForkJoinPool pool = new ForkJoinPool(2);
        CompletableFuture<Integer> sum = CompletableFuture.supplyAsync(() -> 20, pool)
                .thenCombineAsync(CompletableFuture.supplyAsync(() -> 22, pool), Integer::sum, pool);
        assertEquals(42, sum.join());
        pool.shutdown();
    }

    @ExhaustiveConcurrency
    void arraysParallelSetAllAndSort() {
        int[] squares = new int[50];
        Arrays.parallelSetAll(squares, i -> (49 - i) * (49 - i));
        Arrays.parallelSort(squares);
        assertEquals(0, squares[0]);
        assertEquals(49 * 49, squares[49]);
        long[] prefix = new long[40];
        Arrays.fill(prefix, 1);
        Arrays.parallelPrefix(prefix, Long::sum);
        assertEquals(40, prefix[39]);
    }

    /** Bulk operations over more mappings than their threshold go parallel; each leaf touches keys of its own. */
    @ExhaustiveConcurrency
    void concurrentMapParallelBulk() {
        ConcurrentHashMap<Integer, Integer> map = new ConcurrentHashMap<>();
        for (int i = 0; i < 10; i++) {
            map.put(i, i);
        }
        ConcurrentHashMap<Integer, Integer> squares = new ConcurrentHashMap<>();
        map.forEach(1, (key, value) -> squares.put(key, value * value));
        assertEquals(285, squares.values().stream().mapToInt(Integer::intValue).sum());
        assertEquals(45, map.reduceValues(1, Integer::sum));
    }

    /** A task that blocks on a latch another task counts down: fine when every task has a worker. */
    @ExhaustiveConcurrency
    void managedBlockingAcrossTasks() throws Exception {
        CountDownLatch ready = new CountDownLatch(1);
        ForkJoinPool pool = new ForkJoinPool(1);
        ForkJoinTask<?> waiter = pool.submit(() -> {
            ready.await();
            return null;
        });
        pool.submit(ready::countDown);
        waiter.get();
        pool.shutdown();
    }

    /** A task that throws: its join rethrows it in the joiner, as on a JVM. */
    @ExhaustiveConcurrency
    void aTasksExceptionReachesItsJoiner() {
        ForkJoinTask<Integer> failing = ForkJoinTask.adapt(() -> {
            throw new IllegalStateException("task failed");
        });
        failing.fork();
        assertThat(org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, failing::join))
                .hasMessageContaining("task failed");
        assertThat(failing.isCompletedAbnormally()).isTrue();
    }

    /** A timed {@code get} on a task that sleeps longer: it times out, on the test's clock. */
    @ExhaustiveConcurrency
    void aTimedGetOfASlowTaskTimesOut() throws Exception {
        ForkJoinTask<String> slow = ForkJoinPool.commonPool().submit(() -> {
            Thread.sleep(5_000);
            return "late";
        });
        org.junit.jupiter.api.Assertions.assertThrows(java.util.concurrent.TimeoutException.class,
                () -> slow.get(1, TimeUnit.SECONDS));
        assertEquals("late", slow.get());
    }

    /** {@code completeOnTimeout} and {@code delayedExecutor} on the execution's clock. */
    @ExhaustiveConcurrency
    void completableFutureTimeouts() {
        assertEquals("fallback", new CompletableFuture<String>().completeOnTimeout("fallback", 1, TimeUnit.SECONDS)
                .join());
        long before = System.nanoTime();
        CompletableFuture<String> later = CompletableFuture.supplyAsync(() -> "later",
                CompletableFuture.delayedExecutor(2, TimeUnit.SECONDS));
        assertEquals("later", later.join());
        assertThat(System.nanoTime() - before).isGreaterThanOrEqualTo(TimeUnit.SECONDS.toNanos(2));
    }

    /**
     * Java 25's {@code ForkJoinPool.schedule} (called by reflection: the build's release is 17): the delayed task's
     * deadline is on the test's clock, so its delay is exactly the one asked for however long the JDK took to make
     * and schedule it, and it runs exactly that much later. On the real clock its delay lost the time in between.
     */
    @ExhaustiveConcurrency
    void aPoolsDelayedTaskIsDueExactlyOnTheTestsClock() throws Exception {
        ScheduledFuture<?> task = (ScheduledFuture<?>) ForkJoinPool.class
                .getMethod("schedule", Runnable.class, long.class, TimeUnit.class)
                .invoke(ForkJoinPool.commonPool(), (Runnable) () -> { }, 2L, TimeUnit.SECONDS);
        assertThat(task.getDelay(TimeUnit.NANOSECONDS)).isEqualTo(TimeUnit.SECONDS.toNanos(2));
        long before = System.nanoTime();
        task.get();
        assertThat(System.nanoTime() - before).isEqualTo(TimeUnit.SECONDS.toNanos(2));
    }

    static int racy;

    /** A task of the common pool writes a plain field that the test reads without joining it first: a race. */
    @ExhaustiveConcurrency
    void readingBeforeTheJoinRaces() {
        racy = 0;
        ForkJoinTask<?> task = ForkJoinTask.adapt(() -> racy = 1).fork();
        int seen = racy;
        task.join();
        assertEquals(1, seen);
    }

    /** Two tasks join each other: a deadlock that no worker's help can undo. */
    @ExhaustiveConcurrency
    void tasksThatJoinEachOtherDeadlock() {
        ForkJoinTask<?>[] tasks = new ForkJoinTask<?>[2];
        CountDownLatch both = new CountDownLatch(2);
        for (int i = 0; i < 2; i++) {
            int other = 1 - i;
            tasks[i] = ForkJoinTask.adapt(() -> {
                both.countDown();
                try {
                    both.await();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                tasks[other].join();
            });
        }
        tasks[0].fork();
        tasks[1].fork();
        tasks[0].join();
    }

    /** A parallel stream whose elements go to a synchronized list, then sorted: the same list in every order. */
    @ExhaustiveConcurrency
    void parallelForEachIntoASynchronizedList() {
        List<Integer> seen = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        IntStream.range(0, 3).parallel().forEach(seen::add);
        List<Integer> sorted = new java.util.ArrayList<>(seen);
        sorted.sort(null);
        assertEquals(List.of(0, 1, 2), sorted);
    }

    /** Short-circuiting and ordered parallel operations: the JDK's cancellations and ordering stay its own. */
    @ExhaustiveConcurrency
    void parallelShortCircuitsAndOrder() {
        assertThat(IntStream.range(0, 40).parallel().filter(i -> i % 7 == 3).findFirst()).hasValue(3);
        assertThat(IntStream.range(0, 40).parallel().anyMatch(i -> i == 39)).isTrue();
        assertThat(IntStream.range(0, 40).parallel().boxed().sorted(java.util.Comparator.reverseOrder()).limit(2)
                .collect(Collectors.toList())).containsExactly(39, 38);
        StringBuilder ordered = new StringBuilder();
        IntStream.range(0, 5).parallel().forEachOrdered(ordered::append);
        assertEquals("01234", ordered.toString());
    }

    /** Tasks forked and never joined, then {@code helpQuiesce}: all of them have run when it returns. */
    @ExhaustiveConcurrency
    void helpQuiesceWaitsForForkedTasks() {
        AtomicInteger done = new AtomicInteger();
        ForkJoinPool.commonPool().invoke(new RecursiveAction() {
            @Override
            protected void compute() {
                for (int i = 0; i < 3; i++) {
                    ForkJoinTask.adapt(done::incrementAndGet).fork();
                }
                ForkJoinTask.helpQuiesce();
                assertEquals(3, done.get());
            }
        });
    }

    /**
     * A task asks which pool runs it, as the JSR-166 TCK's {@code testGetPool} and {@code testInForkJoinPool} do: its
     * own pool inside the task, and its subtask's, none outside.
     */
    @ExhaustiveConcurrency
    void aTaskKnowsItsPool() {
        ForkJoinPool pool = new ForkJoinPool(2);
        try {
            assertThat(ForkJoinTask.inForkJoinPool()).isFalse();
            assertThat(ForkJoinTask.getPool()).isNull();
            int depth = pool.invoke(new RecursiveTask<Integer>() {
                @Override
                protected Integer compute() {
                    assertThat(ForkJoinTask.inForkJoinPool()).isTrue();
                    assertThat(ForkJoinTask.getPool()).isSameAs(pool);
                    RecursiveTask<Boolean> sub = new RecursiveTask<>() {
                        @Override
                        protected Boolean compute() {
                            return ForkJoinTask.getPool() == pool && ForkJoinTask.inForkJoinPool();
                        }
                    };
                    sub.fork();
                    return sub.join() ? 2 : 1;
                }
            });
            assertEquals(2, depth);
        } finally {
            pool.shutdown();
        }
    }

    /** {@code shutdownNow} interrupts a running task, and {@code awaitTermination} then sees the pool terminated. */
    @ExhaustiveConcurrency
    void shutdownNowInterruptsARunningTask() throws InterruptedException {
        ForkJoinPool pool = new ForkJoinPool(2);
        AtomicInteger interrupted = new AtomicInteger();
        pool.execute(() -> {
            try {
                Thread.sleep(10_000);
            } catch (InterruptedException e) {
                interrupted.incrementAndGet();
            }
        });
        pool.shutdownNow();
        assertThat(pool.awaitTermination(1, TimeUnit.MINUTES)).isTrue();
        assertEquals(1, interrupted.get());
    }

    /** A parallel collect with the test's own supplier, accumulator and combiner: lists of each leaf, then merged. */
    @ExhaustiveConcurrency
    void parallelCollectWithOwnFunctions() {
        java.util.ArrayList<Integer> all = IntStream.range(0, 8).parallel().boxed()
                .collect(java.util.ArrayList::new, java.util.ArrayList::add, java.util.ArrayList::addAll);
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7), all);
    }

    static int steps;

    /**
     * Leaves and combiners count into one plain field: the combiners race with other leaves too. (With an
     * {@code AtomicInteger} instead, 4 one-element leaves and 3 combiners, Weft explores 40 orders: the combiner of
     * the left half always after the right half's, since a completer reports only after the tasks forked before it.)
     */
    @ExhaustiveConcurrency
    void combinersRaceWithLeaves() {
        steps = 0;
        int sum = IntStream.range(0, 4).parallel().boxed().reduce(0, (a, b) -> {
            steps++;
            return a + b;
        }, (a, b) -> {
            steps++;
            return a + b;
        });
        assertEquals(6, sum);
        assertThat(steps).isGreaterThanOrEqualTo(4);
    }

    /** A {@code ManagedBlocker} of the test's own, in a task, waits for another task's flag under a monitor. */
    @ExhaustiveConcurrency
    void managedBlockerWaitsForAnotherTask() throws Exception {
        Object lock = new Object();
        boolean[] ready = new boolean[1];
        ForkJoinPool pool = new ForkJoinPool(1);
        ForkJoinTask<?> waiter = pool.submit(() -> {
            ForkJoinPool.managedBlock(new ForkJoinPool.ManagedBlocker() {
                @Override
                public boolean block() throws InterruptedException {
                    synchronized (lock) {
                        while (!ready[0]) {
                            lock.wait();
                        }
                    }
                    return true;
                }

                @Override
                public boolean isReleasable() {
                    return false;
                }
            });
            return null;
        });
        pool.execute(() -> {
            synchronized (lock) {
                ready[0] = true;
                lock.notifyAll();
            }
        });
        waiter.get();
        pool.shutdown();
    }

    /** {@code invokeAny} on a pool: the first task to complete decides. */
    @ExhaustiveConcurrency
    void invokeAnyOnAForkJoinPool() throws Exception {
        ForkJoinPool pool = new ForkJoinPool(2);
        try {
            int first = pool.invokeAny(List.<java.util.concurrent.Callable<Integer>>of(() -> 1, () -> 2));
            assertThat(first).isIn(1, 2);
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * {@code invokeAll} of a hash set of tasks (as the JSR-166 TCK does): the set iterates by the tasks' identity
     * hashes, which must be the same in every execution, or the same schedule forks different tasks first.
     */
    @ExhaustiveConcurrency
    void invokeAllOfAHashSetOfTasks() {
        AtomicInteger raced = new AtomicInteger();
        ForkJoinPool pool = new ForkJoinPool(2);
        pool.invoke(new RecursiveAction() {
            @Override
            protected void compute() {
                java.util.Set<Fibonacci> set = new java.util.HashSet<>();
                for (int n = 4; n <= 9; n++) {
                    set.add(new Fibonacci(n));
                }
                ForkJoinTask.invokeAll(set);
                ForkJoinTask<?> other = ForkJoinTask.adapt(raced::incrementAndGet).fork();
                raced.incrementAndGet();
                other.join();
                assertEquals(3 + 5 + 8 + 13 + 21 + 34, set.stream().mapToInt(ForkJoinTask::join).sum());
            }
        });
        pool.shutdown();
    }

    /**
     * A timed {@code get} of a task that is not done, by an interrupted thread, throws {@code InterruptedException}
     * whatever the timeout, even one that is not positive; not interrupted, a timeout that is not positive times out.
     */
    @ExhaustiveConcurrency
    void timedGetsOfATaskNotDone() {
        ForkJoinTask<Integer> never = ForkJoinTask.adapt(() -> 1);
        for (long timeout : new long[] {-1, 0, 1}) {
            Thread.currentThread().interrupt();
            org.junit.jupiter.api.Assertions.assertThrows(InterruptedException.class,
                    () -> never.get(timeout, TimeUnit.SECONDS));
            org.junit.jupiter.api.Assertions.assertThrows(java.util.concurrent.TimeoutException.class,
                    () -> never.get(timeout, TimeUnit.SECONDS));
        }
    }

    /**
     * A task that spins (yielding) until the task it forked is done, as the JSR-166 TCK's testAwaitQuiescence2 does;
     * {@code awaitQuiescence} waits for both.
     */
    @ExhaustiveConcurrency
    void awaitQuiescenceWaitsForASpinningTask() {
        ForkJoinPool pool = new ForkJoinPool(2);
        ForkJoinTask<?> spinner = ForkJoinTask.adapt(() -> {
            ForkJoinTask<Integer> forked = new Fibonacci(5).fork();
            while (!forked.isDone()) {
                Thread.yield();
            }
        });
        pool.execute(spinner);
        assertThat(pool.awaitQuiescence(10, TimeUnit.SECONDS)).isTrue();
        assertThat(spinner.isDone()).isTrue();
        pool.shutdown();
    }

    /**
     * A task of a pool waits for that pool's quiescence from inside it (which returns at once: the task itself is
     * running) and reads the clock; the test thread yields until the task is done and the pool quiescent, as the
     * JSR-166 TCK's testAwaitQuiescence1 does.
     */
    @ExhaustiveConcurrency
    void yieldsUntilATaskThatAwaitedQuiescenceEnds() {
        ForkJoinPool pool = new ForkJoinPool();
        RecursiveAction task = new RecursiveAction() {
            @Override
            protected void compute() {
                assertThat(pool.awaitQuiescence(1_000, TimeUnit.MILLISECONDS)).isTrue();
                System.nanoTime();
            }
        };
        pool.execute(task);
        while (!task.isDone() || !pool.isQuiescent()) {
            Thread.yield();
        }
        pool.shutdown();
    }

    /** One more task than Weft runs in one execution. */
    @ExhaustiveConcurrency
    void tooManyTasks() {
        for (int i = 0; i <= 4_096; i++) {
            ForkJoinTask.adapt(() -> { }).fork();
        }
    }
}
