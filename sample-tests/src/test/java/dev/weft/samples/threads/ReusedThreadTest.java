package dev.weft.samples.threads;

import dev.weft.samples.support.Verdicts;
import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * The test's threads behave as real ones however Weft runs them: as continuations on one platform thread where the JDK
 * allows it (the default, JDK 24 on), on platform threads it reuses (the default before, or
 * {@code weft.continuations=false}), or on new ones ({@code weft.reuseThreads=false} too). Each program's threads
 * share no location, so each has one trace.
 */
class ReusedThreadTest {

    /** How the test's threads are run. */
    enum Mode {
        CONTINUATIONS(true, true), REUSED_THREADS(false, true), NEW_THREADS(false, false);

        final boolean continuations;
        final boolean reuseThreads;

        Mode(boolean continuations, boolean reuseThreads) {
            this.continuations = continuations;
            this.reuseThreads = reuseThreads;
        }

        /** Whether the threads run as continuations in this mode on the JDK running the test. */
        boolean runsAsContinuations() {
            return continuations && Runtime.version().feature() >= 24;
        }
    }

    @TempDir
    Path reports;

    private WeftRunner.Outcome run(String program, Mode mode) {
        return WeftRunner.run(ReusedThreadPrograms.class, program, reports,
                Map.of("weft.continuations", Boolean.toString(mode.continuations),
                        "weft.reuseThreads", Boolean.toString(mode.reuseThreads)));
    }

