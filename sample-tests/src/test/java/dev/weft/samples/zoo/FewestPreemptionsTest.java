package dev.weft.samples.zoo;

import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Zoo bugs whose fewest preemptions are known by reasoning are reported with exactly that many, the replay token
 * replays that schedule, and {@code weft.minimizePreemptions=false} reports the explorer's own first schedule.
 */
class FewestPreemptionsTest {

    @TempDir
    Path reports;

    /**
     * lostUpdate: one increment must be cut between its read and its write. forgottenJoin: main reads before the
     * worker runs, without ever being cut. lockOrderDeadlock: one thread must be cut holding its first lock.
     * transferLosesMoney: one transfer must be cut between its reads and its writes.
     */
    @ParameterizedTest(name = "{0} needs {1}")
    @CsvSource({"lostUpdate, 1", "forgottenJoin, 0", "lockOrderDeadlock, 1", "transferLosesMoney, 1"})
    void theReportedScheduleHasTheFewestPreemptionsTheBugNeeds(String bug, long fewest) {
        WeftRunner.Outcome outcome = WeftRunner.run(BugZooPrograms.class, bug, reports);

        assertThat(outcome.number("preemptions")).isEqualTo(fewest);
        assertThat(outcome.failure()).hasValueSatisfying(failure -> assertThat(failure.getMessage())
                .contains(", shown with " + fewest + " preemption"));
    }

    @Test
    void theReplayTokenReplaysTheShortenedSchedule() {
        WeftRunner.Outcome found = WeftRunner.run(BugZooPrograms.class, "lostUpdate", reports.resolve("found"));
        String token = found.replayToken();

        WeftRunner.Outcome replayed = WeftRunner.run(BugZooPrograms.class, "lostUpdate", reports.resolve("replayed"),
                Map.of("weft.replay", token));

        assertThat(replayed.number("executions")).isEqualTo(1);
        assertThat(replayed.number("preemptions")).isEqualTo(1);
        assertThat(replayed.replayToken()).isEqualTo(token);
    }

    /**
     * With the lowest awake thread as the free choice, the explorer's first failing schedule of the lost update has
     * more preemptions than the fewest (letting the last thread go on, the default, finds one with one at once).
     */
    @Test
    void turnedOffTheExplorersFirstFailingScheduleIsReported() {
        WeftRunner.Outcome outcome = WeftRunner.run(BugZooPrograms.class, "lostUpdate", reports,
                Map.of("weft.minimizePreemptions", "false", "weft.freeChoice", "lowest"));

        assertThat(outcome.number("preemptions")).isGreaterThan(1);
    }

    @Test
    void aValueThatIsNeitherTrueNorFalseFailsTheTestNamingTheParameter() {
        WeftRunner.Outcome outcome = WeftRunner.run(BugZooPrograms.class, "lostUpdate", reports,
                Map.of("weft.minimizePreemptions", "yes"));

        assertThat(outcome.failure()).hasValueSatisfying(failure -> assertThat(failure.getMessage())
                .contains("weft.minimizePreemptions must be true or false but was 'yes'"));
    }
}
