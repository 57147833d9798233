package dev.weft.samples.time;

import dev.weft.samples.support.Verdicts;
import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Time under Weft is virtual ({@link VirtualTimePrograms}): sleeps and timeouts move the execution's clock instead of
 * waiting. Each program asserts what a JVM guarantees about the times it reads; the counts are derived in the
 * programs' comments (one thread, or threads whose only dependent operations are named there).
 */
class VirtualTimeTest {

    @TempDir
    Path reports;

    @ParameterizedTest
    @ValueSource(strings = {"aSleepLetsTimePass", "aTimedAwaitThatTimesOutTakesItsTime",
            "aTimedPollThatTimesOutTakesItsTime", "aDeadlineExpiresWhenTheClockReachesIt", "aDayPassesInNoTime",
            "aThreadsCpuTimeIsVirtual"})
    void timePassesAsTheCodeWaits(String program) {
        Verdicts.passesWith(WeftRunner.run(VirtualTimePrograms.class, program, reports), 1);
    }

    /**
     * The naps of the two threads are independent of each other (each reads only its own interrupt flag): 1 trace.
     * A minute of sleeping must not take a minute: the exploration's own account of its time stays far below it.
     */
    @Test
    void aMinuteOfSleepTakesNoMinute() {
        WeftRunner.Outcome outcome = WeftRunner.run(VirtualTimePrograms.class, "aMinuteOfNaps", reports);
        Verdicts.passesWith(outcome, 1);
        assertThat(outcome.number("elapsedMillis")).isLessThan(30_000);
    }

    @Test
    void timeIsTheSameInEveryExecution() {
        Verdicts.passesWith(WeftRunner.run(VirtualTimePrograms.class, "timeIsTheSameInEveryExecution", reports), 2);
    }
}
