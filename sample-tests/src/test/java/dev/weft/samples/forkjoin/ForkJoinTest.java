package dev.weft.samples.forkjoin;

import dev.weft.samples.support.Verdicts;
import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Fork/join at the user's level ({@link ForkJoinPrograms}): every task runs on a thread of its own, and only the
 * tasks' own operations are events, so a computation whose tasks share nothing costs one execution however many
 * tasks it splits into, and one whose tasks race fails with the race.
 */
class ForkJoinTest {

    @TempDir
    Path reports;

    private WeftRunner.Outcome run(String program) {
        return WeftRunner.run(ForkJoinPrograms.class, program, reports, Map.of());
    }

    /** The leaves add up numbers inside the JDK's code: no operation of the test's, so one execution. */
    @Test
    void aParallelSumIsOneExecution() {
        Verdicts.passesWith(run("parallelSum"), 1);
    }

    /** {@code n -> n * 2} touches no field, and the collector is the JDK's: one execution. */
    @Test
    void aParallelMapAndCollectIsOneExecution() {
        Verdicts.passesWith(run("parallelStreamCollects"), 1);
    }

    @Test
    void aParallelForEachThatAddsToAPlainFieldLosesAnUpdate() {
        Verdicts.failsWith(run("parallelForEachLosesAnUpdate"), "ASSERTION");
    }

    @Test
    void thePeersCompareAndSetChainFailsWithItsAssertion() {
        WeftRunner.Outcome outcome = run("parallelCompareAndSetChain");

        Verdicts.failsWith(outcome, "ASSERTION");
        assertThat(outcome.failure().orElseThrow().getMessage()).contains("expected: <10>");
    }

    /** 177 tasks that compute into their own results: the forks and joins only order them, one execution. */
    @Test
    void fibonacciOfTenIsOneExecution() {
        Verdicts.passesWith(run("fibonacciOnTheCommonPool"), 1);
        Verdicts.passesWith(run("fibonacciInvokedDirectly"), 1);
    }

    @Test
    void invokeAllOfTwoActionsOnAPlainFieldLosesAnUpdate() {
        Verdicts.failsWith(run("invokeAllLosesAnUpdate"), "ASSERTION");
    }

    /** Two increments of one atomic by two tasks: their two orders. */
    @Test
    void invokeAllOfTwoAtomicIncrementsIsTwoExecutions() {
        Verdicts.passesWith(run("invokeAllWithAnAtomicCounter"), 2);
    }

    /** Three tasks increment one atomic: 3! orders; the submissions only read the pool's state. */
    @Test
    void aWorkStealingPoolsTasksRunInEveryOrder() {
        Verdicts.passesWith(run("workStealingPoolAwaitsItsTasks"), 6);
    }

    @Test
    void arraysParallelOperationsAreOneExecution() {
        Verdicts.passesWith(run("arraysParallelSetAllAndSort"), 1);
    }

    /** Each leaf of the bulk {@code forEach} puts keys of its own; the reduction sums inside the JDK. */
    @Test
    void aParallelBulkOperationOfAConcurrentMapIsOneExecution() {
        Verdicts.passesWith(run("concurrentMapParallelBulk"), 1);
    }

    /** The waiting task blocks until the other counts down: a pool of one worker compensates, and so does Weft. */
    @Test
    void aTaskBlockedOnAnotherTaskIsNotADeadlock() {
        Verdicts.passesWith(run("managedBlockingAcrossTasks"), 1);
    }

    @Test
    void completableFutureStagesOnAForkJoinPool() {
        Verdicts.passesWith(run("completableFutureOnAForkJoinPool"), 1);
    }

    @Test
    void aTasksExceptionReachesItsJoiner() {
        Verdicts.passesWith(run("aTasksExceptionReachesItsJoiner"), 1);
    }

    /** The 1 s timeout ends before the 5 s sleep (time passes only when no thread can move), then the untimed get. */
    @Test
    void aTimedGetOfASlowTaskTimesOutOnTheTestsClock() {
        Verdicts.passesWith(run("aTimedGetOfASlowTaskTimesOut"), 1);
    }

    @Test
    void completableFutureTimeoutsPassOnTheTestsClock() {
        Verdicts.passesWith(run("completableFutureTimeouts"), 1);
    }

    /** Only Java 25 has {@code ForkJoinPool.schedule}; the CI runs the suite on it. */
    @Test
    void aPoolsDelayedTaskIsDueExactlyOnTheTestsClock() {
        assumeTrue(Runtime.version().feature() >= 25, "ForkJoinPool.schedule is Java 25's");
        Verdicts.passesWith(run("aPoolsDelayedTaskIsDueExactlyOnTheTestsClock"), 1);
    }

    @Test
    void readingATasksFieldBeforeJoiningItIsARace() {
        Verdicts.failsWith(run("readingBeforeTheJoinRaces"), "ASSERTION");
    }

    @Test
    void tasksThatJoinEachOtherAreADeadlock() {
        Verdicts.failsWith(run("tasksThatJoinEachOtherDeadlock"), "DEADLOCK");
    }

    /** Three adds to one synchronized list: 3! orders of its monitor, all of them correct. */
    @Test
    void aParallelForEachIntoASynchronizedListRunsEveryOrder() {
        Verdicts.passesWith(run("parallelForEachIntoASynchronizedList"), 6);
    }

