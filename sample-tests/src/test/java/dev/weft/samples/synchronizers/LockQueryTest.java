package dev.weft.samples.synchronizers;

import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ReentrantLock}'s queries. A managed thread holds the lock in Weft's model only, and before 2026-11-27 the
 * queries asked the real lock, which nobody held: the holder's {@code isHeldByCurrentThread()} was false and its
 * {@code getHoldCount()} 0 ({@code theHolderSeesItsHolds} failed, measured), so a guarded unlock in a finally block
 * was skipped, and {@code hasWaiters} threw {@code IllegalMonitorStateException}.
 */
class LockQueryTest {

    @TempDir
    Path reports;

    /**
     * theHolderSeesItsHolds: one thread, 1. unlockOnlyIfHeld: the two critical sections in either order, 2.
     * conditionWaitersSeenByTheHolder: main first (the worker then never waits), 1; the worker first and waiting
     * until signalled, 1: 2 (a condition's await never wakes spuriously).
     */
    @Test
    void theQueriesAnswerFromTheModel() {
        assertPassesIn("theHolderSeesItsHolds", 1);
        assertPassesIn("unlockOnlyIfHeld", 2);
        assertPassesIn("conditionWaitersSeenByTheHolder", 2);
        // the JDK's answers, checked without Weft; before, both refusals were monitor-state errors (JSR-166 TCK)
        assertPassesIn("conditionQueriesLookAtTheirArgumentFirst", 1);
        // as conditionWaitersSeenByTheHolder, through a subclass's super.getOwner() and getWaitingThreads: 2. Before,
        // the protected queries asked the real lock, which nobody held: the holder's owner was null (JSR-166 TCK)
        assertPassesIn("aSubclassSeesTheOwnerAndTheWaiters", 2);
        // as conditionWaitersSeenByTheHolder, on a read-write lock's write lock: 2. Before, its condition queries
        // failed closed as not modelled, and its protected getWaitingThreads asked the real lock (always empty)
        assertPassesIn("readWriteConditionWaitersSeenByTheWriter", 2);
        assertPassesIn("readWriteConditionQueriesLookAtTheirArgumentFirst", 1);
    }

    /** isLocked is a look at the lock, ordered against main's lock and unlock: the look-then-try race is found. */
    @Test
    void isLockedIsALookAtTheLock() {
        WeftRunner.Outcome outcome = WeftRunner.run(LockQueryPrograms.class, "isLockedThenTryLock", reports);

        assertThat(outcome.failure()).hasValueSatisfying(failure -> assertThat(failure.getMessage())
                .startsWith("ASSERTION:").contains("the lock was taken between isLocked and tryLock"));
    }

    /**
     * Who waits to take a lock or permits is answered from the model: the worker once it blocks (each program checks
     * the answers before and after the release). Before, each question failed closed as not modelled. Counts: every
     * visible operation is ordered by the lock (or the permit) the worker waits for, 1; main's looks between are no
     * scheduling points, and its yields and sleeps touch nothing.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"waitsUntilAThreadIsQueued", "waitsUntilAThreadWaitsForAPermit",
            "waitsUntilAThreadWaitsForTheWriteLock", "waitsUntilASubclassSeesAThreadQueued"})
    void whoWaitsIsAnsweredFromTheModel(String program) {
        assertPassesIn(program, 1);
    }

    /** The drain is an acquisition, ordered against the release: the drain after the release is found. */
    @Test
    void drainPermitsIsOrderedAgainstARelease() {
        WeftRunner.Outcome outcome = WeftRunner.run(LockQueryPrograms.class, "drainPermitsRacesWithARelease", reports);

        assertThat(outcome.failure()).hasValueSatisfying(failure -> assertThat(failure.getMessage())
                .startsWith("ASSERTION:").contains("the release came before the drain: 2 drained"));
    }

    /**
     * A phaser's counts are reads of its state, ordered against arrivals: the worker's arrival before main's count is
     * found. forceTermination is a change of it: the worker's arrival comes before it (and waits until it) or after
     * it (and returns at once): 2.
     */
    @Test
    void aPhasersQueriesAndTerminationAreOrderedAgainstArrivals() {
        WeftRunner.Outcome outcome = WeftRunner.run(LockQueryPrograms.class, "phaserArrivalsCountedWhileAWorkerArrives",
                reports);
        assertThat(outcome.failure()).hasValueSatisfying(failure -> assertThat(failure.getMessage())
                .startsWith("ASSERTION:").contains("the worker had arrived already: 1"));
        assertPassesIn("forceTerminationEndsTheWait", 2);
    }

    private void assertPassesIn(String program, long executions) {
        WeftRunner.Outcome outcome = WeftRunner.run(LockQueryPrograms.class, program, reports);
        assertThat(outcome.failure()).as(program).isEmpty();
        assertThat(outcome.number("executions")).as(program).isEqualTo(executions);
    }
}
