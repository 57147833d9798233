package dev.weft.samples.threads;

import dev.weft.samples.support.Verdicts;
import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Daemon threads are abandoned when everything else has ended, as a JVM does at exit ({@link DaemonThreadPrograms});
 * a thread that is not a daemon and is left blocked is a leaked thread.
 */
class DaemonThreadTest {

    @TempDir
    Path reports;

    /**
     * The workers' two lock acquisitions are the only dependent pair: 2 traces. The heartbeat's own counter and its
     * sleeps depend on nothing of the test's, so it adds none, and never runs the execution into the step limit.
     */
    @Test
    void aHeartbeatIsAbandonedWhenTheTestEnds() {
        Verdicts.passesWith(WeftRunner.run(DaemonThreadPrograms.class, "aHeartbeatBesideTheTest", reports), 2);
    }

    /**
     * The lost update is found, and shown with the fewest preemptions (1: the second increment between the first
     * one's read and write); the heartbeat, which never yields, does not stand in the way of that search either.
     */
    @Test
    void aHeartbeatDoesNotHideALostUpdate() {
        WeftRunner.Outcome outcome = WeftRunner.run(DaemonThreadPrograms.class, "aHeartbeatBesideALostUpdate",
                reports);
        Verdicts.failsWith(outcome, "ASSERTION");
        assertThat(outcome.summaryJson()).contains("\"preemptions\": 1");
    }

    /** Nothing of the test's depends on the daemon: 1 trace, and it ends with the daemon still waiting. */
    @Test
    void aDaemonBlockedForeverDoesNotKeepTheTestFromEnding() {
        Verdicts.passesWith(WeftRunner.run(DaemonThreadPrograms.class, "aDaemonBlockedForever", reports), 1);
    }

    /** The flags are asserted in the program; the joins order everything: 1 trace. */
    @Test
    void threadsInheritTheDaemonFlagTheTestSees() {
        Verdicts.passesWith(WeftRunner.run(DaemonThreadPrograms.class, "daemonFlagsAsInAJvm", reports), 1);
    }

    /**
     * The assertion fails only when the daemon reads x after the test's write and writes y before the test reads
     * it: found, although in the first execution the daemon had not yet moved when the test ended.
     */
    @Test
    void whatADaemonDoesBeforeTheEndIsExplored() {
        WeftRunner.Outcome outcome = WeftRunner.run(DaemonThreadPrograms.class, "aDaemonCopiesWhatTheTestWrote",
                reports);
        Verdicts.failsWith(outcome, "ASSERTION");
        assertThat(outcome.failure().orElseThrow().getMessage()).contains("2");
    }

    @Test
    void aThreadThatIsNotADaemonLeftBlockedIsALeakedThread() {
        WeftRunner.Outcome outcome = WeftRunner.run(DaemonThreadPrograms.class, "aThreadLeftBlocked", reports);
        Verdicts.failsWith(outcome, "DEADLOCK");
        assertThat(outcome.failure().orElseThrow().getMessage())
                .contains("the test body has returned, but threads it started (not daemon threads) are left blocked")
                .contains("leaked threads")
                .contains("DaemonThreadPrograms.java:")
                .doesNotContain("no thread can move");
    }

    /**
     * The idle worker's wait for work times out round its loop for ever: ten minutes of the execution's clock after
     * the test body returned, its wait is left behind and the test passes with a warning that names it, as a JDK pool
     * never shut down does (before, the execution ran a million steps and failed with STEP_LIMIT as a loop without
     * end). Its steps depend on nothing of the test's: 1 trace.
     */
    @Test
    void aThreadLeftWaitingWithATimeoutRoundALoopPassesWithAWarning() {
        WeftRunner.Outcome outcome = WeftRunner.run(DaemonThreadPrograms.class, "anIdleWorkerLeftWaitingWithATimeout",
                reports);
        Verdicts.passesWith(outcome, 1);
        assertThat(outcome.warnings()).anySatisfy(warning -> assertThat(warning)
                .contains("still waited with a timeout ten minutes after it, at DaemonThreadPrograms.java:")
                .contains("The test passes"));
    }

    /**
     * A budget of 4 executions for 6 traces: the search by preemption bound runs after the exhaustive one, and meets
     * the same idle worker. The warning is given once (it was given by each search).
     */
    @Test
    void theWarningIsGivenOnceWhenBothSearchesRun() {
        WeftRunner.Outcome outcome = WeftRunner.run(DaemonThreadPrograms.class,
                "anIdleWorkerBesideThreeLockedIncrements", reports, java.util.Map.of("weft.maxExecutions", "4"));
        assertThat(outcome.failure()).isEmpty();
        assertThat(outcome.summaryJson()).contains("\"complete\": false");
        assertThat(outcome.warnings()).filteredOn(warning -> warning.contains("still waited with a timeout"))
                .hasSize(1);
    }

    /**
     * Beside the idle worker, a thread waits for a count-down nobody makes, without a timeout: leaked threads, a
     * DEADLOCK that names both and where each waits.
     */
    @Test
    void anIdleWorkerBesideAThreadLeftBlockedIsStillALeak() {
        WeftRunner.Outcome outcome = WeftRunner.run(DaemonThreadPrograms.class,
                "anIdleWorkerBesideAThreadLeftBlocked", reports);
        Verdicts.failsWith(outcome, "DEADLOCK");
        assertThat(outcome.failure().orElseThrow().getMessage())
                .contains("the test body has returned, but threads it started (not daemon threads) are left blocked")
                .contains("waits in poll on LinkedBlockingQueue@")
                .contains("with a timeout")
                .contains("to count down");
    }

    /**
     * A thread that ends a minute after the test body returned is no leaked thread: its sleep ends, and the test
     * passes. Its steps depend on nothing of the test's: 1 trace.
     */
    @Test
    void aThreadThatEndsSoonAfterTheTestIsNoLeakedThread() {
        Verdicts.passesWith(WeftRunner.run(DaemonThreadPrograms.class, "aThreadThatEndsAMinuteAfterTheTest", reports),
                1);
    }
}
