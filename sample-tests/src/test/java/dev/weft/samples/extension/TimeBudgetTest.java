package dev.weft.samples.extension;

import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Explorations that cannot finish end when their time does ({@link TimeBudgetPrograms}): Weft's own time budget ends
 * the search like the execution budget (the test passes, loudly not exhaustive); JUnit's timeout fails the test, and
 * Weft stops at the next execution, says how far it got, and writes {@code summary.json}. That these stop at all is
 * what the tests show: the backstop of 300,000 executions would take minutes and is never reached.
 */
class TimeBudgetTest {

    private static final long BACKSTOP = 300_000;

    @TempDir
    Path reports;

    @Test
    void weftsTimeBudgetEndsTheSearchLikeTheExecutionBudget() {
        WeftRunner.Outcome outcome = WeftRunner.run(TimeBudgetPrograms.class, "aTimeBudgetOfWefts", reports);

        assertThat(outcome.failure()).isEmpty();
        assertThat(outcome.summaryJson()).contains("\"verdict\": \"PASS\"").contains("\"complete\": false");
        assertThat(outcome.number("executions") + outcome.number("sleepSetBlocked")).isPositive()
                .isLessThan(BACKSTOP);
        assertThat(outcome.results().allEvents().reportingEntryPublished().stream()
                .flatMap(e -> e.getPayload(org.junit.platform.engine.reporting.ReportEntry.class).stream())
                .flatMap(entry -> entry.getKeyValuePairs().values().stream()))
                .anyMatch(value -> value.contains("NOT EXHAUSTIVE: the time budget of 1 s ran out"));
    }

    @Test
    void junitsTimeoutStopsTheExplorationWithWeftsAccount() {
        WeftRunner.Outcome outcome = WeftRunner.run(TimeBudgetPrograms.class, "junitsTimeout", reports);

        Throwable failure = outcome.failure().orElseThrow(() -> new AssertionError("the test passed"));
        assertThat(failure).hasMessageContaining("timed out after 2 seconds");
        assertThat(failure.getSuppressed()).anySatisfy(weft -> assertThat(weft.getMessage())
                .contains("TimeBudgetPrograms#junitsTimeout stopped after").contains("the test's thread was interrupted"));
        assertThat(outcome.summaryJson()).contains("\"verdict\": \"FAIL\"").contains("\"complete\": false")
                .contains("\"kind\": \"TIMEOUT\"");
        assertThat(outcome.number("executions")).isPositive().isLessThan(BACKSTOP);
    }

    /**
     * The timeout comes while a worker is blocked where Weft cannot see (the watchdog would wait 10 s): the failure
     * attached to JUnit's timeout says where the worker is, with its stack; with two workers of Weft's too, each of
     * which is told of the timeout as one would be.
     */
    @ParameterizedTest(name = "weft.workers={0}")
    @ValueSource(strings = {"1", "2"})
    void junitsTimeoutWhileAThreadIsBlockedOutsideWeftSaysWhereItIs(String workers) {
        WeftRunner.Outcome outcome = WeftRunner.run(TimeBudgetPrograms.class,
                "junitsTimeoutWhileAThreadIsBlockedOutsideWeft", reports, Map.of("weft.workers", workers));

        Throwable failure = outcome.failure().orElseThrow(() -> new AssertionError("the test passed"));
        assertThat(failure).hasMessageContaining("timed out after 2 seconds");
        assertThat(failure.getSuppressed()).anySatisfy(weft -> assertThat(weft.getMessage())
                .startsWith("UNCONTROLLED_BLOCKING: thread main.1 had not reached its next scheduling point")
                .contains("when the test's time ran out").contains("sun.nio.ch.SourceChannelImpl.read"));
    }

    /**
     * In a separate thread JUnit reports the timeout at once and interrupts the exploring thread, which stops at its
     * next execution and then writes {@code summary.json}: waited for here, for at most a minute.
     */
    @Test
    void junitsTimeoutInASeparateThreadStopsTheExplorationToo() throws Exception {
        WeftRunner.Outcome outcome = WeftRunner.run(TimeBudgetPrograms.class, "junitsTimeoutInASeparateThread",
                reports);

        assertThat(outcome.failure().orElseThrow(() -> new AssertionError("the test passed")))
                .hasMessageContaining("timed out after 2 seconds");
        String summary = awaitSummary(outcome.testDir().resolve("summary.json"));
        assertThat(summary).contains("\"complete\": false").contains("\"kind\": \"TIMEOUT\"");
    }

    private static String awaitSummary(Path summary) throws IOException, InterruptedException {
        for (int i = 0; i < 600 && !Files.exists(summary); i++) {
            Thread.sleep(100);
        }
        return Files.readString(summary);
    }

    @Test
    void aTimeBudgetThatIsNotPositiveFailsNamingTheParameter() {
        WeftRunner.Outcome outcome = WeftRunner.run(TimeBudgetPrograms.class, "junitsTimeout", reports,
                Map.of("weft.maxSeconds", "0"));
        // the annotation sets no time budget, so the configuration parameter is read, and refused
        assertThat(outcome.failure().orElseThrow().getMessage())
                .contains("configuration parameter weft.maxSeconds must be >= 1 but was 0");
    }
}
