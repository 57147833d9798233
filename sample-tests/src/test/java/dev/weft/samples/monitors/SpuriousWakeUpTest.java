package dev.weft.samples.monitors;

import dev.weft.samples.support.Verdicts;
import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Spurious wake-ups ({@link SpuriousWakeUpPrograms}): a monitor's wait or a park may return without being woken, once
 * per thread and execution (on by default, {@code weft.spuriousWakeups}); a {@code ReentrantLock} condition's await
 * never does, as on every JVM.
 */
class SpuriousWakeUpTest {

    @TempDir
    Path reports;

    /** Each fails only after a wake-up without a cause, and the message says so and where. */
    @ParameterizedTest
    @ValueSource(strings = {"ifAroundWait", "parkWithoutALoop"})
    void aWaiterThatChecksOnceFailsAfterASpuriousWakeUp(String program) {
        WeftRunner.Outcome outcome = WeftRunner.run(SpuriousWakeUpPrograms.class, program, reports);
        Verdicts.failsWith(outcome, "ASSERTION");
        assertThat(outcome.failure().orElseThrow().getMessage())
                .contains("after a spurious wake-up: main.1 returned from its wait at SpuriousWakeUpPrograms.java:")
                .contains("though nothing woke it");
    }

    /**
     * The JDK's {@code ConditionObject} parks in a loop until signalled or interrupted, so the same waiter on a
     * {@code ReentrantLock}'s condition passes, in 2 executions (which thread takes the lock first). Before, Weft
     * offered the await a spurious wake-up, which the {@code Condition} contract allows but no JVM gives, and this
     * failed (as did nine JSR-166 TCK tests of {@code ReentrantLockTest} that rely on the JDK's behaviour).
     */
    @Test
    void aConditionsAwaitNeverWakesSpuriously() {
        Verdicts.passesWith(WeftRunner.run(SpuriousWakeUpPrograms.class, "ifAroundAwait", reports), 2);
    }

    /**
     * Without spurious wake-ups the single notifier always comes first or finds the waiter waiting: it passes, in 2
     * executions (which thread takes the monitor first).
     */
    @Test
    void withoutSpuriousWakeUpsTheSameWaiterPasses() {
        Verdicts.passesWith(WeftRunner.run(SpuriousWakeUpPrograms.class, "ifAroundWait", reports,
                Map.of("weft.spuriousWakeups", "false")), 2);
    }

    /**
     * The loop re-checks: it passes. 4 traces, derived by the monitor's operations: the notifier first (1); the
     * waiter first and woken by the notify (1); the waiter first and woken without a cause as it begins to wait, then
     * taking the monitor back before the notifier (it waits again, to be notified) or after it (the notify found
     * nobody; the flag is set) (1 + 1).
     */
    @Test
    void aWaiterThatChecksInALoopPasses() {
        Verdicts.passesWith(WeftRunner.run(SpuriousWakeUpPrograms.class, "whileAroundWait", reports), 4);
    }

    /**
     * A notify lost before a wait that a race decides: the deadlock is found with either free choice, whichever thread
     * waits. The wake-up offered as the wait begins, and the other thread moving on instead, are both run (before,
     * which of the two ran depended on the free choice, and each program passed with one of them).
     */
    @ParameterizedTest
    @CsvSource({"waiterMissesTheNotifyAfterARace, lowest", "waiterMissesTheNotifyAfterARace, last",
            "mainMissesTheNotifyAfterARace, lowest", "mainMissesTheNotifyAfterARace, last"})
    void aNotifyLostBeforeAWaitIsADeadlockWithEitherFreeChoice(String program, String freeChoice) {
        WeftRunner.Outcome outcome = WeftRunner.run(SpuriousWakeUpPrograms.class, program, reports,
                Map.of("weft.freeChoice", freeChoice));
        Verdicts.failsWith(outcome, "DEADLOCK");
        assertThat(outcome.failure().orElseThrow().getMessage()).contains("no thread will notify it");
    }
}
