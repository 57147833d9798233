package dev.weft.samples.threads;

import dev.weft.samples.support.Verdicts;
import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

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

    /** The programs that must pass, each run with reused and with new threads. */
    static Stream<Arguments> passingProgramsBothWays() {
        return Stream.of("aThreadHasTheLifeCycleOfARealOne", "theDaemonFlagCanBeSetOnlyBeforeTheStart",
                        "anInterruptBeforeTheStartReachesTheThread", "runCalledAsAMethodRunsInTheCaller",
                        "aThreadCallingItsOwnRunRunsItsTaskAgain",
                        "inheritableValuesAreCopiedOnceWhenTheThreadIsConstructed",
                        "aThreadThatEndedIsNotHandedOutAgainInTheSameExecution")
                .flatMap(program -> Stream.of(arguments(program, true), arguments(program, false)));
    }

    @ParameterizedTest(name = "{0}, reuseThreads={1}")
    @MethodSource("passingProgramsBothWays")
    void behavesAsARealThread(String program, boolean reuse) {
        Verdicts.passesWith(run(program, reuse), 1);
    }

    @ParameterizedTest(name = "reuseThreads={0}")
    @ValueSource(booleans = {true, false})
    void anUncaughtExceptionReachesTheThreadsHandlerWhichTakesIt(boolean reuse) {
        ReusedThreadPrograms.HANDLED_FOR.set(null);
        WeftRunner.Outcome outcome = run("anUncaughtExceptionReachesTheThreadsHandler", reuse);

        Verdicts.passesWith(outcome, 1);
        assertThat(ReusedThreadPrograms.HANDLED_FOR.get()).as("the handler was called for the worker")
                .isNotNull().isSameAs(ReusedThreadPrograms.LAST_WORKER.get());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"weft.reuseThreads", "weft.keepCoreAwake", "weft.interchangeableIdleWorkers"})
    void aValueThatIsNeitherTrueNorFalseFailsTheTestNamingTheParameter(String parameter) {
        WeftRunner.Outcome outcome = WeftRunner.run(ReusedThreadPrograms.class, "aThreadHasTheLifeCycleOfARealOne",
                reports, Map.of(parameter, "sometimes"));

        assertThat(outcome.failure()).hasValueSatisfying(failure -> assertThat(failure.getMessage())
                .contains(parameter + " must be true or false but was 'sometimes'"));
    }
}
