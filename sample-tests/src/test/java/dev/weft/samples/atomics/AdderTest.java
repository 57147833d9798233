package dev.weft.samples.atomics;

import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Adders and accumulators end to end: updates commute with each other and conflict with queries and resets. Before
 * 2026-11-26 none of their calls was visible, and both bugs below passed in 1 execution.
 */
class AdderTest {

    @TempDir
    Path reports;

    @ParameterizedTest(name = "{0} fails")
    @ValueSource(strings = {"sumReadBeforeTheAdd", "sumThenResetLosesAnIncrement"})
    void theBugIsFound(String program) {
        WeftRunner.Outcome outcome = WeftRunner.run(AdderPrograms.class, program, reports);

        assertThat(outcome.failure()).as(program).isPresent();
        assertThat(outcome.failure().orElseThrow().getMessage()).startsWith("ASSERTION:");
    }

    /**
     * Counts: four threads that only update (three adders each) commute: 1 execution, where an atomic counter's
     * read-modify-writes would cost 4! = 24. Two adds and a sum after both joins, then two adds and a sum in a third
     * thread: the first part has one trace; in the second the sum comes before both adds, between them (after either
     * one: 2), or after both: 4 traces.
     */
    @ParameterizedTest(name = "{0} passes in {1} executions")
    @CsvSource({"fourThreadsAdd, 1", "aSumBesideTwoAdds, 4"})
    void theCorrectUsePasses(String program, long executions) {
        WeftRunner.Outcome outcome = WeftRunner.run(AdderPrograms.class, program, reports);

        assertThat(outcome.failure()).as(program).isEmpty();
        assertThat(outcome.summaryJson()).contains("\"verdict\": \"PASS\"").contains("\"complete\": true");
        assertThat(outcome.number("executions")).isEqualTo(executions);
    }
}
