package dev.weft.samples.atomics;

import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code VarHandle} accesses end to end: each is a step on the field or element it reaches, the same location as a
 * plain access of it. Before 2026-11-26 they were not visible, and every bug below passed in 1 execution.
 */
class VarHandleTest {

    @TempDir
    Path reports;

    @ParameterizedTest(name = "{0} fails")
    @ValueSource(strings = {"getThenSetLosesAnIncrement", "staticFieldLosesAnIncrement",
            "plainIncrementRacesWithTheHandle", "arrayElementLosesAnIncrement", "flagSetBeforeThePayload",
            "inheritedFieldRacesWithAPlainIncrement", "inheritedFieldAmongOthersRacesWithAPlainIncrement"})
    void theBugIsFound(String program) {
        WeftRunner.Outcome outcome = WeftRunner.run(VarHandlePrograms.class, program, reports);

        assertThat(outcome.failure()).as(program).isPresent();
        assertThat(outcome.failure().orElseThrow().getMessage()).startsWith("ASSERTION:");
    }

    /**
     * Counts, by the orders of conflicting accesses of the one variable each program shares (everything else is the
     * threads' own until the main thread reads it after {@code join}):
     * <ul>
     *   <li>two compare-and-set (or compare-and-exchange) loops, each a read then a CAS: one thread's read and CAS
     *   both before the other's read (2 ways), or both reads first and either CAS first, the other failing and
     *   retrying after it (2): 4;</li>
     *   <li>a flag written after the payload and read by another thread: the read before the flag's write (it sees
     *   nothing) or after it (it reads the payload, which the write of the flag orders before): 2;</li>
     *   <li>two threads setting different elements: 1.</li>
     * </ul>
     */
    @ParameterizedTest(name = "{0} passes in {1} executions")
    @CsvSource({
            "compareAndSetLoopCountsBoth, 4",
            "inheritedFieldCompareAndSetLoopsCountBoth, 4",
            "compareAndExchangeLoopCountsBoth, 4",
            "flagSetAfterThePayload, 2",
            "distinctArrayElementsDoNotConflict, 1"})
    void theCorrectUsePasses(String program, long executions) {
        WeftRunner.Outcome outcome = WeftRunner.run(VarHandlePrograms.class, program, reports);

        assertThat(outcome.failure()).as(program).isEmpty();
        assertThat(outcome.summaryJson()).contains("\"verdict\": \"PASS\"").contains("\"complete\": true");
        assertThat(outcome.number("executions")).isEqualTo(executions);
    }

    @Test
    void aHandleThatCannotDescribeItselfFailsClosed() {
        WeftRunner.Outcome outcome = WeftRunner.run(VarHandlePrograms.class, "byteArrayViewFailsClosed", reports);

        assertThat(outcome.failure()).isPresent();
        assertThat(outcome.failure().orElseThrow().getMessage()).startsWith("EXCEPTION:")
                .contains("Weft does not model")
                .contains("cannot describe itself")
                .containsPattern("VarHandlePrograms\\.java:\\d+");
    }
}
