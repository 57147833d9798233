package dev.weft.samples.executors;

import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * FutureTask and CompletableFuture on the test's own threads and on CompletableFuture's default executor, and the
 * common pool failing closed.
 */
class FuturesTest {

    @TempDir
    Path reports;

    @ParameterizedTest(name = "{0} passes")
    @ValueSource(strings = {"futureTaskGetSeesTheResult", "futureTaskTimedGetSeesTheResult",
            "futureTaskGetThrowsTheTasksException", "completableFuturesCombine"})
    void correctUsePasses(String method) {
        ExecutorOutcomes.assertPasses(WeftRunner.run(FuturePrograms.class, method, reports), method);
    }

    @ParameterizedTest(name = "{0} fails with {1}")
    @CsvSource({"futureTasksLoseAnUpdate, ASSERTION", "completableFuturesLoseAnUpdate, ASSERTION"})
    void buggyUseFails(String method, String kind) {
        ExecutorOutcomes.assertFails(WeftRunner.run(FuturePrograms.class, method, reports), method, kind);
    }

    /**
     * CompletableFuture's {@code *Async} methods without an executor run each task on a managed thread of its own
     * (before 2026-11-27 they failed closed): the same verdict and the same executions as the same program on an
     * executor the test writes itself, a new thread per task, which is the independent count.
     */
    @ParameterizedTest(name = "{0} explores as {1} does")
    @CsvSource({"completableFuturesCombineWithoutAnExecutor, completableFuturesCombine",
            "asyncStagesRaceWithAnotherTaskWithoutAnExecutor, asyncStagesRaceWithAnotherTask"})
    void withoutAnExecutorEachTaskGetsAManagedThread(String method, String onOwnThreads) {
        WeftRunner.Outcome outcome = WeftRunner.run(FuturePrograms.class, method, reports);
        WeftRunner.Outcome reference = WeftRunner.run(FuturePrograms.class, onOwnThreads, reports);

        ExecutorOutcomes.assertPasses(reference, onOwnThreads);
        ExecutorOutcomes.assertPassesIn(outcome, method, reference.number("executions"));
    }

    @Test
    void withoutAnExecutorALostUpdateIsFound() {
        ExecutorOutcomes.assertFails(WeftRunner.run(FuturePrograms.class,
                "completableFuturesLoseAnUpdateWithoutAnExecutor", reports),
                "completableFuturesLoseAnUpdateWithoutAnExecutor", "ASSERTION");
    }

    /** A stage of a completed future, applied asynchronously: one task, one execution. */
    @Test
    void thenApplyAsyncWithoutAnExecutorRuns() {
        ExecutorOutcomes.assertPassesIn(WeftRunner.run(FuturePrograms.class, "thenApplyAsyncWithoutAnExecutor",
                reports), "thenApplyAsyncWithoutAnExecutor", 1);
    }

    /**
     * The task's write comes before the main thread's read, or after the execution has ended (a daemon thread is
     * abandoned when the test's threads have ended, as the JVM abandons it at exit): 2.
     */
    @Test
    void aTaskNobodyWaitsForRunsOnADaemonThread() {
        ExecutorOutcomes.assertPassesIn(WeftRunner.run(FuturePrograms.class, "aTaskNobodyWaitsForRunsOnADaemonThread",
                reports), "aTaskNobodyWaitsForRunsOnADaemonThread", 2);
    }

    /**
     * The common pool, parallel streams, a test's own ForkJoinPool and a work-stealing pool run their tasks on managed
     * threads: one task (or leaves that share nothing), one execution.
     */
    @ParameterizedTest(name = "{0} runs in one execution")
    @CsvSource({"forkJoinCommonPool", "parallelStreamOfAList", "parallelIntStream", "ownForkJoinPool",
            "workStealingPool"})
    void forkJoinWorkRuns(String method) {
        ExecutorOutcomes.assertPassesIn(WeftRunner.run(FuturePrograms.class, method, reports), method, 1);
    }

