package dev.weft.samples.support;

import static org.assertj.core.api.Assertions.assertThat;

/** The two verdicts the sample tests check, read from what a {@link WeftRunner} run reported. */
public final class Verdicts {

    private Verdicts() {
    }

    /** The test passed after exploring every execution, exactly {@code executions} of them. */
    public static void passesWith(WeftRunner.Outcome outcome, long executions) {
        assertThat(outcome.failure()).as("the test must pass").isEmpty();
        assertThat(outcome.summaryJson()).contains("\"verdict\": \"PASS\"").contains("\"complete\": true");
        assertThat(outcome.number("executions")).as("executions").isEqualTo(executions);
    }

    /** The test failed with a Weft failure of this kind ({@code ASSERTION}, {@code DEADLOCK}, ...). */
    public static void failsWith(WeftRunner.Outcome outcome, String kind) {
        Throwable failure = outcome.failure().orElseThrow(() -> new AssertionError("the test passed"));
        assertThat(failure.getMessage()).startsWith(kind + ":");
        assertThat(outcome.summaryJson()).contains("\"kind\": \"" + kind + "\"");
    }

    /**
     * The program fails, and the replay token of that failure runs exactly one execution that fails with the same
     * {@code kind} ({@code reports} gets a {@code found} and a {@code replayed} folder).
     */
    public static void failureReplays(Class<?> programs, String program, java.nio.file.Path reports, String kind) {
        WeftRunner.Outcome found = WeftRunner.run(programs, program, reports.resolve("found"));
        WeftRunner.Outcome replayed = WeftRunner.run(programs, program, reports.resolve("replayed"),
                java.util.Map.of("weft.replay", found.replayToken()));
        assertThat(replayed.number("executions")).isEqualTo(1);
        assertThat(replayed.summaryJson()).contains("\"kind\": \"" + kind + "\"");
    }
}
