package dev.weft.samples.threads;

import dev.weft.samples.support.Verdicts;
import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Thread locals, Mockito mocks and spies, AssertJ and soft assertions inside managed threads, end to end. */
class ThreadLocalAndLibraryTest {

    @TempDir
    Path reports;

    private WeftRunner.Outcome run(String program) {
        return WeftRunner.run(ThreadLocalAndLibraryPrograms.class, program, reports);
    }

    /**
     * Thread-local accesses are not shared memory; the only shared location is {@code box.value}, incremented by two
     * threads: inc(2) of ORACLES.md, (2!)² = 4 traces. Each execution sees no value left by the one before.
     */
    @Test
    void threadLocalsAreFreshInEveryExecutionAndInheritedByChildren() {
        Verdicts.passesWith(run("threadLocalsDoNotLeakAndAreInherited"), 4);
    }

    /**
     * Mockito is not instrumented: recording an invocation runs as part of the caller's step, under Mockito's own
     * (real) synchronisation, and touches nothing the explorer sees. The two calls share no visible location: 1 trace.
     */
    @Test
    void aMockCalledFromTwoThreadsIsVerified() {
        Verdicts.passesWith(run("mockCalledFromTwoThreadsIsVerified"), 1);
    }

    /**
     * The spy's real {@code Journal.add} is instrumented and {@code synchronized}: the two calls take one monitor,
     * lockinc(2) of ORACLES.md, 2! = 2 traces.
     */
    @Test
    void aSpyCalledFromTwoThreadsIsVerified() {
        Verdicts.passesWith(run("spyCalledFromTwoThreadsIsVerified"), 2);
    }

    @Test
    void aVerificationThatDependsOnARaceFails() {
        WeftRunner.Outcome outcome = run("mockVerifiedTwiceButCalledOnceInSomeInterleaving");

        Verdicts.failsWith(outcome, "ASSERTION");
        assertThat(outcome.failure().orElseThrow().getMessage()).contains("Wanted 2 times").contains("onEvent");
    }

    @Test
    void anAssertJAssertionFindsALostUpdate() {
        WeftRunner.Outcome outcome = run("assertJInAWorkerFindsALostUpdate");

        Verdicts.failsWith(outcome, "ASSERTION");
        assertThat(outcome.failure().orElseThrow().getMessage()).contains("both increments");
    }

    @Test
    void aFailingSoftAssertionInAWorkerFailsTheTest() {
        WeftRunner.Outcome outcome = run("softAssertionInAWorkerFails");

        Verdicts.failsWith(outcome, "ASSERTION");
        assertThat(outcome.failure().orElseThrow().getMessage()).contains("the writer ran first");
    }

    /** The checker joins the writer: one trace. */
    @Test
    void aPassingSoftAssertionInAWorkerPasses() {
        Verdicts.passesWith(run("softAssertionInAWorkerPasses"), 1);
    }
}
