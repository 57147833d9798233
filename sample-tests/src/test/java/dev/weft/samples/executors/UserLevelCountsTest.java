package dev.weft.samples.executors;

import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Executors and futures explored at the user's level: a test costs the traces of the user's own operations (derived by
 * hand in {@link UserLevelPrograms}), not the interleavings of the pool's private locks and queues; and every bug
 * those reductions could hide is still found.
 */
class UserLevelCountsTest {

    @TempDir
    Path reports;

    @ParameterizedTest(name = "{0} runs exactly {1} executions")
    @CsvSource({
            "fixedPoolOfTwo, 2",
            "poolSubclassCountingInBeforeExecute, 4",
            "invokeAllOfFourOnFourWorkers, 24",
            "threeSuppliersCombined, 1",
            "taskReadsAPairWhole, 2",
            "taskReadsStatePublishedBeforeItsSubmission, 1",
            "flagSetBeforeTheFutureItGuards, 1",
            "queuedTaskSeesOneOfTheOthers, 6",
            "queuedTaskSeesOneOfTheOthersInAPoolNeverShutDown, 6",
            "fourTasksInTurnOnThreeIdleWorkers, 1",
            "terminatedHappensBeforeAwaitTermination, 1"})
    void costsTheUsersTraces(String method, long traces) {
        ExecutorOutcomes.assertPassesIn(WeftRunner.run(UserLevelPrograms.class, method, reports), method,
                traces);
    }

    /** 1 trace; 2 executions with the lowest thread first (the program's Javadoc says why). */
    @Test
    void composedStageCostsOneExecutionWhenItsWorkerGoesOn() {
        String method = "composedStageReadsStatePublishedBeforeItWasQueued";
        ExecutorOutcomes.assertPassesIn(WeftRunner.run(UserLevelPrograms.class, method, reports), method,
                WeftRunner.lowestThreadFirst() ? 2 : 1);
    }

    /**
     * The tasks name their workers: both outcomes, one worker for both tasks or two, are explored; with two workers of
     * Weft's too, although the look comes in the search's only execution, with no execution after it to notice it.
     */
    @ParameterizedTest(name = "weft.workers={0}")
    @ValueSource(strings = {"1", "2"})
    void whichIdleWorkerTakesATaskIsExploredWhenATaskLooksAtItsThread(String workers) {
        UserLevelPrograms.WORKER_SETS.clear();
        WeftRunner.Outcome outcome = WeftRunner.run(UserLevelPrograms.class, "twoTasksInTurnNameTheirWorkers", reports,
                Map.of("weft.workers", workers));
        ExecutorOutcomes.assertPasses(outcome, "twoTasksInTurnNameTheirWorkers");
        assertThat(UserLevelPrograms.WORKER_SETS).containsExactly(1, 2);
    }

    @ParameterizedTest(name = "{0} fails with {1}")
    @CsvSource(delimiter = '|', value = {
            "taskTearsAPairWrittenByAnother | ASSERTION | the reader saw x and y differ",
            "taskReadsStatePublishedAfterItsSubmission | ASSERTION | expected: <42> but was: <0>",
            "flagSetAfterTheFutureItGuards | ASSERTION | woken before the flag was set",
            "queuedTaskSeesOnlyTheSecond | ASSERTION | the queued task saw the second task's write alone",
            "queuedTaskSeesOnlyTheSecondInAPoolNeverShutDown | ASSERTION | the queued task saw the second task's write"
                    + " alone",
            "queuedTaskReadsBeforeTheFirstWritesInAPoolNeverShutDown | ASSERTION | the queued task read before the"
                    + " first task wrote",
            "queuedTaskReadsBeforeTheFirstWritesOnDaemonWorkers | ASSERTION | the queued task read before the first"
                    + " task wrote",
            "composedStageReadsStatePublishedAfterItWasQueued | ASSERTION | expected: <42> but was: <0>",
            "idleWorkerRunsAFollowUpBeforeItsSubmitterPublishes | ASSERTION | expected: <42> but was: <0>"})
    void stillFindsTheBug(String method, String kind, String reason) {
        ExecutorOutcomes.assertFailsBecause(WeftRunner.run(UserLevelPrograms.class, method, reports), method, kind,
                reason);
    }
}
