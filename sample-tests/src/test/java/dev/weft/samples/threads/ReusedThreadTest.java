package dev.weft.samples.threads;

import dev.weft.samples.support.Verdicts;
import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The test's threads behave as real ones whether Weft reuses platform threads for them (the default) or starts new
 * ones ({@code weft.reuseThreads=false}). Each program's threads share no location, so each has one trace.
 */
class ReusedThreadTest {

    @TempDir
    Path reports;

    private WeftRunner.Outcome run(String program, boolean reuse) {
        return WeftRunner.run(ReusedThreadPrograms.class, program, reports,
                Map.of("weft.reuseThreads", Boolean.toString(reuse)));
    }

    @ParameterizedTest(name = "reuseThreads={0}")
    @ValueSource(booleans = {true, false})
    void aThreadHasTheLifeCycleOfARealOne(boolean reuse) {
        Verdicts.passesWith(run("aThreadHasTheLifeCycleOfARealOne", reuse), 1);
    }

    @ParameterizedTest(name = "reuseThreads={0}")
    @ValueSource(booleans = {true, false})
    void theDaemonFlagCanBeSetOnlyBeforeTheStart(boolean reuse) {
        Verdicts.passesWith(run("theDaemonFlagCanBeSetOnlyBeforeTheStart", reuse), 1);
    }

    @ParameterizedTest(name = "reuseThreads={0}")
    @ValueSource(booleans = {true, false})
    void anInterruptBeforeTheStartReachesTheThread(boolean reuse) {
        Verdicts.passesWith(run("anInterruptBeforeTheStartReachesTheThread", reuse), 1);
    }

    @ParameterizedTest(name = "reuseThreads={0}")
    @ValueSource(booleans = {true, false})
    void runCalledAsAMethodRunsInTheCaller(boolean reuse) {
        Verdicts.passesWith(run("runCalledAsAMethodRunsInTheCaller", reuse), 1);
    }

    @ParameterizedTest(name = "reuseThreads={0}")
    @ValueSource(booleans = {true, false})
    void aThreadCallingItsOwnRunRunsItsTaskAgain(boolean reuse) {
        Verdicts.passesWith(run("aThreadCallingItsOwnRunRunsItsTaskAgain", reuse), 1);
    }

    @ParameterizedTest(name = "reuseThreads={0}")
    @ValueSource(booleans = {true, false})
    void inheritableValuesAreCopiedOnceWhenTheThreadIsConstructed(boolean reuse) {
        Verdicts.passesWith(run("inheritableValuesAreCopiedOnceWhenTheThreadIsConstructed", reuse), 1);
    }

    @ParameterizedTest(name = "reuseThreads={0}")
    @ValueSource(booleans = {true, false})
    void aThreadThatEndedIsNotHandedOutAgainInTheSameExecution(boolean reuse) {
        Verdicts.passesWith(run("aThreadThatEndedIsNotHandedOutAgainInTheSameExecution", reuse), 1);
    }

    @ParameterizedTest(name = "reuseThreads={0}")
    @ValueSource(booleans = {true, false})
    void anUncaughtExceptionReachesTheThreadsHandlerAndFailsTheTest(boolean reuse) {
        ReusedThreadPrograms.HANDLED_FOR.set(null);
        WeftRunner.Outcome outcome = run("anUncaughtExceptionReachesTheThreadsHandler", reuse);

        Verdicts.failsWith(outcome, "EXCEPTION");
        assertThat(outcome.failure().orElseThrow()).hasStackTraceContaining("the worker failed");
        assertThat(ReusedThreadPrograms.HANDLED_FOR.get()).as("the handler was called for the worker")
                .isNotNull().isSameAs(ReusedThreadPrograms.LAST_WORKER.get());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"weft.reuseThreads", "weft.keepCoreAwake"})
    void aValueThatIsNeitherTrueNorFalseFailsTheTestNamingTheParameter(String parameter) {
        WeftRunner.Outcome outcome = WeftRunner.run(ReusedThreadPrograms.class, "aThreadHasTheLifeCycleOfARealOne",
                reports, Map.of(parameter, "sometimes"));

        assertThat(outcome.failure()).hasValueSatisfying(failure -> assertThat(failure.getMessage())
                .contains(parameter + " must be true or false but was 'sometimes'"));
    }
}
