package dev.weft.samples.races;

import dev.weft.samples.support.Verdicts;
import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Data races on JDK collections that are not thread-safe, end to end: the racy programs fail with {@code DATA_RACE}
 * naming both calls, the ordered ones pass with the number of traces of their lock or map operations.
 */
class DataRaceOnTheJvmTest {

    @TempDir
    Path reports;

    @ParameterizedTest
    @CsvSource({
            "twoPutsIntoAHashMap, HashMap, put",
            "twoPutsIntoAHashMapNaive, HashMap, put",
            "twoAddsToAnArrayList, ArrayList, add",
            "twoPutsIntoAnEnumMap, EnumMap, put",
            "twoSetsOfOneBitSet, BitSet, set",
            "replacingTheValueOfOneKeyTwice, HashMap, put",
            "readingOneKeyWhileAnotherIsAdded, HashMap, put",
            "askingASetWhileAnElementIsAdded, HashSet, add"})
    void unorderedCallsAreADataRace(String program, String type, String method) {
        WeftRunner.Outcome outcome = WeftRunner.run(UnsafeCollectionPrograms.class, program, reports);
        Throwable failure = outcome.failure().orElseThrow(() -> new AssertionError(program + " passed"));
        // The assertion on the size holds in every interleaving: the calls are atomic steps. Only the race is wrong.
        assertThat(failure.getMessage())
                .startsWith("DATA_RACE:")
                .contains(type + "@")
                .contains("called " + method + " at UnsafeCollectionPrograms.java:")
                .contains("main.1")
                .contains("main.2");
        assertThat(outcome.summaryJson()).contains("\"kind\": \"DATA_RACE\"");
    }

    @Test
    void theReportHighlightsBothCalls() throws Exception {
        WeftRunner.Outcome outcome = WeftRunner.run(UnsafeCollectionPrograms.class, "twoPutsIntoAHashMap", reports);
        String html = Files.readString(outcome.testDir().resolve("report.html"));
        long racingSteps = java.util.regex.Pattern.compile("<g class=\"step[^\"]*\\brace\"").matcher(html).results()
                .count();
        assertThat(racingSteps).as("steps drawn as the racing pair").isEqualTo(2);
        assertThat(html).contains("<th>Race</th><td>data race");
        assertThat(Files.readString(outcome.testDir().resolve("hb.dot"))).contains("put");
    }

    @Test
    void theReplayTokenReproducesTheRace() {
        Verdicts.failureReplays(UnsafeCollectionPrograms.class, "twoPutsIntoAHashMap", reports, "DATA_RACE");
    }

    /**
     * Counts: under a lock, the two acquisitions of the map's monitor are the only dependent pair (2 orders); on a
     * ConcurrentHashMap the two puts are of different keys, which commute (1 trace; the same two puts into a
     * HashMap are a data race, above: adding a key changes the structure every call walks); with start and join, or
     * with two readers, nothing conflicts across threads (1 trace); two threads replacing the values of two keys
     * already in a HashMap, or one reading a key of a TreeMap while the other replaces another key's value, keep the
     * map's structure and touch different keys: nothing conflicts (1 trace, no race).
     */
    @ParameterizedTest
    @CsvSource({
            "twoPutsUnderALock, 2",
            "twoPutsIntoAConcurrentHashMap, 1",
            "handedOverByStartAndJoin, 1",
            "readersOnly, 1",
            "replacingTheValuesOfTwoKeys, 1",
            "readingOneKeyWhileAnotherIsReplaced, 1"})
    void orderedCallsPass(String program, long traces) {
        WeftRunner.Outcome outcome = WeftRunner.run(UnsafeCollectionPrograms.class, program, reports);
        assertThat(outcome.failure()).as(program).isEmpty();
        assertThat(outcome.summaryJson()).contains("\"complete\": true");
        assertThat(outcome.number("executions")).isEqualTo(traces);
    }
}
