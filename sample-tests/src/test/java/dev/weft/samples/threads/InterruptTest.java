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
 * Interrupts of blocked threads, end to end. In each program the only dependent pair is main's {@code interrupt}
 * (a write of the worker's interrupt flag) and the worker's first look at that flag, at the start of its blocking
 * call (a read): 2 traces, "interrupted before it blocks" and "interrupted while blocked". Everything else is ordered
 * by start and join or touches nothing the other thread touches. Before the blocking calls read the flag, DPOR ran
 * only 1 of them for wait, join and park.
 */
class InterruptTest {

    @TempDir
    Path reports;

    @ParameterizedTest(name = "{0}: interrupted before and while blocked, 2 executions")
    @ValueSource(strings = {"interruptAWait", "interruptASleep", "interruptAJoin", "interruptAPark"})
    void bothOrdersOfAnInterruptAndABlockingCallAreExplored(String program) {
        Verdicts.passesWith(WeftRunner.run(InterruptPrograms.class, program, reports), 2);
    }

    /** 2 traces: the interrupt before or after the sleep's look at the flag; the work is done either way. */
    @Test
    void workDoneBeforeAnInterruptibleSleepIsNeverLost() {
        Verdicts.passesWith(WeftRunner.run(InterruptPrograms.class, "workDoneBeforeTheInterruptibleSleep", reports), 2);
    }

    @Test
    void aSwallowedInterruptThatLosesWorkIsFound() {
        WeftRunner.Outcome outcome = WeftRunner.run(InterruptPrograms.class, "swallowedInterruptLosesTheWork", reports);

        Verdicts.failsWith(outcome, "ASSERTION");
        assertThat(outcome.failure().orElseThrow().getMessage()).contains("the worker's work was lost");
    }
}
