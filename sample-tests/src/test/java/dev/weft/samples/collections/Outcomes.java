package dev.weft.samples.collections;

import dev.weft.samples.support.WeftRunner;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The two verdicts the collection tests check, on a program run end to end. */
final class Outcomes {

    private Outcomes() {
    }

    /** The program fails with {@code kind}; returns the failure. */
    static Throwable failsWith(Class<?> programs, String program, String kind, Path reports) {
        WeftRunner.Outcome outcome = WeftRunner.run(programs, program, reports);
        Throwable failure = outcome.failure().orElseThrow(() -> new AssertionError(program + " was not found"));
        assertThat(failure.getMessage()).startsWith(kind + ":");
        return failure;
    }

    /** The program passes exhaustively; returns the number of executions. */
    static long passes(Class<?> programs, String program, Path reports) {
        WeftRunner.Outcome outcome = WeftRunner.run(programs, program, reports);
        assertThat(outcome.failure()).as(program).isEmpty();
        assertThat(outcome.summaryJson()).contains("\"verdict\": \"PASS\"").contains("\"complete\": true");
        return outcome.number("executions");
    }
}