    /** The programs that must pass, each run in every mode. */
    static Stream<Arguments> passingProgramsEveryWay() {
        return Stream.of("aThreadHasTheLifeCycleOfARealOne", "theDaemonFlagCanBeSetOnlyBeforeTheStart",
                        "anInterruptBeforeTheStartReachesTheThread", "runCalledAsAMethodRunsInTheCaller",
                        "aThreadCallingItsOwnRunRunsItsTaskAgain",
                        "inheritableValuesAreCopiedOnceWhenTheThreadIsConstructed",
                        "aThreadThatEndedIsNotHandedOutAgainInTheSameExecution")
                .flatMap(program -> Arrays.stream(Mode.values()).map(mode -> arguments(program, mode)));
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("passingProgramsEveryWay")
    void behavesAsARealThread(String program, Mode mode) {
        Verdicts.passesWith(run(program, mode), 1);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Mode.class)
    void anUncaughtExceptionReachesTheThreadsHandlerWhichTakesIt(Mode mode) {
        ReusedThreadPrograms.HANDLED_FOR.set(null);
        WeftRunner.Outcome outcome = run("anUncaughtExceptionReachesTheThreadsHandler", mode);

        Verdicts.passesWith(outcome, 1);
        assertThat(ReusedThreadPrograms.HANDLED_FOR.get()).as("the handler was called for the worker")
                .isNotNull().isSameAs(ReusedThreadPrograms.LAST_WORKER.get());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Mode.class)
    void theThreadsRunAsContinuationsExactlyWhereTheJdkAllowsIt(Mode mode) {
        ReusedThreadPrograms.IN_CONTINUATION.clear();
        WeftRunner.Outcome outcome = run("recordsWhetherItsThreadsRunInAContinuation", mode);

        Verdicts.passesWith(outcome, 1);
        boolean expected = mode.runsAsContinuations();
        assertThat(ReusedThreadPrograms.IN_CONTINUATION).as("the worker, then the test body")
                .containsExactly(expected, expected);
    }

    /**
     * Reused platform threads: an execution that starts a hundred threads finds them all waiting in the pool in the
     * next (with a pool of 64, it created and ended 36 platform threads in each execution). The other modes start
     * new threads each time, which shows the count can tell.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(Mode.class)
    void aHundredThreadsRunOnTheSamePlatformThreadsInTheNextExecution(Mode mode) {
        ReusedThreadPrograms.HUNDRED.clear();
        // one worker: two executions one after the other (side by side, each worker's take from the pool in turn)
        WeftRunner.Outcome outcome = WeftRunner.run(ReusedThreadPrograms.class, "startsAHundredThreads", reports,
                Map.of("weft.continuations", Boolean.toString(mode.continuations),
                        "weft.reuseThreads", Boolean.toString(mode.reuseThreads), "weft.workers", "1"));

        Verdicts.passesWith(outcome, 2);
        List<Thread> started = List.copyOf(ReusedThreadPrograms.HUNDRED);
        ReusedThreadPrograms.HUNDRED.clear();
        assertThat(started).as("a hundred threads in each of two executions").hasSize(200);
        Set<Thread> distinct = Collections.newSetFromMap(new IdentityHashMap<>());
        distinct.addAll(started);
        boolean reused = mode == Mode.REUSED_THREADS
                || (mode == Mode.CONTINUATIONS && !mode.runsAsContinuations());
        if (reused) {
            // The second execution takes its threads from the pool, where the first's 101 went back; one or two may
            // not be back yet when it starts (the CI saw 102 on JDK 17 and 25). A pool of 64 made at least 36 new
            // ones in each execution: 136 or more.
            assertThat(distinct).as("platform threads over both executions").hasSizeLessThanOrEqualTo(110);
        } else {
            assertThat(distinct).as("new threads in each execution").hasSize(200);
        }
    }

    /** The modes whose threads are the test's own: reused platform threads wait in Weft's pool for the next. */
    static Stream<Mode> modesWithTheTestsOwnThreads() {
        return Arrays.stream(Mode.values()).filter(mode -> mode.runsAsContinuations() || !mode.reuseThreads);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("modesWithTheTestsOwnThreads")
    void noThreadOfAnEndedExecutionIsKeptFromTheGarbageCollector(Mode mode) throws InterruptedException {
        ReusedThreadPrograms.STARTED.clear();
        WeftRunner.Outcome outcome = run("startsTwoRacingThreads", mode);

        Verdicts.passesWith(outcome, 2);
        int started = ReusedThreadPrograms.STARTED.size();
        assertThat(started).as("two threads per execution").isEqualTo(4);
        // Only the last execution's threads may still be held: the driving thread keeps that execution's main thread
        // for the next. (Before the fix, every fiber's thread was kept for good.)
        long collected = 0;
        for (int attempt = 0; attempt < 50 && collected < started - 2; attempt++) {
            System.gc();
            Thread.sleep(20);
            collected = ReusedThreadPrograms.STARTED.stream().filter(reference -> reference.get() == null).count();
        }
        assertThat(collected).as("threads collected after their execution").isGreaterThanOrEqualTo(started - 2);
    }

    @Test
    void aReplayRunsTheThreadsAsThreadsOfTheirOwnForTheDebugger() {
        WeftRunner.Outcome found = WeftRunner.run(ReusedThreadPrograms.class,
                "recordsWhetherItsThreadsRunInAContinuationThenFails", reports.resolve("found"));
        assertThat(ReusedThreadPrograms.IN_CONTINUATION).as("while exploring")
                .containsExactly(Mode.CONTINUATIONS.runsAsContinuations(), Mode.CONTINUATIONS.runsAsContinuations());

        ReusedThreadPrograms.IN_CONTINUATION.clear();
        WeftRunner.Outcome replayed = WeftRunner.run(ReusedThreadPrograms.class,
                "recordsWhetherItsThreadsRunInAContinuationThenFails", reports.resolve("replayed"),
                Map.of("weft.replay", found.replayToken()));

        assertThat(replayed.number("executions")).isEqualTo(1);
        assertThat(ReusedThreadPrograms.IN_CONTINUATION).as("replaying").containsExactly(false, false);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"weft.reuseThreads", "weft.keepCoreAwake", "weft.interchangeableIdleWorkers",
            "weft.continuations"})
    void aValueThatIsNeitherTrueNorFalseFailsTheTestNamingTheParameter(String parameter) {
        WeftRunner.Outcome outcome = WeftRunner.run(ReusedThreadPrograms.class, "aThreadHasTheLifeCycleOfARealOne",
                reports, Map.of(parameter, "sometimes"));

        assertThat(outcome.failure()).hasValueSatisfying(failure -> assertThat(failure.getMessage())
                .contains(parameter + " must be true or false but was 'sometimes'"));
    }
}
