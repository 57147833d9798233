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
 * {@code System.exit}, {@code Runtime.exit} and {@code Runtime.halt} in code under test fail the execution with
 * {@code SYSTEM_EXIT} instead of ending the test JVM ({@link SystemExitPrograms}); this class's own tests go on running
 * after each, which is the first thing they show.
 */
class SystemExitTest {

    @TempDir
    Path reports;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "exitsWhenItSeesTheOtherWrite | System.exit(7) called in thread main.2 at SystemExitPrograms.java:",
            "aWorkerHalts | Runtime.halt(3) called in thread main.1 at SystemExitPrograms.java:",
            "theTestBodyExits | Runtime.exit(0) called in thread main at SystemExitPrograms.java:"})
    void endingTheJvmFailsTheExecution(String program, String message) {
        WeftRunner.Outcome outcome = WeftRunner.run(SystemExitPrograms.class, program, reports);
        Verdicts.failsWith(outcome, "SYSTEM_EXIT");
        assertThat(outcome.failure().orElseThrow().getMessage()).contains(message)
                .contains("the JVM was not ended and its shutdown hooks were not run");
        assertThat(outcome.replayToken()).isNotBlank();
    }

    /** The exit needs the setter's write before the read: that interleaving fails, and its token replays it. */
    @Test
    void theFailingInterleavingReplays() {
        Verdicts.failureReplays(SystemExitPrograms.class, "exitsWhenItSeesTheOtherWrite", reports, "SYSTEM_EXIT");
    }

    /** The join orders the write before the read: 1 trace, and the exit is never reached. */
    @Test
    void anExitNoInterleavingReachesPasses() {
        Verdicts.passesWith(WeftRunner.run(SystemExitPrograms.class, "exitsOnlyIfItLooksFirst", reports), 1);
    }
}
