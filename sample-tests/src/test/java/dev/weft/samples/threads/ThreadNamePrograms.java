package dev.weft.samples.threads;

import dev.weft.junit.ExhaustiveConcurrency;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Threads with the names the JDK gives by default, which tests often use (logs, maps keyed by the thread's name).
 * {@link ThreadNameTest} runs them; each program records the names it saw, one entry per execution.
 */
class ThreadNamePrograms {

    static final Set<List<String>> SEEN = ConcurrentHashMap.newKeySet();

    /** Three threads made with {@code new Thread(runnable)}, each counting under one monitor: 3! = 6 executions. */
    @ExhaustiveConcurrency
    void defaultNames() throws InterruptedException {
        String[] names = new String[3];
        int[] counter = new int[1];
        Thread[] threads = new Thread[3];
        for (int i = 0; i < threads.length; i++) {
            int index = i;
            threads[i] = new Thread(() -> {
                names[index] = Thread.currentThread().getName();
                synchronized (counter) {
                    counter[0]++;
                }
            });
        }
        for (Thread thread : threads) {
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        SEEN.add(List.of(names));
    }

    /** Two tasks on a new fixed pool, each on a worker of its own, counting under one monitor: 2 executions. */
    @ExhaustiveConcurrency
    void poolNames() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        String[] names = new String[2];
        int[] counter = new int[1];
        Future<?> first = pool.submit(() -> count(names, 0, counter));
        Future<?> second = pool.submit(() -> count(names, 1, counter));
        first.get();
        second.get();
        pool.shutdown();
        SEEN.add(List.of(names));
    }

    private static void count(String[] names, int index, int[] counter) {
        names[index] = Thread.currentThread().getName();
        synchronized (counter) {
            counter[0]++;
        }
    }
}
