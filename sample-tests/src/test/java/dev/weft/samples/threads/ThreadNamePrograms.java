package dev.weft.samples.threads;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.junit.KeepAcrossExecutions;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.IntConsumer;

/**
 * Threads with the names the JDK gives by default, and their ids, which tests often use (logs, maps keyed by the
 * thread's name or id). {@link ThreadNameTest} runs them; each program records the names or ids it saw, one entry per
 * execution.
 */
class ThreadNamePrograms {

    /** Kept across executions: what the test checks once they have all run. */
    @KeepAcrossExecutions
    static final Set<List<String>> SEEN = ConcurrentHashMap.newKeySet();

    /** Three threads made with {@code new Thread(runnable)}, each counting under one monitor: 3! = 6 executions. */
    @ExhaustiveConcurrency
    void defaultNames() throws InterruptedException {
        String[] names = new String[3];
        onThreeNewThreads(index -> names[index] = Thread.currentThread().getName());
        SEEN.add(List.of(names));
    }

    /** Two tasks on a new fixed pool, each on a worker of its own, counting under one monitor: 2 executions. */
    @ExhaustiveConcurrency
    void poolNames() throws Exception {
        String[] names = new String[2];
        onTwoPoolWorkers(index -> names[index] = Thread.currentThread().getName());
        SEEN.add(List.of(names));
    }

    /**
     * Three threads count their own steps in a map keyed by their id, and under one monitor: 3! = 6 executions. The main
     * thread then sums the counts, holding each count's monitor in the map's order, which the ids decide.
     */
    @ExhaustiveConcurrency
    void countsKeyedByThreadId() throws InterruptedException {
        countPerThread(Thread::getId);
    }

    /** The same keyed by {@code toString()}, which shows the thread's id on JDK 19+ ({@code Thread[#31,...]}). */
    @ExhaustiveConcurrency
    void countsKeyedByThreadToString() throws InterruptedException {
        countPerThread(Thread::toString);
    }

    private static void countPerThread(Function<Thread, Object> key) throws InterruptedException {
        Map<Object, AtomicInteger> counts = new ConcurrentHashMap<>();
        onThreeNewThreads(index -> counts.computeIfAbsent(key.apply(Thread.currentThread()), any -> new AtomicInteger())
                .incrementAndGet());
        int sum = 0;
        for (AtomicInteger count : counts.values()) {
            synchronized (count) {
                sum += count.get();
            }
        }
        if (sum != 3 || counts.size() != 3) {
            throw new AssertionError(counts);
        }
    }

    /**
     * Two tasks on a new fixed pool, each on a worker of its own, counting under one monitor: 2 executions. Records the
     * workers' ids, as the tasks see them and as the test's {@code ThreadFactory}-less pool made them, and the main
     * thread's.
     */
    @ExhaustiveConcurrency
    void poolAndMainThreadIds() throws Exception {
        long[] ids = new long[3];
        onTwoPoolWorkers(index -> ids[index] = Thread.currentThread().getId());
        ids[2] = Thread.currentThread().getId();
        SEEN.add(List.of(Long.toString(ids[0]), Long.toString(ids[1]), Long.toString(ids[2])));
    }

    /** A thread class that numbers its threads itself keeps its numbers: 1 execution. */
    @ExhaustiveConcurrency
    void ownIdsOfAThreadClass() throws InterruptedException {
        Thread numbered = new NumberedThread(() -> { });
        numbered.start();
        numbered.join();
        if (numbered.getId() != NumberedThread.ID) {
            throw new AssertionError("the thread's own getId() was not asked: " + numbered.getId());
        }
    }

    private static final class NumberedThread extends Thread {
        static final long ID = 42;

        NumberedThread(Runnable task) {
            super(task);
        }

        @Override
        @SuppressWarnings("deprecation")
        public long getId() {
            return ID;
        }
    }

    /**
     * Three threads made with {@code new Thread(runnable)}, started, then joined: each does its part (given its index)
     * and then counts under one monitor, so 3! = 6 executions where the parts do not conflict.
     */
    private static void onThreeNewThreads(IntConsumer part) throws InterruptedException {
        int[] counter = new int[1];
        Thread[] threads = new Thread[3];
        for (int i = 0; i < threads.length; i++) {
            int index = i;
            threads[i] = new Thread(() -> {
                part.accept(index);
                countUnder(counter);
            });
        }
        for (Thread thread : threads) {
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
    }

    /**
     * Two tasks on a new fixed pool, each on a worker of its own, waited for, then the pool shut down: each does its
     * part (given its index 0 or 1) and then counts under one monitor, so 2 executions.
     */
    private static void onTwoPoolWorkers(IntConsumer part) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        int[] counter = new int[1];
        Future<?> first = pool.submit(() -> {
            part.accept(0);
            countUnder(counter);
        });
        Future<?> second = pool.submit(() -> {
            part.accept(1);
            countUnder(counter);
        });
        first.get();
        second.get();
        pool.shutdown();
    }

    private static void countUnder(int[] counter) {
        synchronized (counter) {
            counter[0]++;
        }
    }
}
