package dev.weft.samples.oracles;

import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * Every program of {@code ORACLES.md}, written as a real {@code @ExhaustiveConcurrency} test on the JVM, runs exactly
 * as many executions as its oracle has traces: instrumentation, runtime and explorer together add no trace and lose
 * none. The default explorer, OPTIMAL, starts no execution that a sleep set cuts off; DPOR, still selectable, runs the
 * same traces.
 */
class OracleCountsOnTheJvmTest {

    @TempDir
    Path reports;

    static Stream<Arguments> oracles() {
        return Stream.of(
                arguments("inc2", OracleCounts.inc(2)),
                arguments("inc3", OracleCounts.inc(3)),
                arguments("lockinc3", OracleCounts.orders(3)),
                arguments("lockinc5", OracleCounts.orders(5)),
                arguments("reentrantLockInc3", OracleCounts.orders(3)),
                arguments("reentrantLockInc4", OracleCounts.orders(4)),
                arguments("ainc3", OracleCounts.orders(3)),
                arguments("ainc5", OracleCounts.orders(5)),
                arguments("readers3", OracleCounts.readers(3)),
                arguments("readers8", OracleCounts.readers(8)),
                arguments("writers3", OracleCounts.writers(3)),
                arguments("lastzero3", OracleCounts.lastzero(3)),
                arguments("lastzero5", OracleCounts.lastzero(5)),
                arguments("lastzero8", OracleCounts.lastzero(8)),
                arguments("popl14Program", 5L),
                arguments("indexer12", OracleCounts.indexer(12)),
                arguments("filesystem14", OracleCounts.filesystem(14)),
                arguments("filesystem16", OracleCounts.filesystem(16)),
                arguments("optlock2", 42L),
                arguments("mpat3", OracleCounts.mpat(3)),
                arguments("pi5", OracleCounts.orders(5)),
                arguments("sleepTrapProgram", 4L),
                arguments("twoWritersProgram", 4L),
                arguments("big0Program", 69_112L));
    }

    @ParameterizedTest(name = "{0} runs exactly {1} executions")
    @MethodSource("oracles")
    void optimalRunsExactlyOneExecutionPerTraceAndNoneIsCutOff(String program, long traces) {
        WeftRunner.Outcome outcome = WeftRunner.run(OraclePrograms.class, program, reports);

        assertPassesIn(outcome, traces);
        assertThat(outcome.number("sleepSetBlocked")).as("executions cut off by a sleep set").isZero();
    }

    /** The programs whose DPOR exploration is cut off by sleep sets now and then (and is quick). */
    static Stream<Arguments> dporOracles() {
        return Stream.of(
                arguments("lastzero5", OracleCounts.lastzero(5)),
                arguments("popl14Program", 5L),
                arguments("sleepTrapProgram", 4L),
                arguments("optlock2", 42L));
    }

    @ParameterizedTest(name = "DPOR on {0} runs exactly {1} executions")
    @MethodSource("dporOracles")
    void dporRunsExactlyOneExecutionPerTrace(String program, long traces) {
        WeftRunner.Outcome outcome = WeftRunner.run(OraclePrograms.class, program, reports,
                java.util.Map.of("weft.algorithm", "DPOR"));

        assertPassesIn(outcome, traces);
        assertThat(outcome.summaryJson()).contains("\"algorithm\": \"DPOR\"");
    }

    private static void assertPassesIn(WeftRunner.Outcome outcome, long traces) {
        assertThat(outcome.failure()).as("the program must pass").isEmpty();
        assertThat(outcome.succeeded()).isEqualTo(1);
        assertThat(outcome.summaryJson()).contains("\"verdict\": \"PASS\"").contains("\"complete\": true");
        assertThat(outcome.number("executions")).isEqualTo(traces);
    }
}