    /** The leaves of a bulk operation that goes parallel add to one plain field: the lost update. */
    @Test
    void aParallelBulkOperationOfAConcurrentMapRacesLikeItsLeaves() {
        ExecutorOutcomes.assertFails(WeftRunner.run(FuturePrograms.class, "concurrentMapParallelForEach", reports),
                "concurrentMapParallelForEach", "ASSERTION");
    }

    /** A java.util.Timer and a SubmissionPublisher without an executor run work on threads nobody manages. */
    @ParameterizedTest(name = "{0} fails closed naming {1}")
    @CsvSource({"timer, java.util.Timer", "publisherWithoutAnExecutor, a SubmissionPublisher without an executor"})
    void workOnThreadsNobodyManagesFailsClosed(String method, String what) {
        WeftRunner.Outcome outcome = WeftRunner.run(FuturePrograms.class, method, reports);

        ExecutorOutcomes.assertFails(outcome, method, "EXCEPTION");
        assertThat(outcome.failure().orElseThrow().getMessage())
                .contains("Weft does not model " + what)
                .containsPattern("FuturePrograms\\.java:\\d+");
    }

    /**
     * A timer a static initialiser makes during an execution fails the test closed, after the initialiser returned:
     * the class stays usable by the tests that follow without Weft (before, the refusal thrown inside the initialiser
     * left it broken: NoClassDefFoundError in commons-pool's plain testTimerHolder).
     */
    @Test
    void aTimerInAStaticHolderFailsClosedAndLeavesItsClassUsable() {
        try {
            WeftRunner.Outcome outcome = WeftRunner.run(FuturePrograms.class, "timerInAStaticHolder", reports);

            ExecutorOutcomes.assertFails(outcome, "timerInAStaticHolder", "EXCEPTION");
            assertThat(outcome.failure().orElseThrow().getMessage())
                    .contains("Weft does not model java.util.Timer")
                    .containsPattern("FuturePrograms\\.java:\\d+");
            assertThat(FuturePrograms.TimerHolder.TIMER).isNotNull(); // initialised, not broken
        } finally {
            FuturePrograms.TimerHolder.TIMER.cancel();
        }
    }

    /** A timer a plain test made first (out of any execution): scheduling a task on it fails closed. */
    @Test
    void aTaskOnATimerMadeBeforeFailsClosed() {
        try {
            assertThat(FuturePrograms.EarlyTimer.TIMER).isNotNull(); // made here, as a plain test would
            WeftRunner.Outcome outcome = WeftRunner.run(FuturePrograms.class, "taskOnATimerMadeBefore", reports);

            ExecutorOutcomes.assertFails(outcome, "taskOnATimerMadeBefore", "EXCEPTION");
            assertThat(outcome.failure().orElseThrow().getMessage())
                    .contains("Weft does not model java.util.Timer's tasks")
                    .containsPattern("FuturePrograms\\.java:\\d+");
        } finally {
            FuturePrograms.EarlyTimer.TIMER.cancel();
        }
    }

    @Test
    void aConcurrentMapBulkOperationInTheCallingThreadRuns() {
        ExecutorOutcomes.assertPassesIn(WeftRunner.run(FuturePrograms.class,
                "concurrentMapBulkOperationsInTheCallingThread", reports),
                "concurrentMapBulkOperationsInTheCallingThread", 1);
    }

    @Test
    void aPublisherOnAPoolOfTheTestRuns() {
        ExecutorOutcomes.assertPasses(WeftRunner.run(FuturePrograms.class, "publisherOnAPoolOfTheTest", reports),
                "publisherOnAPoolOfTheTest");
    }

    @Test
    void aSequentialStreamIsAnOrdinaryStep() {
        WeftRunner.Outcome outcome = WeftRunner.run(FuturePrograms.class, "sequentialStreamOfAList", reports);

        ExecutorOutcomes.assertPasses(outcome, "sequentialStreamOfAList");
    }

    /** {@code orTimeout} on a future nobody completes: the timeout fires on the execution's clock, once. */
    @Test
    void aFutureNobodyCompletesTimesOut() {
        ExecutorOutcomes.assertPassesIn(WeftRunner.run(FuturePrograms.class, "completableFutureOrTimeout", reports),
                "completableFutureOrTimeout", 1);
    }
}
