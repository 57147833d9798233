package dev.weft.samples.stress;

import dev.weft.samples.support.Verdicts;
import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.platform.engine.reporting.ReportEntry;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests the size real projects write them ({@link StressPrograms}) end within their budget with their coverage
 * stated, and their bugs are found inside it. Budgets here are counts of executions with a time budget far away, so
 * that what each test runs does not depend on the machine's speed (with the default minute, the exhaustive search
 * gives way as soon as its estimate says it cannot finish; docs/PERFORMANCE.md has those figures).
 */
class StressTest {

    @TempDir
    Path reports;

    private WeftRunner.Outcome run(String method, long maxExecutions) {
        Map<String, String> parameters = new HashMap<>();
        parameters.put("weft.maxExecutions", Long.toString(maxExecutions));
        parameters.put("weft.maxSeconds", "3600");
        // the shortest schedule is worth seconds on a dev machine, not on every CI run of these big programs
        parameters.put("weft.minimizePreemptions", "false");
        return WeftRunner.run(StressPrograms.class, method, reports, parameters);
    }

    /**
     * N identical threads on a synchronized counter: N! orders of their increments, each a trace. The test passes,
     * not exhaustive, and says what it covered: the share of the schedules without preemption, the random schedules
     * and what they make sure of, and the estimate of the exhaustive search.
     */
    @ParameterizedTest(name = "{0} threads")
    @CsvSource({"tenIdenticalThreads, 200", "twentyIdenticalThreads, 100", "fiftyIdenticalThreads, 40",
            "oneHundredTwentyEightIdenticalThreads, 12"})
    void identicalThreadsPassWithTheirCoverageStated(String method, long budget) {
        WeftRunner.Outcome outcome = run(method, budget);

        assertThat(outcome.failure()).isEmpty();
        assertThat(outcome.summaryJson()).contains("\"verdict\": \"PASS\"").contains("\"complete\": false")
                .contains("\"nextBoundShare\"").contains("\"sampledSchedules\"").contains("\"estimatedTraces\"");
        assertThat(outcome.number("executions") + outcome.number("sleepSetBlocked")).isLessThanOrEqualTo(budget);
        assertThat(notExhaustiveEntry(outcome)).contains("NOT EXHAUSTIVE").contains("Covered: not every schedule"
                + " with 0 preemptions covered").contains("random schedules (PCT)");
    }

    /**
     * The lazy initialiser among twenty threads: the exhaustive search's first half of the budget runs orders of the
     * count-downs (with one worker); the random schedules find the two objects.
     */
    @Test
    void theLazyInitialiserBugAmongTwentyThreadsIsFoundWithinTheBudget() {
        WeftRunner.Outcome outcome = run("lazyInitialiserAmongTwentyThreads", 400);

        // found by the random schedules with one worker; with two, a worker running a branch ahead may find it first
        assertThat(outcome.failure()).hasValueSatisfying(failure -> assertThat(failure.getMessage())
                .startsWith("ASSERTION: assertion failed in thread main: every thread got the same object"));
    }

    @Test
    void theCheckThenActBugAmongFiftyThreadsIsFoundWithinTheBudget() {
        WeftRunner.Outcome outcome = run("checkThenActAmongFiftyThreads", 40);

        assertThat(outcome.failure()).hasValueSatisfying(failure -> assertThat(failure.getMessage())
                .startsWith("ASSERTION: assertion failed in thread main: sold 2 tickets, there was one"));
    }

    /**
     * A loop whose turns take real time: the execution ends at five times the test's time budget with TIME_LIMIT and
     * what it was doing, not after the hours its step limit would take. The budget of one second is what the check is
     * about; how many turns fit in the five seconds does not matter, nor at which of main's steps the five seconds
     * run out: nearly always while it computes, so that the step it comes to next is the sleep's look at the clock,
     * but now and then between two steps of the sleep (once: its look at the interrupt flag), which is as right. So
     * the message must name main's next step and its line, whichever step that is.
     */
    @Test
    void anExecutionLongerThanTheTimeBudgetEndsWithTimeLimit() {
        WeftRunner.Outcome outcome = WeftRunner.run(StressPrograms.class, "computesForMinutesBetweenSleeps", reports,
                Map.of("weft.maxSeconds", "1"));

        assertThat(outcome.failure()).hasValueSatisfying(failure -> assertThat(failure.getMessage())
                .startsWith("TIME_LIMIT: one execution ran for more than 5 s, the limit on one execution")
                .contains("main took").containsPattern("main next: [^(\\n]+ \\(StressPrograms\\.java:\\d+\\)"));
        assertThat(outcome.summaryJson()).contains("\"kind\": \"TIME_LIMIT\"");
    }

    /**
     * 3,000 turns, each a few visible operations: far past the old bound of 10,000 steps, and no STEP_LIMIT. And one
     * execution: the timer's sleep ends only when no other thread can move, that is when the worker waits at the
     * period's limit (main waits in its join), so each new period comes at the one moment it can, and no wait is
     * offered a spurious wake-up (nobody else could move as it began). Until sleeps waited for the others to block,
     * the timer could start a period anywhere in the loop, and the search sampled schedules without ending.
     */
    @Test
    void aLoopOfThousandsOfTurnsEndsWithoutAStepLimit() {
        Verdicts.passesWith(run("aRateLimitedLoopOfThreeThousandTurns", 16), 1);
    }

