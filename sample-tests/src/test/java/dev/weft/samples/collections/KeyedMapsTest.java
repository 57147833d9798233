package dev.weft.samples.collections;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Concurrent maps and sets key by key, end to end ({@link KeyedMapPrograms}). Each count is the number of
 * Mazurkiewicz traces of the programs' own calls: two calls conflict when they touch one key (as the map compares
 * keys) or one of them is a whole-map call, and at least one changes the map. The main thread's starts and joins and
 * the assertions after the joins add no order.
 */
class KeyedMapsTest {

    @TempDir
    Path reports;

    /**
     * <ul>
     *   <li>N threads each putting its own key, into a {@code ConcurrentHashMap} (N = 2, 6) or a
     *   {@code ConcurrentSkipListMap} (N = 4), or adding its own element to {@code newKeySet()} (N = 3): no two calls
     *   conflict, 1 trace whatever N (N! before keys were locations of their own: 2, 720, 24, 6);</li>
     *   <li>two threads each merging into one shared key and into a key of its own: only the two shared merges
     *   conflict, 2 traces;</li>
     *   <li>{@code size()} in a third thread against puts of "a" and "b": size is before or after each put, and the
     *   puts commute, 2 × 2 = 4 traces (the sizes seen are asserted below);</li>
     *   <li>{@code putIfAbsent} of two equal keys (different objects): one key, 2 traces;</li>
     *   <li>{@code keySet().remove("a")} against {@code put("b")}: making the view reads the whole map and the view's
     *   {@code remove} writes it, so the put comes before both, between them or after both: 3 traces.</li>
     * </ul>
     */
    @ParameterizedTest(name = "{0} passes in {1} executions")
    @CsvSource({
            "twoThreadsPutDifferentKeys, 1",
            "sixThreadsPutDifferentKeys, 1",
            "fourThreadsPutDifferentKeysIntoASkipListMap, 1",
            "threeThreadsAddDifferentElementsToAKeySet, 1",
            "twoThreadsMergeOneKeyAndOneEachOwn, 2",
            "putIfAbsentThroughEqualKeysOpensOnce, 2",
            "keySetRemovalIsOrderedAgainstAPut, 3"})
    void theCorrectUsePasses(String program, long traces) {
        assertThat(Outcomes.passes(KeyedMapPrograms.class, program, reports)).isEqualTo(traces);
    }

    @Test
    void aWholeMapQuerySeesEveryPrefixOfTheKeysUpdates() {
        KeyedMapPrograms.SIZES_SEEN.clear();
        assertThat(Outcomes.passes(KeyedMapPrograms.class, "sizeSeesEitherPut", reports)).isEqualTo(4);
        assertThat(KeyedMapPrograms.SIZES_SEEN).containsExactly(0, 1, 2);
    }

    /**
     * Check-then-act through equal keys is found: by {@code equals}/{@code hashCode} for a hash map (two
     * {@code Account(7)} objects), by the comparator for a sorted map ("Alice" and "ALICE" in a case-insensitive map).
     * Were keys told apart by identity or by {@code equals} alone, the two threads would never be ordered and the
     * bug would pass in 1 execution.
     */
    @ParameterizedTest(name = "{0} fails")
    @CsvSource({"checkThenActThroughEqualKeysOpensTwice", "checkThenActOnACaseInsensitiveMapRegistersTwice"})
    void checkThenActThroughEqualKeysIsFound(String program) {
        Throwable failure = Outcomes.failsWith(KeyedMapPrograms.class, program, "ASSERTION", reports);
        assertThat(failure.getMessage()).contains("expected: 1").contains("but was: 2");
    }
}
