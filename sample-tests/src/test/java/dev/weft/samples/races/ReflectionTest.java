package dev.weft.samples.races;

import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reflective field accesses end to end: each is a step on the field it reaches, the same location as a plain access
 * of it. Before, they were not visible: each lost update below passed in 1 execution.
 */
class ReflectionTest {

    @TempDir
    Path reports;

    @ParameterizedTest(name = "{0} fails")
    @ValueSource(strings = {"incrementThroughReflectionLosesAnUpdate", "staticIncrementThroughReflectionLosesAnUpdate",
            "plainIncrementRacesWithReflection"})
    void theLostUpdateIsFound(String program) {
        WeftRunner.Outcome outcome = WeftRunner.run(ReflectionPrograms.class, program, reports);

        assertThat(outcome.failure()).as(program).isPresent();
        assertThat(outcome.failure().orElseThrow().getMessage()).startsWith("ASSERTION:");
    }

    /**
     * Counts, by the orders of the conflicting accesses of the one field each program shares: two critical sections
     * of one lock, 2 orders; a write and a read of the field, the read before or after it, 2.
     */
    @ParameterizedTest(name = "{0} passes in {1} executions")
    @CsvSource({
            "incrementsThroughReflectionUnderALock, 2",
            "readsThroughReflectionWhatAPlainWriteWrote, 2"})
    void theCorrectUsePasses(String program, long executions) {
        WeftRunner.Outcome outcome = WeftRunner.run(ReflectionPrograms.class, program, reports);

        assertThat(outcome.failure()).as(program).isEmpty();
        assertThat(outcome.summaryJson()).contains("\"verdict\": \"PASS\"").contains("\"complete\": true");
        assertThat(outcome.number("executions")).isEqualTo(executions);
    }
}
