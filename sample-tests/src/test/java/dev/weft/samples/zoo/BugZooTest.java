package dev.weft.samples.zoo;

import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** Every bug of the zoo is found with the right failure kind, and every fixed twin passes exhaustively. */
class BugZooTest {

    @TempDir
    Path reports;

    static Stream<Arguments> bugs() {
        return Stream.of(
                arguments("lostUpdate", "ASSERTION"),
                arguments("transferLosesMoney", "ASSERTION"),
                arguments("lockOrderDeadlock", "DEADLOCK"),
                arguments("missedNotify", "DEADLOCK"),
                arguments("ifInsteadOfWhileAroundWait", "EXCEPTION"),
                arguments("publicationBeforeInitialisation", "ASSERTION"),
                arguments("brokenPeterson", "ASSERTION"),
                arguments("exceptionDiesSilentlyInWorker", "EXCEPTION"),
                arguments("lazyInitialisationRace", "ASSERTION"),
                arguments("atomicGetThenSet", "ASSERTION"),
                arguments("forgottenJoin", "ASSERTION"),
                arguments("lockNotReleasedOnException", "DEADLOCK"),
                arguments("conditionSignalledTooEarly", "DEADLOCK"),
                arguments("serviceStartedTwice", "ASSERTION"),
                arguments("parkWithoutUnpark", "DEADLOCK"),
                arguments("spinOnAFlagNobodySets", "STEP_LIMIT"),
                arguments("checkThenActOnAConcurrentMap", "ASSERTION"));
    }

    @ParameterizedTest(name = "{0} fails with {1}")
    @MethodSource("bugs")
    void theBugIsFoundWithTheRightKindAndAReport(String bug, String kind) throws Exception {
        WeftRunner.Outcome outcome = WeftRunner.run(BugZooPrograms.class, bug, reports);

        Throwable failure = outcome.failure().orElseThrow(() -> new AssertionError(bug + " was not found"));
        assertThat(failure).isInstanceOf(AssertionError.class);
        assertThat(failure.getMessage()).startsWith(kind + ":").contains("replay: ").contains("report: ");
        assertThat(outcome.summaryJson()).contains("\"verdict\": \"FAIL\"").contains("\"kind\": \"" + kind + "\"");
        assertThat(outcome.testDir().resolve("trace.txt")).exists();
        assertThat(outcome.testDir().resolve("hb.dot")).exists();
        assertThat(Files.readString(outcome.testDir().resolve("report.html"))).contains("<svg");
    }

    @ParameterizedTest(name = "{0}Fixed passes")
    @MethodSource("bugs")
    void theFixedTwinPassesEveryInterleaving(String bug, String kind) {
        WeftRunner.Outcome outcome = WeftRunner.run(BugZooPrograms.class, bug + "Fixed", reports);

        assertThat(outcome.failure()).as(bug + "Fixed must pass").isEmpty();
        assertThat(outcome.summaryJson()).contains("\"verdict\": \"PASS\"").contains("\"complete\": true");
        assertThat(outcome.number("executions")).isPositive();
    }
}
