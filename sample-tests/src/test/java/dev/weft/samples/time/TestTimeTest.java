package dev.weft.samples.time;

import dev.weft.samples.support.Verdicts;
import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The test's time ({@link TestTimePrograms}): a sleep ends, and a timeout fires, only when no other thread can move,
 * in the order of the deadlines; with stalls explored ({@code weft.timeouts=any}) a failure that needs a thread to be
 * slower than a sleep is a {@code TIMING} failure that names the sleep.
 */
class TestTimeTest {

    private static final Map<String, String> STALLS = Map.of("weft.timeouts", "any");

    @TempDir
    Path reports;

    private WeftRunner.Outcome run(String program, Map<String, String> parameters) {
        return WeftRunner.run(TestTimePrograms.class, program, reports, parameters);
    }

    /**
     * One execution: the task's sleep and main's {@code get} both wait until no thread can move, then the earlier
     * deadline (main's, at 1 s) passes first; the task touches the future only when it ends, after
     * {@code shutdownNow}'s interrupt, which is main's last step.
     */
    @Test
    void aShortTimeoutEndsBeforeALongTask() {
        Verdicts.passesWith(run("aShortTimeoutEndsBeforeALongTask", Map.of()), 1);
    }

    /**
     * One execution: the sleep cannot end while main can still move, so main's interrupt comes first, and the sleep's
     * look at its flag can only follow it; the flag it sets is read after the join.
     */
    @Test
    void anInterruptEndsALongSleep() {
        Verdicts.passesWith(run("anInterruptEndsALongSleep", Map.of()), 1);
    }

    /** With stalls explored the sleep may run out before main, stalled, sends the interrupt: named as the stall. */
    @Test
    void withStallsExploredTheSleepThatRanOutFirstIsNamed() {
        WeftRunner.Outcome outcome = run("anInterruptEndsALongSleep", STALLS);

        Verdicts.failsWith(outcome, "TIMING");
        assertThat(outcome.failure().orElseThrow().getMessage())
                .contains("main.1's sleep 10 s at TestTimePrograms.java:")
                .contains("to end while main could still move");
    }

    /**
     * One execution: main's sleep ends only once the worker has ended, so its write of {@code work} comes before
     * main's read in every schedule.
     */
    @Test
    void aSleepWaitsForAnotherThreadsWorkByDefault() {
        Verdicts.passesWith(run("aSleepWaitsForAnotherThreadsWork", Map.of()), 1);
    }

    @Test
    void withStallsExploredTheSleepIsNamedAsWhatTheTestReliesOn() {
        WeftRunner.Outcome outcome = run("aSleepWaitsForAnotherThreadsWork", STALLS);

        Verdicts.failsWith(outcome, "TIMING");
        assertThat(outcome.failure().orElseThrow().getMessage())
                .contains("main's sleep 100 ms at TestTimePrograms.java:")
                .contains("to end while main.1 could still move")
                .contains("expected: 42");
    }

    /**
     * Passes in every schedule. The count is not asserted: at each 500 ms both the test's sleep and the timer task
     * are due, and how their orders combine with the pool's rescheduling and {@code shutdownNow} has no simple
     * derivation by hand.
     */
    @Test
    void sleepsWaitForAPeriodicTimerTaskByDefault() {
        WeftRunner.Outcome outcome = run("sleepsWaitForAPeriodicTimerTask", Map.of());

        assertThat(outcome.failure()).isEmpty();
        assertThat(outcome.summaryJson()).contains("\"complete\": true");
    }

    /**
     * The pool's worker never gets to run while the test sleeps ten times: ten stalls, named once with their count;
     * the report shows each sleep ending and the clock.
     */
    @Test
    void withStallsExploredTheTimerWaitFailsNamingTheSleep() throws IOException {
        WeftRunner.Outcome outcome = run("sleepsWaitForAPeriodicTimerTask", STALLS);

        Verdicts.failsWith(outcome, "TIMING");
        assertThat(outcome.failure().orElseThrow().getMessage())
                .contains("main's sleep 500 ms at TestTimePrograms.java:")
                .contains("to end while main.1 could still move (10 times)")
                .contains("endOfPeriod() not called!");
        assertThat(Files.readString(outcome.testDir().resolve("trace.txt")))
                .contains("sleep 500 ms ends (t = 0.500 s)").contains("sleep 500 ms ends (t = 5.000 s)")
                .contains("sleep 500 ms returns");
    }
}
