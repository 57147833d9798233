package dev.weft.samples.threads;

import dev.weft.samples.support.Verdicts;
import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An exception that escapes a thread goes where the JVM sends it ({@link UncaughtExceptionPrograms}): to a handler of
 * the user's, which runs as the thread's last steps and takes it; only when none takes it, or the handler throws,
 * does the test fail.
 */
class UncaughtExceptionTest {

    @TempDir
    Path reports;

    private WeftRunner.Outcome run(String program) {
        return WeftRunner.run(UncaughtExceptionPrograms.class, program, reports);
    }

    /**
     * The handler (the thread's own, a group of the user's, the default one) records the exception, and the main
     * thread reads the record after the join: the join orders the two, 1 trace.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"theThreadsHandlerTakesTheException", "aThreadGroupTakesTheException",
            "theDefaultHandlerTakesTheException"})
    void aHandlerOfTheUsersTakesTheException(String program) {
        Verdicts.passesWith(run(program), 1);
    }

    @Test
    void withoutAHandlerTheTestFails() {
        WeftRunner.Outcome outcome = run("noHandlerTakesTheException");
        Verdicts.failsWith(outcome, "EXCEPTION");
        assertThat(outcome.failure().orElseThrow().getMessage())
                .contains("java.lang.IllegalStateException thrown in thread main.1: the worker failed");
    }

    @Test
    void aHandlerThatThrowsFailsTheTest() {
        WeftRunner.Outcome outcome = run("theHandlerThrows");
        Verdicts.failsWith(outcome, "EXCEPTION");
        assertThat(outcome.failure().orElseThrow().getMessage())
                .contains("java.lang.IllegalArgumentException thrown in thread main.1: the handler failed too");
    }

    /**
     * The handler's actions are the thread's steps: its count racing with another thread's loses an update; and a
     * pool terminates before the JVM hands a dying worker's exception to its handler, which a test that waits only for
     * the termination may not see.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"aHandlerLosesAnUpdate, expected: <2> but was: <1>",
            "aPoolsTerminationDoesNotWaitForItsWorkersHandler, the handler ran before the pool terminated"})
    void aHandlersActionsAreExplored(String program, String reason) {
        WeftRunner.Outcome outcome = run(program);
        Verdicts.failsWith(outcome, "ASSERTION");
        assertThat(outcome.failure().orElseThrow().getMessage()).contains(reason);
    }

    /** The handler's and the main thread's critical sections on the tally's monitor: 2 orders. */
    @Test
    void aHandlersCriticalSectionIsOrderedLikeAnyOther() {
        Verdicts.passesWith(run("aHandlerCountsUnderALock"), 2);
    }

    @Test
    void aPoolWorkersHandlerTakesATasksException() {
        WeftRunner.Outcome outcome = run("aPoolWorkersHandlerTakesATasksException");
        assertThat(outcome.failure()).isEmpty();
        assertThat(outcome.summaryJson()).contains("\"verdict\": \"PASS\"").contains("\"complete\": true");
    }
}
