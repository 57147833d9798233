package dev.weft.samples.collections;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.samples.support.Concurrently;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Values changed through a map's entries ({@code entry.setValue(entry.getValue() + 1)}) while another thread does the
 * same: a read and a change of the entry's key in the map. Run by {@link MapEntryTest}.
 */
class MapEntryPrograms {

    /** Adds one to every value, through the entries. */
    private static void incrementEach(Map<String, Integer> counts) {
        for (Map.Entry<String, Integer> entry : counts.entrySet()) {
            entry.setValue(entry.getValue() + 1);
        }
    }

    /** Two threads increment every count of a plain map: an update is lost. */
    @ExhaustiveConcurrency
    void incrementingThroughEntriesLosesAnUpdate() throws Exception {
        Map<String, Integer> counts = new HashMap<>(Map.of("a", 0));
        Concurrently.run(() -> incrementEach(counts), () -> incrementEach(counts));
        assertThat(counts.get("a")).as("a's count").isEqualTo(2);
    }

    /** The same on a concurrent map: each entry holds the value it was read with, and writes its own back. */
    @ExhaustiveConcurrency
    void incrementingThroughConcurrentEntriesLosesAnUpdate() throws Exception {
        Map<String, Integer> counts = new ConcurrentHashMap<>(Map.of("a", 0));
        Concurrently.run(() -> incrementEach(counts), () -> incrementEach(counts));
        assertThat(counts.get("a")).as("a's count").isEqualTo(2);
    }

    /** Each thread holds the map's monitor while it increments. */
    @ExhaustiveConcurrency
    void incrementingUnderTheMapsMonitor() throws Exception {
        Map<String, Integer> counts = new TreeMap<>(Map.of("a", 0, "b", 0));
        Runnable increment = () -> {
            synchronized (counts) {
                incrementEach(counts);
            }
        };
        Concurrently.run(increment, increment);
        assertThat(counts).containsEntry("a", 2).containsEntry("b", 2);
    }

    /** One thread sets a value through its entry while another reads it with get: nothing orders them. */
    @ExhaustiveConcurrency
    void settingThroughAnEntryWhileAnotherThreadReads() throws Exception {
        Map<String, Integer> counts = new HashMap<>(Map.of("a", 0));
        Concurrently.run(() -> counts.entrySet().iterator().next().setValue(1), () -> counts.get("a"));
    }

    /**
     * Each thread sets its own key's value through its entry of a concurrent map, and reads the other's with get: the
     * two keys are independent, and each read runs before and after the other thread's change.
     */
    @ExhaustiveConcurrency
    void settingDifferentKeysOfAConcurrentMap() throws Exception {
        Map<String, Integer> counts = new ConcurrentHashMap<>(Map.of("a", 0, "b", 0));
        int[] seen = new int[2];
        Concurrently.run(() -> {
            setThroughEntry(counts, "a");
            seen[0] = counts.get("b");
        }, () -> {
            setThroughEntry(counts, "b");
            seen[1] = counts.get("a");
        });
        assertThat(seen[0] + seen[1]).as("what each saw of the other's change").isBetween(0, 2);
    }

    private static void setThroughEntry(Map<String, Integer> counts, String key) {
        for (Map.Entry<String, Integer> entry : counts.entrySet()) {
            if (entry.getKey().equals(key)) {
                entry.setValue(1);
            }
        }
    }
}
