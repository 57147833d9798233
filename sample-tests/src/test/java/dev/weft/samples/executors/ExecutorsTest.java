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
 * Executors used unmodified under {@code @ExhaustiveConcurrency}: the pool's workers are managed threads, its
 * queue and lock are modelled, and every correct use passes while its buggy twin fails with the right kind.
 *
 * <p>Correct uses that wait with a timeout ({@code awaitTermination(10, SECONDS)}, {@code get(1, SECONDS)}) expect the
 * timeout policy in which a timed wait times out only when no other thread can move.
 */
class ExecutorsTest {

    @TempDir
    Path reports;

    /**
     * Each correct use passes, in exactly the traces of the user's own operations (derived here; the pool's private
     * locks and queue hand-offs add nothing the user can see):
     * <ul>
     *   <li>two increments under one monitor, in two tasks: 2 orders ({@code fixedPool}, {@code ownThreadFactory},
     *   {@code invokeAll});</li>
     *   <li>a cached pool gives the second task to the first worker when that one is already idle and waiting (the
     *   two increments then run in submission order, 1 trace), else to a new worker (2 orders): 3;</li>
     *   <li>a single worker runs its tasks in order; a task that throws, a timed get: nothing conflicts, 1;</li>
     *   <li>a subclass counting under the pool's monitor in {@code beforeExecute} and {@code afterExecute}, 2 tasks:
     *   the 4 critical sections with each task's before ahead of its after, 4! / (2! 2!) = 6;</li>
     *   <li>{@code shutdownNow} and a task that waits until interrupted: its wait looks at the worker's interrupt flag
     *   and its catch sets the flag again; {@code shutdownNow}'s interrupt writes the flag before that look, between
     *   the two, or after both: 3. The wait throws at once in each: the flag is set by that interrupt or, when the
     *   worker begins the task after {@code shutdownNow} stopped the pool, by the worker itself (as the JDK does; a
     *   JDK body's write of its own thread's flag is silent);</li>
     *   <li>a completion service: the order of the two increments (2) times the order in which the two futures
     *   reach the completion queue (2): 4. Whether the first {@code take} comes before or after the second future
     *   arrives is not observable, and the two commute: the take touches the queue's head and first slot, the offer
     *   its tail and second slot ({@code QueueSlots});</li>
     *   <li>futures composed on a pool: nothing of the user's conflicts: 1. The stage that {@code thenCompose}'s
     *   {@code supplyAsync} queues from inside a worker's task is taken back by that worker once its task is done,
     *   with nothing of its own in between: a neutral take, which the other worker's take or look does not race with
     *   ({@code NeutralTakes}; it was 2 before).</li>
     * </ul>
     */
    @ParameterizedTest(name = "{0} passes in {1} executions")
    @CsvSource({
            "fixedPoolCountsBoth, 2",
            "poolWithOwnThreadFactoryCountsBoth, 2",
            "cachedPoolCountsBoth, 3",
            "singleThreadExecutorRunsTasksInOrder, 1",
            "poolSubclassCountsEveryTask, 6",
            "invokeAllReturnsEveryResult, 2",
            "submittedTaskThrowsIntoItsFuture, 1",
            "timedGetSeesTheResult, 1",
            "shutdownNowInterruptsAWaitingTask, 3",
            "completionServiceTakesEveryResult, 4",
            "completableFuturesOnAPoolCompose, 1"})
    void correctUsePasses(String method, long traces) {
        ExecutorOutcomes.assertPassesIn(WeftRunner.run(ExecutorPrograms.class, method, reports), method,
                traces);
    }

