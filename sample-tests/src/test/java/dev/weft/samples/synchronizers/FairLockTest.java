package dev.weft.samples.synchronizers;

import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A fair {@code ReentrantLock}'s order. Before 2026-12-07 Weft explored a fair lock as an unfair one, and the two
 * passing programs failed with orders no JVM gives (each ran 20,000 times on JDK 17 and 25 without Weft and never
 * failed); commons-pool's {@code testBorrowObjectFairness} failed that way. The failing programs fail on the JVM too
 * (18,115 and 876 of 20,000 runs on JDK 17): the order a fair lock leaves open stays explored.
 */
class FairLockTest {

    @TempDir
    Path reports;

    @ParameterizedTest(name = "{0}")
    @CsvSource({"aSignalledWaiterGoesBeforeItsSignaller", "waitersSignalledTogetherGoInTheOrderTheyWaited"})
    void theOrderAFairLockFixesIsTheOnlyOneRun(String program) {
        WeftRunner.Outcome outcome = WeftRunner.run(FairLockPrograms.class, program, reports);

        assertThat(outcome.failure()).as(program).isEmpty();
        assertThat(outcome.summaryJson()).contains("\"verdict\": \"PASS\"").contains("\"complete\": true");
    }

    @Test
    void anUnfairLockLetsTheSignallerGoFirst() {
        WeftRunner.Outcome outcome = WeftRunner.run(FairLockPrograms.class, "anUnfairLockLetsTheSignallerBarge",
                reports);

        assertThat(outcome.failure()).hasValueSatisfying(failure -> assertThat(failure.getMessage())
                .startsWith("ASSERTION:").contains("took the lock in the order [main, waiter]"));
    }

    @Test
    void aThreadThatMayHaveQueuedBeforeTheSignalIsStillTriedFirst() {
        WeftRunner.Outcome outcome = WeftRunner.run(FairLockPrograms.class, "aThreadThatCameBeforeTheSignalMayGoFirst",
                reports);

        assertThat(outcome.failure()).hasValueSatisfying(failure -> assertThat(failure.getMessage())
                .startsWith("ASSERTION:").contains("took the lock in the order [early, waiter]"));
    }
}
