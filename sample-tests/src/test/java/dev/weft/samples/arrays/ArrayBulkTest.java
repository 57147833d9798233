package dev.weft.samples.arrays;

import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * JDK calls that read or write an array's elements in bulk: one step that touches every element. Before 2026-11-26
 * none of them was visible, and every program here ran 1 execution.
 */
class ArrayBulkTest {

    @TempDir
    Path reports;

    @Test
    void aCloneTakenBeforeTheWriteIsFound() {
        WeftRunner.Outcome outcome = WeftRunner.run(ArrayBulkPrograms.class, "cloneTakenBeforeTheWrite", reports);

        assertThat(outcome.failure()).isPresent();
        assertThat(outcome.failure().orElseThrow().getMessage()).startsWith("ASSERTION:");
    }

    /**
     * Counts, by the orders of the bulk step and the element accesses it overlaps: one element write and one bulk read
     * (or a bulk copy, or a set through an {@code Arrays.asList} view): 2; a fill of two flags and a reader reading them one by one: the fill before both reads,
     * between them, or after both: 3; a copy between, before or after two increments (each a read and a write of its
     * counter): 3; a copy after both joins: 1.
     */
    @ParameterizedTest(name = "{0} passes in {1} executions")
    @CsvSource({"arraycopySeesEitherValue, 2", "copyOfRangeSeesEitherValue, 2", "fillWritesInOrder, 3",
            "toStringSeesEitherValue, 2", "cloneSeesTheWritesInOrder, 3", "asListWritesThroughToTheArray, 2",
            "copyAfterTheJoins, 1"})
    void bothOrdersRun(String program, long executions) {
        WeftRunner.Outcome outcome = WeftRunner.run(ArrayBulkPrograms.class, program, reports);

        assertThat(outcome.failure()).as(program).isEmpty();
        assertThat(outcome.summaryJson()).contains("\"verdict\": \"PASS\"").contains("\"complete\": true");
        assertThat(outcome.number("executions")).isEqualTo(executions);
    }
}
