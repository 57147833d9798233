package dev.weft.samples.threads;

import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a test sees of its threads: {@code getState()}, and the live threads that {@code Thread.enumerate},
 * {@code activeCount} and {@code getAllStackTraces} list (the execution's own; before 2026-12-06 the JVM's, whose
 * number changed with the machine's timing: the JSR-166 TCK's tear-down failed with NONDETERMINISM).
 * {@code Thread.getState()} of a thread of the execution comes from Weft's model since 2026-11-27. Before, it was the
 * state of the platform thread that runs it, parked whenever another thread moves: {@code WAITING} at once, never
 * {@code BLOCKED} nor {@code RUNNABLE}. Then untilBlockedOnAMonitor, untilWaitingThenItsProgressIsSeen and
 * aStartedThreadIsRunnable failed (measured): correct tests reported as broken.
 */
class ThreadStateTest {

    @TempDir
    Path reports;

    @ParameterizedTest(name = "{0} passes")
    @ValueSource(strings = {"untilBlockedOnAMonitor", "untilWaitingForALock", "untilWaitingThenItsProgressIsSeen",
            "untilSleeping", "aStartedThreadIsRunnable", "seesItsOwnLiveThreads"})
    void aWaitForAnotherThreadToBlockWorks(String program) {
        WeftRunner.Outcome outcome = WeftRunner.run(ThreadStatePrograms.class, program, reports);

        assertThat(outcome.failure()).as(program).isEmpty();
        assertThat(outcome.summaryJson()).contains("\"verdict\": \"PASS\"").contains("\"complete\": true");
    }
}
