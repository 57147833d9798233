package dev.weft.samples.collections;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.samples.support.Concurrently;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Stack;
import java.util.Vector;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The JDK's synchronized collections ({@code Vector}, {@code Stack}, {@code Hashtable}, the
 * {@code Collections.synchronized*} wrappers) and {@code StringBuffer} shared by threads: each call is atomic, but a
 * check followed by an act is not, and an iteration must hold the collection's monitor. Run by
 * {@link SynchronizedCollectionsTest}.
 */
class SynchronizedCollectionPrograms {

    /** contains-then-add, in two threads; {@code locked} holds the list's monitor around both calls. */
    private static void subscribeTwice(List<String> listeners, boolean locked) throws InterruptedException {
        Runnable subscribe = () -> {
            if (locked) {
                synchronized (listeners) {
                    subscribeOnce(listeners);
                }
            } else {
                subscribeOnce(listeners);
            }
        };
        Concurrently.run(subscribe, subscribe);
        assertThat(listeners).containsExactly("l");
    }

    private static void subscribeOnce(List<String> listeners) {
        if (!listeners.contains("l")) {
            listeners.add("l");
        }
    }

    @ExhaustiveConcurrency
    void vectorContainsThenAdd() throws Exception {
        subscribeTwice(new Vector<>(), false);
    }

    @ExhaustiveConcurrency
    void vectorContainsThenAddLocked() throws Exception {
        subscribeTwice(new Vector<>(), true);
    }

    @ExhaustiveConcurrency
    void synchronizedListContainsThenAdd() throws Exception {
        subscribeTwice(Collections.synchronizedList(new ArrayList<>()), false);
    }

    @ExhaustiveConcurrency
    void synchronizedListContainsThenAddLocked() throws Exception {
        subscribeTwice(Collections.synchronizedList(new ArrayList<>()), true);
    }

    /** get-then-put on one key loses a hit, like count++ does. */
    private static void hitTwice(Map<String, Integer> hits) throws InterruptedException {
        Runnable hit = () -> hits.put("page", hits.get("page") + 1);
        Concurrently.run(hit, hit);
        assertThat(hits.get("page")).isEqualTo(2);
    }

    @ExhaustiveConcurrency
    void hashtableGetThenPut() throws Exception {
        hitTwice(new Hashtable<>(Map.of("page", 0)));
    }

    @ExhaustiveConcurrency
    void synchronizedMapGetThenPut() throws Exception {
        hitTwice(Collections.synchronizedMap(new HashMap<>(Map.of("page", 0))));
    }

    /** Iterating a synchronized list without its monitor, as its documentation forbids, while another thread adds. */
    private static void sumWhileAdding(boolean locked) throws InterruptedException {
        List<Integer> list = Collections.synchronizedList(new ArrayList<>(List.of(1, 2)));
        int[] sum = new int[1];
        Concurrently.run(() -> list.add(3), () -> {
            if (locked) {
                synchronized (list) {
                    list.forEach(value -> sum[0] += value);
                    for (int value : list) {
                        sum[0] -= value;
                    }
                }
            } else {
                for (int value : list) {
                    sum[0] += value;
                }
            }
        });
        assertThat(list).containsExactly(1, 2, 3);
    }

    @ExhaustiveConcurrency
    void synchronizedListIteratedUnlocked() throws Exception {
        sumWhileAdding(false);
    }

    @ExhaustiveConcurrency
    void synchronizedListIteratedLocked() throws Exception {
        sumWhileAdding(true);
    }

    /** The key set of a synchronized map is guarded by the map's monitor: iterating it unlocked races with a put. */
    @ExhaustiveConcurrency
    void synchronizedMapKeySetIteratedUnlocked() throws Exception {
        Map<String, Integer> map = Collections.synchronizedMap(new HashMap<>(Map.of("a", 1)));
        List<String> seen = new ArrayList<>();
        Concurrently.run(() -> map.put("b", 2), () -> {
            for (String key : map.keySet()) {
                seen.add(key);
            }
        });
        assertThat(seen).isNotEmpty();
    }

    /** Two consumers look whether the stack is empty, then pop: with one element, one of them pops an empty stack. */
    @ExhaustiveConcurrency
    void stackEmptyThenPop() throws Exception {
        Stack<String> jobs = new Stack<>();
        jobs.push("job");
        Runnable consume = () -> {
            if (!jobs.empty()) {
                jobs.pop();
            }
        };
        Concurrently.run(consume, consume);
        assertThat(jobs).isEmpty();
    }

    /** Three threads each add their number to a vector; every one of them is there, in any order. */
    @ExhaustiveConcurrency
    void threeThreadsAddToAVector() throws Exception {
        Vector<Integer> numbers = new Vector<>();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            int number = i;
            threads.add(new Thread(() -> numbers.add(number)));
        }
        for (Thread thread : threads) {
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        assertThat(numbers).containsExactlyInAnyOrder(0, 1, 2);
    }

    static final class Box {
        int value;
    }

    /**
     * A box filled, then put into a hashtable, is seen filled by a thread that gets it from there: the table's monitor
     * orders the plain write before the read (no data race).
     */
    @ExhaustiveConcurrency
    void publicationThroughAHashtable() throws Exception {
        Map<String, Box> table = new Hashtable<>();
        Concurrently.run(() -> {
            Box box = new Box();
            box.value = 42;
            table.put("box", box);
        }, () -> {
            Box box = table.get("box");
            if (box != null) {
                assertThat(box.value).isEqualTo(42);
            }
        });
    }

    /** A consumer waits on the vector itself until a producer adds to it and notifies. */
    @ExhaustiveConcurrency
    void consumerWaitsOnTheVector() throws Exception {
        Vector<String> inbox = new Vector<>();
        String[] got = new String[1];
        Concurrently.run(() -> {
            synchronized (inbox) {
                inbox.add("message");
                inbox.notifyAll();
            }
        }, () -> {
            synchronized (inbox) {
                while (inbox.isEmpty()) {
                    try {
                        inbox.wait();
                    } catch (InterruptedException e) {
                        throw new AssertionError(e);
                    }
                }
                got[0] = inbox.remove(0);
            }
        });
        assertThat(got[0]).isEqualTo("message");
    }

    /** Two threads append to one StringBuffer: both orders happen. */
    private static void appendInTurn(boolean eitherOrder) throws InterruptedException {
        StringBuffer log = new StringBuffer();
        Concurrently.run(() -> log.append("a"), () -> log.append("b"));
        if (eitherOrder) {
            assertThat(log.toString()).isIn("ab", "ba");
        } else {
            assertThat(log.toString()).isEqualTo("ab");
        }
    }

    @ExhaustiveConcurrency
    void stringBufferAppendsInOneOrder() throws Exception {
        appendInTurn(false);
    }

    @ExhaustiveConcurrency
    void stringBufferAppendsInEitherOrder() throws Exception {
        appendInTurn(true);
    }
}
