package dev.weft.samples.races;

import dev.weft.junit.Algorithm;
import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.samples.support.Concurrently;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Non-thread-safe JDK collections shared by threads. Each call is one atomic step, so no interleaving loses the
 * entry that a real {@code HashMap} can lose; Weft reports the unordered calls as a {@code DATA_RACE} instead. Run
 * by {@link DataRaceOnTheJvmTest}.
 */
class UnsafeCollectionPrograms {

    /** Two threads put into one HashMap with nothing ordering the puts: a real JVM can lose an entry. */
    @ExhaustiveConcurrency
    void twoPutsIntoAHashMap() throws Exception {
        Map<String, Integer> map = new HashMap<>();
        Concurrently.run(() -> map.put("a", 1), () -> map.put("b", 2));
        assertThat(map).hasSize(2);
    }

    @ExhaustiveConcurrency(algorithm = Algorithm.NAIVE)
    void twoPutsIntoAHashMapNaive() throws Exception {
        twoPutsIntoAHashMap();
    }

    /** Adding to an ArrayList from two threads. */
    @ExhaustiveConcurrency
    void twoAddsToAnArrayList() throws Exception {
        List<Integer> list = new ArrayList<>();
        Concurrently.run(() -> list.add(1), () -> list.add(2));
        assertThat(list).hasSize(2);
    }

    /** Two threads put into one EnumMap: not thread-safe either (before 2026-11-26 its calls were not visible). */
    @ExhaustiveConcurrency
    void twoPutsIntoAnEnumMap() throws Exception {
        Map<java.time.DayOfWeek, Integer> map = new java.util.EnumMap<>(java.time.DayOfWeek.class);
        Concurrently.run(() -> map.put(java.time.DayOfWeek.MONDAY, 1), () -> map.put(java.time.DayOfWeek.FRIDAY, 5));
        assertThat(map).hasSize(2);
    }

    /**
     * Two threads set different bits of one BitSet: both bits live in one word, which each set reads and writes, so a
     * real JVM can lose one (before 2026-11-26 these calls were not visible).
     */
    @ExhaustiveConcurrency
    void twoSetsOfOneBitSet() throws Exception {
        java.util.BitSet bits = new java.util.BitSet();
        Concurrently.run(() -> bits.set(1), () -> bits.set(2));
        assertThat(bits.cardinality()).isEqualTo(2);
    }

    /** The same puts under one monitor: ordered by the lock, so no race. */
    @ExhaustiveConcurrency
    void twoPutsUnderALock() throws Exception {
        Map<String, Integer> map = new HashMap<>();
        Concurrently.run(() -> {
            synchronized (map) {
                map.put("a", 1);
            }
        }, () -> {
            synchronized (map) {
                map.put("b", 2);
            }
        });
        assertThat(map).hasSize(2);
    }

    /** The same puts into a ConcurrentHashMap. */
    @ExhaustiveConcurrency
    void twoPutsIntoAConcurrentHashMap() throws Exception {
        Map<String, Integer> map = new ConcurrentHashMap<>();
        Concurrently.run(() -> map.put("a", 1), () -> map.put("b", 2));
        assertThat(map).hasSize(2);
    }

    /** The worker fills the map before it is started and reads it after the join: start and join order the calls. */
    @ExhaustiveConcurrency
    void handedOverByStartAndJoin() throws Exception {
        Map<String, Integer> map = new HashMap<>();
        map.put("a", 1);
        Thread worker = new Thread(() -> map.put("b", map.get("a") + 1));
        worker.start();
        worker.join();
        assertThat(map).containsEntry("b", 2);
    }

    /** Both threads only read: reads never race. */
    @ExhaustiveConcurrency
    void readersOnly() throws Exception {
        Map<String, Integer> map = new HashMap<>(Map.of("a", 1));
        int[] seen = new int[2];
        Concurrently.run(() -> seen[0] = map.get("a"), () -> seen[1] = map.get("a"));
        assertThat(seen).containsExactly(1, 1);
    }

    // Key by key: a query of one key, or a change that keeps the structure (a new value for a key already there), is
    // no race with a call on another key; adding or removing a key changes what every call walks.

    /** Each thread replaces the value of its own key, already in the map: the map's structure never changes. */
    @ExhaustiveConcurrency
    void replacingTheValuesOfTwoKeys() throws Exception {
        Map<String, Integer> scores = new HashMap<>(Map.of("alice", 0, "bob", 0));
        Concurrently.run(() -> scores.put("alice", 1), () -> scores.put("bob", 2));
        assertThat(scores).containsEntry("alice", 1).containsEntry("bob", 2);
    }

    /** One thread reads a key of a sorted map while the other replaces another key's value. */
    @ExhaustiveConcurrency
    void readingOneKeyWhileAnotherIsReplaced() throws Exception {
        Map<String, Integer> scores = new java.util.TreeMap<>(Map.of("alice", 0, "bob", 0));
        int[] seen = new int[1];
        Concurrently.run(() -> seen[0] = scores.get("alice"), () -> scores.put("bob", 2));
        assertThat(seen[0]).isZero();
    }

    /** Both threads replace the value of one key: unordered writes of one entry. */
    @ExhaustiveConcurrency
    void replacingTheValueOfOneKeyTwice() throws Exception {
        Map<String, Integer> scores = new HashMap<>(Map.of("alice", 0));
        Concurrently.run(() -> scores.put("alice", 1), () -> scores.put("alice", 2));
        assertThat(scores).containsKey("alice");
    }

    /** One thread reads a key while the other adds another key: the add may resize the table the read walks. */
    @ExhaustiveConcurrency
    void readingOneKeyWhileAnotherIsAdded() throws Exception {
        Map<String, Integer> scores = new HashMap<>(Map.of("alice", 0));
        int[] seen = new int[1];
        Concurrently.run(() -> seen[0] = scores.get("alice"), () -> scores.put("carol", 3));
        assertThat(seen[0]).isZero();
    }

    /** A set: one thread asks for an element while the other adds a new one. */
    @ExhaustiveConcurrency
    void askingASetWhileAnElementIsAdded() throws Exception {
        Set<String> members = new HashSet<>(Set.of("alice"));
        boolean[] found = new boolean[1];
        Concurrently.run(() -> found[0] = members.contains("alice"), () -> members.add("bob"));
        assertThat(found[0]).isTrue();
    }
}
