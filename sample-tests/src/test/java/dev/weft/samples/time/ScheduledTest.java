package dev.weft.samples.time;

import dev.weft.samples.support.Verdicts;
import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

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

    /** The beats count the latch down one after the other, the await waits for the last: 1 trace. */
    @Test
    void aHeartbeatBeatsEveryPeriod() {
        Verdicts.passesWith(WeftRunner.run(ScheduledPrograms.class, "aHeartbeatBeatsEveryPeriod", reports), 1);
    }

    /**
     * The runs are ordered by their delays; after the third, the test's shutdownNow drains the queue before the worker
     * puts the task back, between that and its next take, or once it waits in that take: 3 traces.
     */
    @Test
    void aFixedDelayCountsFromTheEndOfEachRun() {
        Verdicts.passesWith(WeftRunner.run(ScheduledPrograms.class, "aFixedDelayCountsFromTheEndOfEachRun", reports),
                3);
    }

    /** Tasks due at the same instant on two workers are explored in every order: the lost increment is found. */
    @Test
    void twoTasksDueAtOnceRace() {
        Verdicts.failsWith(WeftRunner.run(ScheduledPrograms.class, "twoTasksDueAtOnceRace", reports), "ASSERTION");
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
