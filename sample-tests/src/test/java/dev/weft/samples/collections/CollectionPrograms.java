package dev.weft.samples.collections;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.samples.support.Concurrently;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * JDK collections shared by threads: each call is one visible step. Correct uses pass; get-then-put on a concurrent
 * map, contains-then-add on a copy-on-write list and iteration of a collection another thread modifies fail. Run by
 * {@link CollectionsTest}. (Check-then-act on a {@code ConcurrentHashMap} is in the bug zoo.)
 */
class CollectionPrograms {

    // Thread-safe collections.

    @ExhaustiveConcurrency
    void putIfAbsentKeepsTheFirst() throws Exception {
        Map<String, String> map = new ConcurrentHashMap<>();
        String[] winner = new String[2];
        Concurrently.run(() -> winner[0] = map.putIfAbsent("k", "a"), () -> winner[1] = map.putIfAbsent("k", "b"));
        assertThat(winner[0] == null ^ winner[1] == null).as("exactly one thread found the key absent").isTrue();
    }

    @ExhaustiveConcurrency
    void mergeCountsEveryHit() throws Exception {
        ConcurrentHashMap<String, Integer> hits = new ConcurrentHashMap<>();
        Runnable hit = () -> hits.merge("page", 1, Integer::sum);
        Concurrently.run(hit, hit);
        assertThat(hits.get("page")).isEqualTo(2);
    }

    /** get-then-put on a concurrent map loses an update, like count++ does. */
    @ExhaustiveConcurrency
    void getThenPutLosesAHit() throws Exception {
        Map<String, Integer> hits = new ConcurrentHashMap<>(Map.of("page", 0));
        Runnable hit = () -> hits.put("page", hits.get("page") + 1);
        Concurrently.run(hit, hit);
        assertThat(hits.get("page")).isEqualTo(2);
    }

    @ExhaustiveConcurrency
    void concurrentQueueHandsOverEveryElement() throws Exception {
        Queue<Integer> queue = new ConcurrentLinkedQueue<>();
        List<Integer> polled = new ArrayList<>();
        Concurrently.run(() -> {
            queue.offer(1);
            queue.offer(2);
        }, () -> {
            Integer first = queue.poll();
            if (first != null) {
                polled.add(first);
            }
        });
        while (!queue.isEmpty()) {
            polled.add(queue.poll());
        }
        assertThat(polled).containsExactly(1, 2);
    }

    /** contains-then-add on a CopyOnWriteArrayList adds twice; addIfAbsent does not. */
    private static void addsOnce(boolean atomically) throws InterruptedException {
        CopyOnWriteArrayList<String> listeners = new CopyOnWriteArrayList<>();
        Runnable subscribe = () -> {
            if (atomically) {
                listeners.addIfAbsent("l");
            } else if (!listeners.contains("l")) {
                listeners.add("l");
            }
        };
        Concurrently.run(subscribe, subscribe);
        assertThat(listeners).containsExactly("l");
    }

    @ExhaustiveConcurrency
    void copyOnWriteContainsThenAdd() throws Exception {
        addsOnce(false);
    }

    @ExhaustiveConcurrency
    void copyOnWriteContainsThenAddFixed() throws Exception {
        addsOnce(true);
    }

    @ExhaustiveConcurrency
    void skipListMapIterationSeesAConsistentPrefix() throws Exception {
        ConcurrentSkipListMap<Integer, String> map = new ConcurrentSkipListMap<>();
        map.put(1, "a");
        List<Integer> seen = new ArrayList<>();
        Concurrently.run(() -> map.put(2, "b"), () -> {
            for (Integer key : map.keySet()) {
                seen.add(key);
            }
        });
        assertThat(seen).startsWith(1).isSorted();
    }

    // Collections that are not thread-safe.

    /** One thread iterates a list while the other adds to it, with or without a lock around both. */
    private static void iterateWhileAdding(boolean locked) throws InterruptedException {
        List<Integer> list = new ArrayList<>(List.of(1, 2));
        int[] sum = new int[1];
        Runnable reader = () -> {
            if (locked) {
                synchronized (list) {
                    sum[0] = sumOf(list);
                }
            } else {
                sum[0] = sumOf(list);
            }
        };
        Runnable writer = () -> {
            if (locked) {
                synchronized (list) {
                    list.add(3);
                }
            } else {
                list.add(3);
            }
        };
        Concurrently.run(reader, writer);
        assertThat(sum[0]).isIn(3, 6);
    }

    private static int sumOf(List<Integer> list) {
        int sum = 0;
        for (int value : list) {
            sum += value;
        }
        return sum;
    }

    @ExhaustiveConcurrency
    void iterationMeetsAConcurrentAdd() throws Exception {
        iterateWhileAdding(false);
    }

    @ExhaustiveConcurrency
    void iterationMeetsAConcurrentAddFixed() throws Exception {
        iterateWhileAdding(true);
    }

    /** The same with a map's entry set, and the writer removing. */
    @ExhaustiveConcurrency
    void mapIterationMeetsAConcurrentRemove() throws Exception {
        Map<String, Integer> map = new HashMap<>(Map.of("a", 1, "b", 2));
        Concurrently.run(() -> {
            for (Map.Entry<String, Integer> entry : map.entrySet()) {
                assertThat(entry.getValue()).isPositive();
            }
        }, () -> map.remove("a"));
    }

    /** A user subclass of LinkedHashMap: its removeEldestEntry runs inside put, as part of the one step. */
    static final class Lru extends LinkedHashMap<String, Integer> {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Integer> eldest) {
            return size() > 1;
        }
    }

    @ExhaustiveConcurrency
    void lockedLruKeepsOneEntry() throws Exception {
        Lru lru = new Lru();
        Runnable a = () -> {
            synchronized (lru) {
                lru.put("a", 1);
            }
        };
        Runnable b = () -> {
            synchronized (lru) {
                lru.put("b", 2);
            }
        };
        Concurrently.run(a, b);
        assertThat(lru).hasSize(1);
    }

    // Callbacks of collection calls.

    /** Threads started by {@code forEach} are managed threads: their lost update is found. */
    @ExhaustiveConcurrency
    void threadsStartedByForEachLoseAnUpdate() throws Exception {
        int[] counter = new int[1];
        List<Thread> workers = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            workers.add(new Thread(() -> counter[0] = counter[0] + 1));
        }
        workers.forEach(Thread::start);
        for (Thread worker : workers) {
            worker.join();
        }
        assertThat(counter[0]).isEqualTo(2);
    }

    /** A thread started inside {@code computeIfAbsent}'s function would run uncontrolled: the test fails closed. */
    @ExhaustiveConcurrency
    void threadStartedInsideCompute() throws Exception {
        Map<String, Thread> workers = new ConcurrentHashMap<>();
        Thread worker = workers.computeIfAbsent("w", key -> {
            Thread started = new Thread(() -> { });
            started.start();
            return started;
        });
        worker.join();
    }
}
