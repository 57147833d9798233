package dev.weft.samples.executors;

import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rest of a pool's API ({@link PoolApiPrograms}): {@code invokeAny}, rejection policies and the pool's counters,
 * each correct use passing and each use that relies on an order the pool does not promise failing.
 */
class PoolApiTest {

    @TempDir
    Path reports;

    /**
     * Each correct use passes, in exactly the traces derived here:
     * <ul>
     *   <li>a full pool rejecting the third task: the worker stays in its first task until the latch, released after
     *   the third submission, so nothing races: 1;</li>
     *   <li>{@code CallerRunsPolicy}, three increments under one monitor: when the worker has taken the second task
     *   before the third submission, it runs all three in order (1); otherwise the third runs in the test's thread,
     *   before, between or after the worker's two (3): 4;</li>
     *   <li>a submission racing {@code shutdown}: before it (the task runs) or after it (rejected): 2;</li>
     *   <li>the counters of a busy pool: the only race is {@code getPoolSize} against the worker beginning its first
     *   task (the active count changes there; every counter observes the pool's activity, so the pool size too, which
     *   does not change): 2. {@code getActiveCount} comes after the task said it started, the queue's size after the
     *   submissions, the completed count after termination.</li>
     * </ul>
     */
    @ParameterizedTest(name = "{0} passes in {1} executions")
    @CsvSource({
            "aFullPoolRejectsTheThirdTask, 1",
            "callerRunsPolicyRunsEveryTask, 4",
            "aSubmissionRacingShutdownRunsOrIsRejected, 2",
            "queriesAnswerWhatThePoolIsDoing, 2"})
    void correctUsePasses(String method, long traces) {
        ExecutorOutcomes.assertPassesIn(WeftRunner.run(PoolApiPrograms.class, method, reports), method, traces);
    }

    @ParameterizedTest(name = "{0} fails with {1}")
    @CsvSource(delimiter = '|', value = {
            "invokeAnyIsAssumedToReturnTheFirstTasksResult | ASSERTION | expected: <first> but was: <second>",
            "invokeAnyIsAssumedToRunOnlyTheWinner | ASSERTION | only the winner ran",
            "aThirdTaskIsAssumedToFitWhenTheWorkerIsFast | EXCEPTION | RejectedExecutionException",
            "discardPolicyIsAssumedToRunEveryTask | ASSERTION | expected: <3> but was: <2>",
            "aSubmissionRacingShutdownIsAssumedToRun | ASSERTION | the task ran",
            "activeCountIsAssumedBeforeTheWorkerStarts | ASSERTION | active workers ==> expected: <1> but was: <0>"})
    void buggyUseFails(String method, String kind, String reason) {
        ExecutorOutcomes.assertFailsBecause(WeftRunner.run(PoolApiPrograms.class, method, reports), method, kind,
                reason);
    }

    /**
     * {@code invokeAny} of n tasks on n workers returns the result of any of them (n), and each of the other n - 1
     * tasks is cancelled before it runs, cancelled while it runs, or done before its cancellation (3 each, which the
     * task can tell by its side effects and its interrupt): n &times; 3<sup>n - 1</sup>, 6 for two tasks and 27 for
     * three. Every result is returned in some execution.
     */
    @ParameterizedTest(name = "{0}: {1} executions, results {2}")
    @CsvSource(delimiter = '|', value = {
            "invokeAnyReturnsTheResultOfOneTask | 6 | first,second",
            "invokeAnyWithATimeout | 6 | first,second",
            "invokeAnyOfThreeTasks | 27 | first,second,third"})
    void invokeAnyReturnsEveryResult(String method, long traces, String results) {
        PoolApiPrograms.INVOKE_ANY_RESULTS.clear();

        ExecutorOutcomes.assertPassesIn(WeftRunner.run(PoolApiPrograms.class, method, reports), method, traces);

        assertThat(PoolApiPrograms.INVOKE_ANY_RESULTS).containsExactly(results.split(","));
    }

    /**
     * Which idle worker takes a task is explored: the task can see it ({@code Thread.currentThread()}, a
     * {@code ThreadLocal}). Two idle workers of a fixed pool wait at the work queue, and their takes race: 2
     * executions, one per worker. In a cached pool that ran two tasks, the third goes to either worker or to a new one
     * (when neither is idle yet): all three are seen (the count, which also orders the two first tasks' ends and the
     * latch, is not derived here).
     */
    /**
     * As the JDK (checked on JDK 17 and 25 without Weft). Before, the null task was submitted as a task that failed,
     * and the call deadlocked or timed out (JSR-166 TCK, ThreadPoolExecutorTest and ScheduledExecutorTest
     * testInvokeAny3).
     */
    @Test
    void invokeAnyOfANullTaskThrowsAsTheJdkDoes() {
        ExecutorOutcomes.assertPasses(WeftRunner.run(PoolApiPrograms.class, "invokeAnyOfANullTask", reports),
                "invokeAnyOfANullTask");
    }

    @Test
    void whichIdleWorkerTakesATaskIsExplored() {
        PoolApiPrograms.WORKER_NAMES.clear();
        ExecutorOutcomes.assertPassesIn(WeftRunner.run(PoolApiPrograms.class, "eitherIdleWorkerMayTakeTheTask",
                reports), "eitherIdleWorkerMayTakeTheTask", 2);
        assertThat(PoolApiPrograms.WORKER_NAMES).containsExactly("worker-1", "worker-2");

        ExecutorOutcomes.assertFailsBecause(WeftRunner.run(PoolApiPrograms.class,
                "theFirstIdleWorkerIsAssumedToTakeTheTask", reports), "theFirstIdleWorkerIsAssumedToTakeTheTask",
                "ASSERTION", "expected: <worker-1> but was: <worker-2>");

        PoolApiPrograms.WORKER_NAMES.clear();
        ExecutorOutcomes.assertPasses(WeftRunner.run(PoolApiPrograms.class, "aCachedPoolsThirdTaskGoesToAnyWorker",
                reports), "aCachedPoolsThirdTaskGoesToAnyWorker");
        assertThat(PoolApiPrograms.WORKER_NAMES).containsExactly("worker-1", "worker-2", "worker-3");
    }
}
