package dev.weft.samples.threads;

import dev.weft.samples.support.Verdicts;
import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Virtual threads and {@code Thread.Builder} (JDK 21+) are managed threads like platform ones: the same programs
 * explore the same traces. Counts from {@code ORACLES.md}: {@code inc(3)} has (3!)² = 36 traces whatever starts its
 * threads; two increments under one monitor or of one atomic have 2! = 2.
 */
class VirtualThreadTest {

    @TempDir
    Path reports;

    private WeftRunner.Outcome run(String program) {
        return WeftRunner.run(VirtualThreadPrograms.class, program, reports);
    }

    @ParameterizedTest(name = "{0} explores the 36 traces of inc(3)")
    @ValueSource(strings = {"incVirtual3", "incPlatformBuilder3", "incStartVirtualThread3", "incUnstartedVirtual3",
            "incVirtualFactory3"})
    void everyWayOfStartingAThreadGivesTheOracleCountOfInc3(String program) {
        Verdicts.passesWith(run(program), 36);
    }

    @Test
    void aLostUpdateAcrossVirtualThreadsIsFound() {
        Verdicts.failsWith(run("lostUpdateAcrossVirtualThreads"), "ASSERTION");
    }

    @Test
    void virtualThreadsUnderAMonitorPassInBothOrders() {
        Verdicts.passesWith(run("synchronizedVirtualThreads"), 2);
    }

    @Test
    void virtualThreadsOnAnAtomicPassInBothOrders() {
        Verdicts.passesWith(run("atomicVirtualThreads"), 2);
    }

    @Test
    void anExceptionInAVirtualThreadFailsTheTest() {
        WeftRunner.Outcome outcome = run("exceptionInVirtualThread");
        Verdicts.failsWith(outcome, "EXCEPTION");
        assertThat(outcome.failure().orElseThrow().getMessage()).contains("boom in a virtual thread");
    }

    /** Its handler records the exception; the main thread reads the record after the join: 1 trace. */
    @Test
    void aVirtualThreadsHandlerTakesItsException() {
        Verdicts.passesWith(run("exceptionInVirtualThreadTakenByItsHandler"), 1);
    }

    /** One trace: the join waits for the end (sleep reads only the sleeper's own interrupt flag). */
    @Test
    void joinAndSleepTakeDurations() {
        Verdicts.passesWith(run("joinAndSleepWithDurations"), 1);
    }

    @Test
    void joinWithAZeroDurationDoesNotWait() {
        Verdicts.failsWith(run("joinWithZeroDurationDoesNotWait"), "ASSERTION");
    }
}
