package dev.weft.samples.atomics;

import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Markable and stamped references end to end: each call is an access of the pair, a failed compare-and-set a read.
 * Before 2026-11-26 their calls were not visible, and the claim below passed in 1 execution.
 */
class ReferencePairTest {

    @TempDir
    Path reports;

    @Test
    void aClaimThatLooksThenSetsIsFound() {
        WeftRunner.Outcome outcome = WeftRunner.run(ReferencePairPrograms.class, "markLookedAtThenSet", reports);

        assertThat(outcome.failure()).isPresent();
        assertThat(outcome.failure().orElseThrow().getMessage()).startsWith("ASSERTION:");
    }

    /**
     * Counts: two compare-and-sets of the mark, in either order (the winner's increment of the claims touches nothing
     * the other thread does before its join): 2; two compare-and-set loops, each a read then a CAS: one thread's read and
     * CAS both before the other's read (2 ways), or both reads first and either CAS first, the other failing and
     * retrying after it (2): 4.
     */
    @ParameterizedTest(name = "{0} passes in {1} executions")
    @CsvSource({"markClaimedByCompareAndSet, 2", "stampedCounterCountsBoth, 4"})
    void theCorrectUsePasses(String program, long executions) {
        WeftRunner.Outcome outcome = WeftRunner.run(ReferencePairPrograms.class, program, reports);

        assertThat(outcome.failure()).as(program).isEmpty();
        assertThat(outcome.summaryJson()).contains("\"verdict\": \"PASS\"").contains("\"complete\": true");
        assertThat(outcome.number("executions")).isEqualTo(executions);
    }
}