    /** Each bug must fail for its own reason, not for a timeout of the waits around it. */
    @ParameterizedTest(name = "{0} fails with {1}")
    @CsvSource(delimiter = '|', value = {
            "fixedPoolLosesAnUpdate | ASSERTION | expected: <2> but was: <1>",
            "poolWithOwnThreadFactoryLosesAnUpdate | ASSERTION | expected: <2> but was: <1>",
            "cachedPoolLosesAnUpdate | ASSERTION | expected: <2> but was: <1>",
            "singleThreadExecutorStarvesANestedTask | DEADLOCK | no thread can move",
            "poolSubclassLosesABeforeExecuteCount | ASSERTION | expected: <2> but was: <1>",
            "invokeAllSeesALostUpdate | ASSERTION | expected: <3> but was: <2>",
            "executedTaskThrows | EXCEPTION | lost in a worker",
            "shutdownDoesNotStopAWaitingTask | ASSERTION | expected: <true> but was: <false>",
            "completionServiceSeesALostUpdate | ASSERTION | expected: <3> but was: <2>",
            "completableFuturesOnAPoolLoseAnUpdate | ASSERTION | expected: <2> but was: <1>"})
    void buggyUseFails(String method, String kind, String reason) {
        ExecutorOutcomes.assertFailsBecause(WeftRunner.run(ExecutorPrograms.class, method, reports), method, kind,
                reason);
    }

    /** An exception in an execute()d task is an uncaught exception in a worker (API.md), naming the task's throw. */
    @Test
    void anExecutedTasksExceptionIsUncaughtInTheWorker() {
        WeftRunner.Outcome outcome = WeftRunner.run(ExecutorPrograms.class, "executedTaskThrows", reports);

        assertThat(outcome.failure().orElseThrow().getMessage())
                .contains("IllegalStateException").contains("lost in a worker");
    }

    /**
     * Idle workers of a pool never shut down leak, as in a real JVM: the test passes, with a warning. A cached pool's
     * idle worker waits at a rendezvous of its {@code SynchronousQueue}: its last look at the queue after the end
     * failed with an IllegalArgumentException of Weft's own before (JSR-166 TCK, StampedLockTest).
     */
    @ParameterizedTest
    @ValueSource(strings = {"poolNeverShutDown", "cachedPoolNeverShutDown"})
    void aPoolNeverShutDownPassesWithAWarning(String program) {
        WeftRunner.Outcome outcome = WeftRunner.run(ExecutorPrograms.class, program, reports);

        ExecutorOutcomes.assertPasses(outcome, program);
        assertThat(outcome.warnings()).anySatisfy(warning -> assertThat(warning).contains("still waiting for work")
                        .contains("not shut down"));
    }

    /** ExecutorService.close() (try-with-resources) on Java 19+; skipped on older JVMs. */
    @Test
    void closeWaitsForTheTasks() {
        WeftRunner.Outcome correct = WeftRunner.run(ExecutorPrograms.class, "closeWaitsForEveryTask", reports);
        if (correct.aborted().isPresent()) {
            return;
        }
        ExecutorOutcomes.assertPasses(correct, "closeWaitsForEveryTask");
        assertThat(correct.number("executions")).as("two increments under one monitor").isEqualTo(2);
        ExecutorOutcomes.assertFails(WeftRunner.run(ExecutorPrograms.class, "closedPoolLosesAnUpdate", reports),
                "closedPoolLosesAnUpdate", "ASSERTION");
    }

    /** newVirtualThreadPerTaskExecutor on Java 21+; skipped on older JVMs. */
    @Test
    void virtualThreadPerTaskExecutor() {
        WeftRunner.Outcome correct = WeftRunner.run(ExecutorPrograms.class, "virtualThreadPerTaskExecutorCountsBoth",
                reports);
        if (correct.aborted().isPresent()) {
            return;
        }
        ExecutorOutcomes.assertPasses(correct, "virtualThreadPerTaskExecutorCountsBoth");
        assertThat(correct.number("executions")).as("two increments under one monitor").isEqualTo(2);
        ExecutorOutcomes.assertFails(WeftRunner.run(ExecutorPrograms.class,
                "virtualThreadPerTaskExecutorLosesAnUpdate", reports), "virtualThreadPerTaskExecutorLosesAnUpdate",
                "ASSERTION");
    }
}