    @Test
    void shortCircuitingAndOrderedParallelOperationsAreOneExecution() {
        Verdicts.passesWith(run("parallelShortCircuitsAndOrder"), 1);
    }

    /** Three increments of one atomic by three unjoined tasks: 3! orders, each seen complete after helpQuiesce. */
    @Test
    void helpQuiesceWaitsForTheTasksOfItsPool() {
        Verdicts.passesWith(run("helpQuiesceWaitsForForkedTasks"), 6);
    }

    /**
     * {@code getPool()} and {@code inForkJoinPool()} answer in a task as in a worker of its pool (they asked whether
     * the thread is a {@code ForkJoinWorkerThread}: {@code null} and {@code false} before, and the JSR-166 TCK's
     * {@code testGetPool}, {@code testInForkJoinPool} and {@code testAwaitQuiescence1} failed).
     */
    @Test
    void aTaskKnowsItsPool() {
        Verdicts.passesWith(run("aTaskKnowsItsPool"), 1);
    }

    /** The sleep ends only when no thread can move, so the interrupt comes first: one execution. */
    @Test
    void shutdownNowInterruptsTheRunningTasks() {
        Verdicts.passesWith(run("shutdownNowInterruptsARunningTask"), 1);
    }

    /**
     * The lists are each leaf's own and a combiner merges them only after both leaves have reported: no two threads
     * touch one list unordered, one execution.
     */
    @Test
    void aParallelCollectWithTheTestsOwnFunctionsIsOneExecution() {
        Verdicts.passesWith(run("parallelCollectWithOwnFunctions"), 1);
    }

    /** The combiners' own steps are explored against the leaves': the lost update, and the schedule replays. */
    @Test
    void combinersThatTouchSharedStateRaceAndReplay() {
        Verdicts.failsWith(run("combinersRaceWithLeaves"), "ASSERTION");
        Verdicts.failureReplays(ForkJoinPrograms.class, "parallelForEachLosesAnUpdate", reports, "ASSERTION");
    }

    /**
     * The blocker runs in the task's thread, as on a thread that is no pool's worker: the monitor's 4 traces of one
     * waiter in a loop and one notifier (SpuriousWakeUpTest derives them: the notifier first; the waiter first, woken
     * by the notify; woken without a cause as it begins to wait, taking the monitor back before or after the notifier).
     */
    @Test
    void aManagedBlockerOfTheTestsOwnWaitsForAnotherTask() {
        Verdicts.passesWith(run("managedBlockerWaitsForAnotherTask"), 4);
    }

    @Test
    void invokeAnyOnAForkJoinPoolPasses() {
        assertThat(run("invokeAnyOnAForkJoinPool").failure()).isEmpty();
    }

    /** The two increments of one atomic race (2 orders); the set's tasks share nothing and fork alike each time. */
    @Test
    void invokeAllOfAHashSetOfTasksForksAlikeInEveryExecution() {
        Verdicts.passesWith(run("invokeAllOfAHashSetOfTasks"), 2);
    }

    @Test
    void timedGetsOfATaskNotDoneAnswerInterruptsAndTimeoutsAsTheJdkDoes() {
        Verdicts.passesWith(run("timedGetsOfATaskNotDone"), 1);
    }

    /**
     * The spinner's looks at the forked task's state wait (the spin rule) until the task completes, and the pool's
     * wait for quiescence until both ended, so the 10 s never run out: before, the wait timed out at once (0 ns), as
     * the TCK's testAwaitQuiescence2 showed. The verdict is asserted, exhaustive; the count is the spin rule's and the
     * pool's activity's (3 on this build), not the subject here.
     */
    @Test
    void awaitQuiescenceWaitsForASpinningTask() {
        WeftRunner.Outcome outcome = run("awaitQuiescenceWaitsForASpinningTask");

        assertThat(outcome.failure()).isEmpty();
        assertThat(outcome.summaryJson()).contains("\"verdict\": \"PASS\"").contains("\"complete\": true");
    }

    /**
     * The test thread's yields look at the task and the pool and change nothing, so they wait (fairness) while the
     * task can move; before, the task's clock read after its inner awaitQuiescence was never scheduled and the test
     * thread's loop hit STEP_LIMIT, which no JVM gives.
     */
    @Test
    void aThreadYieldingUntilATaskEndsLetsTheTaskEnd() {
        WeftRunner.Outcome outcome = run("yieldsUntilATaskThatAwaitedQuiescenceEnds");

        assertThat(outcome.failure()).isEmpty();
        assertThat(outcome.summaryJson()).contains("\"verdict\": \"PASS\"").contains("\"complete\": true");
    }

    /** More tasks than one execution can afford fail closed at once, saying why, instead of running out of memory. */
    @Test
    void aComputationOfTooManyTasksFailsClosed() {
        WeftRunner.Outcome outcome = run("tooManyTasks");

        Verdicts.failsWith(outcome, "EXCEPTION");
        assertThat(outcome.failure().orElseThrow().getMessage())
                .contains("a fork/join computation of more than 4096 tasks in one execution")
                .contains("ForkJoinPrograms.java:");
    }
}