    /**
     * Main waits for two tasks in a loop of synchronized checks bounded by the clock: fair schedules hold the loop
     * while the tasks can move, so no STEP_LIMIT, and the search is exhaustive.
     */
    @Test
    void aWaitLoopOnSynchronizedChecksPassesExhaustively() {
        WeftRunner.Outcome outcome = run("waitsForTwoTasksToStart", 10_000);

        assertThat(outcome.failure()).isEmpty();
        assertThat(outcome.summaryJson()).contains("\"verdict\": \"PASS\"").contains("\"complete\": true");
    }

    /**
     * A loop that counts down a latch already at zero changes nothing: it waits while main can move, and the search
     * ends. Its traces, by hand: the worker's first turn reads {@code stop} (false) and counts the latch down to zero,
     * which main's {@code await} follows. The spin rule holds the worker at the start of a third turn that changed
     * nothing ({@code SpinWindow}), so it reads {@code stop} as false in 0, 1 or 2 more turns before main's
     * {@code stop.set(true)}, each turn ending in a count-down at zero; those conflict with main's {@code await} (a
     * write and a read of the latch), which comes before, between or after them: 1 + 2 + 3 = 6 traces.
     */
    @Test
    void aLoopCountingDownASpentLatchEnds() {
        Verdicts.passesWith(run("aLoopCountingDownASpentLatchWaitsFairly", 10_000), 6);
    }

    /**
     * A loop whose only write puts back the value its field holds changes nothing: it waits while main can move. Its
     * traces, by hand: the worker's reads of the flag conflict with main's write of it, nothing else of the two
     * threads does (the position is the worker's alone; main's {@code await} follows the count-down). The spin rule
     * holds the worker at the start of its third turn, so it reads the flag as false 0, 1 or 2 times before main sets
     * it: 3 traces.
     */
    @Test
    void aLoopWritingTheValueAlreadyThereEnds() {
        Verdicts.passesWith(run("aLoopWritingTheValueAlreadyThereWaitsFairly", 10_000), 3);
    }

    /** The same loop waiting for a task nobody starts sees time pass once nothing else can move, and gives up. */
    @Test
    void aClockBoundedWaitGivesUpOnceNothingElseCanMove() {
        WeftRunner.Outcome outcome = run("aClockBoundedWaitForATaskNobodyStartsGivesUp", 10_000);

        assertThat(outcome.failure()).isEmpty();
        assertThat(outcome.summaryJson()).contains("\"verdict\": \"PASS\"").contains("\"complete\": true");
    }

    /**
     * A getter read twice while holding a monitor is no spin loop: no timeout fires while its thread can move. The
     * exhaustive count is small: which thread takes the monitor first, and where the pool's worker starts (QA's
     * reduction of a real library's TimedSemaphore test, which granted 11 permits of 10).
     */
    @Test
    void aGetterReadTwiceUnderAMonitorLetsNoTimeoutFireEarly() {
        WeftRunner.Outcome outcome = run("aGetterReadTwiceUnderAMonitorIsNoSpin", 10_000);

        assertThat(outcome.failure()).isEmpty();
        assertThat(outcome.summaryJson()).contains("\"verdict\": \"PASS\"").contains("\"complete\": true");
    }

    /**
     * A spin loop that waits for a timed wait to give up lets it: once the wait's deadline has passed, the loop's
     * turns, which change nothing, wait for it. Before, the spinning thread was scheduled forever (STEP_LIMIT).
     */
    @Test
    void aSpinLoopLetsATimedWaitThatIsDueTimeOut() {
        WeftRunner.Outcome outcome = run("aSpinLoopWaitsForATimedWaitToGiveUp", 10_000);

        assertThat(outcome.failure()).isEmpty();
        assertThat(outcome.summaryJson()).contains("\"verdict\": \"PASS\"").contains("\"complete\": true");
    }

    /**
     * A loop over a map's keys is no spin: each {@code next} moves the iterator on, so the loop is not held while main
     * sleeps (the virtual clock then ran to the end of main's wait, and the test failed: found by commons-pool's
     * {@code testContextClassLoader}, whose evictor thread was held in {@code EvictionTimer.Reaper}'s loop).
     */
    @Test
    void aLoopOverAMapIsNoSpin() {
        WeftRunner.Outcome outcome = run("aLoopOverAMapUnderAMonitorEndsWhileMainSleeps", 10_000);

        assertThat(outcome.failure()).isEmpty();
        assertThat(outcome.summaryJson()).contains("\"verdict\": \"PASS\"").contains("\"complete\": true");
    }

    private static String notExhaustiveEntry(WeftRunner.Outcome outcome) {
        return outcome.results().allEvents().reportingEntryPublished().stream()
                .flatMap(e -> e.getPayload(ReportEntry.class).stream())
                .flatMap(entry -> entry.getKeyValuePairs().entrySet().stream())
                .filter(pair -> pair.getKey().equals("weft.notExhaustive"))
                .map(Map.Entry::getValue).findFirst().orElse("");
    }
}
