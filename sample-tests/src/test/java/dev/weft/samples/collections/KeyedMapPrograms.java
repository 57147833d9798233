package dev.weft.samples.collections;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.junit.KeepAcrossExecutions;
import dev.weft.samples.support.Concurrently;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ConcurrentSkipListSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Concurrent maps and sets modelled key by key: calls on different keys commute, calls on one key (by the map's own
 * equality, not identity) and whole-map calls are ordered. Run by {@link KeyedMapsTest}, where each count is derived.
 */
class KeyedMapPrograms {

    /** The sizes {@link #sizeSeesEitherPut} saw, over all its executions. */
    @KeepAcrossExecutions
    static final Set<Integer> SIZES_SEEN = new ConcurrentSkipListSet<>();

    /** A key with value equality, so two threads' keys are different objects but one key to the map. */
    static final class Account {
        private final int number;

        Account(int number) {
            this.number = number;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Account account && account.number == number;
        }

        @Override
        public int hashCode() {
            return Objects.hash(number);
        }
    }

    /** Each thread puts its own key: the puts commute. */
    private static void eachThreadPutsItsOwnKey(Map<String, Integer> map, int threads) throws InterruptedException {
        List<Thread> started = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            int key = i;
            Thread thread = new Thread(() -> map.put("k" + key, key));
            thread.start();
            started.add(thread);
        }
        for (Thread thread : started) {
            thread.join();
        }
        assertThat(map).hasSize(threads);
    }

    @ExhaustiveConcurrency
    void twoThreadsPutDifferentKeys() throws Exception {
        eachThreadPutsItsOwnKey(new ConcurrentHashMap<>(), 2);
    }

    @ExhaustiveConcurrency
    void sixThreadsPutDifferentKeys() throws Exception {
        eachThreadPutsItsOwnKey(new ConcurrentHashMap<>(), 6);
    }

    @ExhaustiveConcurrency
    void fourThreadsPutDifferentKeysIntoASkipListMap() throws Exception {
        eachThreadPutsItsOwnKey(new ConcurrentSkipListMap<>(), 4);
    }

    @ExhaustiveConcurrency
    void threeThreadsAddDifferentElementsToAKeySet() throws Exception {
        Set<Integer> set = ConcurrentHashMap.newKeySet();
        List<Thread> started = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            int element = i;
            Thread thread = new Thread(() -> set.add(element));
            thread.start();
            started.add(thread);
        }
        for (Thread thread : started) {
            thread.join();
        }
        assertThat(set).containsExactlyInAnyOrder(0, 1, 2);
    }

    /** Two threads update the same key: their merges are ordered. */
    @ExhaustiveConcurrency
    void twoThreadsMergeOneKeyAndOneEachOwn() throws Exception {
        ConcurrentMap<String, Integer> hits = new ConcurrentHashMap<>();
        Concurrently.run(() -> {
            hits.merge("shared", 1, Integer::sum);
            hits.merge("first", 1, Integer::sum);
        }, () -> {
            hits.merge("second", 1, Integer::sum);
            hits.merge("shared", 1, Integer::sum);
        });
        assertThat(hits).containsEntry("shared", 2).containsEntry("first", 1).containsEntry("second", 1);
    }

    /** A whole-map query conflicts with every key's update: size sees 0, 1 or 2 puts. */
    @ExhaustiveConcurrency
    void sizeSeesEitherPut() throws Exception {
        Map<String, Integer> map = new ConcurrentHashMap<>();
        int[] size = new int[1];
        Thread counter = new Thread(() -> size[0] = map.size());
        counter.start();
        Concurrently.run(() -> map.put("a", 1), () -> map.put("b", 2));
        counter.join();
        SIZES_SEEN.add(size[0]);
        assertThat(size[0]).isBetween(0, 2);
    }

    /**
     * Check-then-act through two different but equal key objects: both threads may find the account absent and both
     * open it. Found only if the two keys are one location.
     */
    @ExhaustiveConcurrency
    void checkThenActThroughEqualKeysOpensTwice() throws Exception {
        Map<Account, String> owners = new ConcurrentHashMap<>();
        int[] opened = new int[1];
        Runnable open = () -> {
            Account account = new Account(7);
            if (!owners.containsKey(account)) {
                owners.put(account, Thread.currentThread().getName());
                synchronized (opened) {
                    opened[0]++;
                }
            }
        };
        Concurrently.run(open, open);
        assertThat(opened[0]).as("threads that opened account 7").isEqualTo(1);
    }

    /** The fix: one atomic putIfAbsent per thread. */
    @ExhaustiveConcurrency
    void putIfAbsentThroughEqualKeysOpensOnce() throws Exception {
        Map<Account, String> owners = new ConcurrentHashMap<>();
        boolean[] opened = new boolean[2];
        Concurrently.run(() -> opened[0] = owners.putIfAbsent(new Account(7), "first") == null,
                () -> opened[1] = owners.putIfAbsent(new Account(7), "second") == null);
        assertThat(opened[0] ^ opened[1]).as("exactly one thread opened account 7").isTrue();
    }

    /**
     * A sorted map's keys are equal by its comparator: "Alice" and "ALICE" are one key of a case-insensitive map,
     * although they are not equal strings. Check-then-act registers the user twice.
     */
    @ExhaustiveConcurrency
    void checkThenActOnACaseInsensitiveMapRegistersTwice() throws Exception {
        Map<String, Integer> users = new ConcurrentSkipListMap<>(String.CASE_INSENSITIVE_ORDER);
        int[] registered = new int[1];
        Concurrently.run(() -> register(users, "Alice", registered), () -> register(users, "ALICE", registered));
        assertThat(registered[0]).as("registrations of alice").isEqualTo(1);
    }

    private static void register(Map<String, Integer> users, String name, int[] registered) {
        if (!users.containsKey(name)) {
            users.put(name, 1);
            synchronized (registered) {
                registered[0]++;
            }
        }
    }

    /** A view's calls are calls on the whole map: removing through keySet() is ordered against a put of another key. */
    @ExhaustiveConcurrency
    void keySetRemovalIsOrderedAgainstAPut() throws Exception {
        Map<String, Integer> map = new ConcurrentHashMap<>(Map.of("a", 1));
        Concurrently.run(() -> map.keySet().remove("a"), () -> map.put("b", 2));
        assertThat(map).containsOnlyKeys("b");
    }
}
