package dev.weft.samples.time;

import dev.weft.samples.support.Verdicts;
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
 * Scheduled executors and delay queues on the virtual clock ({@link ScheduledPrograms}); each program asserts what a
 * JVM guarantees about when its tasks run. The counts are derived from the user-level operations: the changes of the
 * delay queue (each call on it is one), the pool's state, and the waits that order them; the pool's private lock and
 * its own looks at its workers' interrupt flags are silent, as for any executor.
 */
class ScheduledTest {

    @TempDir
    Path reports;

    /** Schedule, run, get, shut down: each waits for the one before (the get for the task, the task for its delay). */
    @Test
    void aDelayedTaskRunsWhenItsDelayHasPassed() {
        Verdicts.passesWith(WeftRunner.run(ScheduledPrograms.class, "aDelayedTaskRunsWhenItsDelayHasPassed", reports),
                1);
    }

    /**
     * The beats count the latch down one after the other, the await waits for the last. After the fourth beat the
     * worker puts the task back, looking at the pool's run state before and after the put
     * ({@code canRunInCurrentRunState}); the test's shutdown comes after both looks, between them or before both: 3.
     */
    @Test
    void aHeartbeatBeatsEveryPeriod() {
        Verdicts.passesWith(WeftRunner.run(ScheduledPrograms.class, "aHeartbeatBeatsEveryPeriod", reports), 3);
    }

    /**
     * The runs are ordered by their delays. After the third, the worker's two looks at the run state (L1, L2) and its
     * put back (P) meet the test's {@code shutdownNow}: its state change (S), drain (D) and clear (C). L1 after S:
     * the task is cancelled (1). L1 before S and P after it: P after C, between D and C, or before D (3; P and S
     * commute). L1, P and L2 before S (1). That is 5 when the lowest thread moves first: the test's thread then shuts
     * the pool down before the worker's look for its next task (the JDK's own, unseen) and the worker leaves. When the
     * last thread goes on (the default) the worker looks for its next task first and takes it, waiting, before D,
     * between D and C or after C: 3 instead of 1, so 7. Neither adds anything the test can see.
     */
    @Test
    void aFixedDelayCountsFromTheEndOfEachRun() {
        Verdicts.passesWith(WeftRunner.run(ScheduledPrograms.class, "aFixedDelayCountsFromTheEndOfEachRun", reports),
                WeftRunner.lowestThreadFirst() ? 5 : 7);
    }

    /**
     * Whether the worker puts the periodic task back before {@code shutdownNow} is a race between its look at the
     * pool's run state and the shutdown, explored whichever thread the explorer lets move first. Before the look was
     * an event, the program passed when the lowest thread went first (the test's own thread then always shut the
     * pool down before the worker looked).
     */
    @ParameterizedTest(name = "free choice {0}")
    @ValueSource(strings = {"last", "lowest"})
    void shutdownNowHandsBackAPeriodicTaskPutBackBeforeIt(String freeChoice) {
        Verdicts.failsWith(WeftRunner.run(ScheduledPrograms.class, "shutdownNowHandsBackAPeriodicTaskPutBackBeforeIt",
                reports, Map.of("weft.freeChoice", freeChoice)), "ASSERTION");
    }

    /**
     * Tasks due at the same instant on two workers are explored in every order: the lost increment is found. The
     * report says where time passed, in the user's words: the tasks becoming due, not the JDK's wait inside the pool.
     */
    @Test
    void twoTasksDueAtOnceRace() throws IOException {
        WeftRunner.Outcome outcome = WeftRunner.run(ScheduledPrograms.class, "twoTasksDueAtOnceRace", reports);

        Verdicts.failsWith(outcome, "ASSERTION");
        assertThat(Files.readString(outcome.testDir().resolve("trace.txt"))).contains("scheduled task due (t = ")
                .doesNotContain("awaitNanos");
    }

    /**
     * The taker that was woken looks at the queue again before or after the other comes back for the second element:
     * it gets that element in the first order. The look is inside the queue's own code, after a wait on its silent
     * lock; without the look as an event the second order was never explored and the program passed.
     */
    @Test
    void aWokenTakerGetsTheNextElementFirst() {
        Verdicts.failsWith(WeftRunner.run(ScheduledPrograms.class, "aWokenTakerGetsTheNextElementFirst", reports),
                "ASSERTION");
    }

    /** The worker's first take and the second schedule both change the queue, in either order: 2 traces. */
    @Test
    void cancellationAndShutdownPolicies() {
        Verdicts.passesWith(WeftRunner.run(ScheduledPrograms.class, "cancellationAndShutdownPolicies", reports), 2);
    }

    /** The program asserts the two tasks handed back and none run, in every interleaving of the worker's take. */
    @Test
    void shutdownNowReturnsWhatWasNotDue() {
        WeftRunner.Outcome outcome = WeftRunner.run(ScheduledPrograms.class, "shutdownNowReturnsWhatWasNotDue",
                reports);
        assertThat(outcome.failure()).isEmpty();
        assertThat(outcome.summaryJson()).contains("\"complete\": true");
    }

    /**
     * The consumer's first take comes before the first put, between the puts, or after both (3). A take that waits
     * looks at the queue again when it wakes: after the first put woke the take that came before it, that look comes
     * before the second put (it then waits for the late element until the second put wakes it again) or after it
     * (it sees the early one at once), one more: 4. The delays order everything else: each element becomes due only
     * when the test waits in its join, after both puts. The consumer always gets the early element first, then the
     * late one: the program asserts it.
     */
    @Test
    void aDelayQueueHandsOutElementsWhenTheyAreDue() {
        WeftRunner.Outcome outcome = WeftRunner.run(ScheduledPrograms.class,
                "aDelayQueueHandsOutElementsWhenTheyAreDue", reports);
        assertThat(outcome.failure()).isEmpty();
        assertThat(outcome.summaryJson()).contains("\"complete\": true");
        assertThat(outcome.number("executions")).isEqualTo(4);
    }
}
