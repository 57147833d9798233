package dev.weft.samples.synchronizers;

import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The synchronizers of {@code java.util.concurrent}, unmodified, through the JUnit Platform. */
class SynchronizersTest {

    @TempDir
    Path reports;

    @ParameterizedTest(name = "{0} fails with {1}")
    @CsvSource({
            "semaphoreWithTooManyPermits, ASSERTION, lost update",
            "semaphoreWithAPermitToSpare, ASSERTION, T1 read x after T2's write",
            "latchCountTooLow, ASSERTION, has not written yet",
            "latchNeverReachesZero, DEADLOCK, to count down to 0",
            "barrierMissingParty, DEADLOCK, more of its 3 parties",
            "phaserArriveWithoutWaiting, ASSERTION, read before a worker wrote",
            "phaserMissingParty, DEADLOCK, to advance from phase 0",
            "readWriteLockUpdateUnderReadLock, ASSERTION, lost update",
            "readLockUpdateWhereMainLocksSecond, ASSERTION, lost update",
            "stampedReadLockUpdateWhereMainLocksSecond, ASSERTION, lost update",
            "readWriteLockUpgrade, DEADLOCK, read-locked by main.1 (itself)",
            "stampedLockOptimisticReadWithoutValidate, ASSERTION, inconsistent read",
            "stampedLockWriteLockTwice, DEADLOCK, StampedLock is not reentrant",
    })
    void theBuggyUseFailsWithTheRightKind(String program, String kind, String described) {
        WeftRunner.Outcome outcome = WeftRunner.run(SynchronizerPrograms.class, program, reports);

        assertThat(outcome.failure()).hasValueSatisfying(failure -> assertThat(failure.getMessage())
                .startsWith(kind + ":").contains(described));
        assertThat(outcome.summaryJson()).contains("\"kind\": \"" + kind + "\"");
    }

    @ParameterizedTest(name = "{0} passes")
    @CsvSource({
            "semaphoreSignalsItems",
            "latchTimedAwaitTimesOut",
            "barrierTimeoutBreaksIt",
            "barrierInterruptedWaiterBreaksIt",
            "phaserOnAdvanceAndRegistration",
            "readWriteLockDowngrade",
            "readWriteLockCondition",
            "stampedLockOptimisticReadValidated",
            "stampedLockConvert",
            "reentrantLockTimedTryLockAndUninterruptibleAwait",
    })
    void theCorrectUsePassesEveryInterleaving(String program) {
        WeftRunner.Outcome outcome = WeftRunner.run(SynchronizerPrograms.class, program, reports);

        assertThat(outcome.failure()).as(program).isEmpty();
        assertThat(outcome.summaryJson()).contains("\"verdict\": \"PASS\"").contains("\"complete\": true");
    }

    /**
     * Exact counts, derived by hand under the dependency rules (ARCHITECTURE.md):
     * <ul>
     *   <li>counters under Semaphore(1), a read-write lock's write lock, a StampedLock's write view: acquisitions
     *   are lock operations of one lock, so exactly the N! orders of the critical sections, as {@code lockinc(N)}
     *   and the ReentrantLock version: 3! = 6.</li>
     *   <li>semaphoreWithAPermitToSpareEitherWay: Semaphore(1); T1 reads x, then releases; T2 acquires, then writes
     *   x. The semaphore is a count: T1's release and T2's acquire conflict, and so do T1's read and T2's write. Of
     *   the four orders of the two pairs, "write before read" with "release before acquire" is impossible in program
     *   order; the other three are traces (T2 never waits: there is a permit to spare): 3.</li>
     *   <li>latchPublishes: each worker writes its own slot, then counts down (an RMW of the latch: the three count
     *   downs are pairwise dependent, 3! orders); main's await only reads the latch and is enabled only after the
     *   last count down, and everything after it is ordered after every write; the starts and joins only order:
     *   3! = 6.</li>
     *   <li>barrierMeets: the three arrivals are RMWs of the barrier (3! orders); the last one runs the action and
     *   trips the barrier, the waiters' wake-ups only read it after that, and every read of a slot or the flag
     *   comes after all writes: 3! = 6.</li>
     *   <li>phaserAdvancesTogether: the three arrivals (two workers, main) are RMWs of the phaser, 3! orders; the
     *   waits only read it after the last arrival: 3! = 6.</li>
     *   <li>readersOverlapInEveryOrder: two readers, each a read-lock acquisition and release. Every lock operation
     *   happens after the one before it, and shared holds let every order of the four happen: the interleavings of
     *   two sequences of two, C(4, 2) = 6. The reads only read what main wrote before the starts.</li>
     *   <li>twoReadersAndAWriter: the readers' four operations in any of those 6 orders, and the writer's section
     *   (acquisition, write, release) as one block at a point where no reader holds the lock: 3 points when one
     *   reader releases before the other acquires (2 such orders), else 2 (4 orders): 2 × 3 + 4 × 2 = 14. The
     *   readers' reads of the field the writer writes are ordered by the lock operations around them.</li>
     * </ul>
     */
    @ParameterizedTest(name = "{0} runs exactly {1} executions")
    @CsvSource({
            "semaphoreCounter, 6",
            "semaphoreWithAPermitToSpareEitherWay, 3",
            "readWriteLockCounter, 6",
            "stampedLockCounter, 6",
            "latchPublishes, 6",
            "barrierMeets, 6",
            "phaserAdvancesTogether, 6",
            "readersOverlapInEveryOrder, 6",
            "twoReadersAndAWriter, 14",
    })
    void exactlyOneExecutionPerTrace(String program, long traces) {
        WeftRunner.Outcome outcome = WeftRunner.run(SynchronizerPrograms.class, program, reports);

        assertThat(outcome.failure()).as(program).isEmpty();
        assertThat(outcome.summaryJson()).contains("\"verdict\": \"PASS\"").contains("\"complete\": true");
        assertThat(outcome.number("executions")).isEqualTo(traces);
    }
}
