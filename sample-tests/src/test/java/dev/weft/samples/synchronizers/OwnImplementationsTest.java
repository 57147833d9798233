package dev.weft.samples.synchronizers;

import dev.weft.samples.support.Verdicts;
import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The test's own implementations of {@code Future}, {@code Lock}, {@code Condition}, {@code BlockingQueue} and
 * {@code Executor} ({@link OwnImplementationPrograms}) run their own code: the original call, never Weft's model of
 * the JDK's classes. Before, a constant future's {@code get(1000, null)} threw {@code NullPointerException} inside
 * Weft, and a lock or a blocking queue of one's own failed with {@code UnmodelledPrimitiveException}.
 */
class OwnImplementationsTest {

    @TempDir
    Path reports;

    /**
     * Exact counts, derived by hand from the operations the own code makes:
     * <ul>
     *   <li>constantFutureIgnoresItsUnit: the reader's writes of what it got and main's reads of them are ordered by
     *   its start and its join: 1.</li>
     *   <li>ownLockCounter: the lock hands every call to a {@code ReentrantLock}, so the three critical sections run
     *   in each of their 3! = 6 orders, as {@code lockinc(3)} and the counters of {@link SynchronizersTest}.</li>
     *   <li>ownConditionHandsOver: the waiter and the notifier of {@code SpuriousWakeUpTest}'s
     *   {@code whileAroundWait}, on the {@code ReentrantLock}'s condition the own one hands its calls to: the notifier
     *   first (1); the waiter first and woken by the signal (1): 2 (a condition's await never wakes spuriously).</li>
     *   <li>ownBlockingQueueHandsOver: the queue's {@code take} waits under the queue's monitor in a loop and
     *   {@code put} never waits (one element, one slot), so it is the same waiter and notifier on a monitor:
     *   4.</li>
     *   <li>directExecutorRunsTasksInTheCaller: each thread's task is one increment of one atomic, run in the thread
     *   that calls {@code execute}; the two increments in either order: 2.</li>
     * </ul>
     */
    @ParameterizedTest(name = "{0} passes in exactly {1} executions")
    @CsvSource({
            "constantFutureIgnoresItsUnit, 1",
            "ownLockCounter, 6",
            "ownConditionHandsOver, 2",
            "ownBlockingQueueHandsOver, 4",
            "directExecutorRunsTasksInTheCaller, 2",
    })
    void theOwnImplementationRunsAsItsOwnCode(String program, long executions) {
        Verdicts.passesWith(WeftRunner.run(OwnImplementationPrograms.class, program, reports), executions);
    }

    /**
     * A race in the test's own code is found like any other: inside its lock (two threads both see it free and take
     * it), and between the tasks its executor runs on threads it starts (managed, as every thread the test starts).
     */
    @ParameterizedTest(name = "{0} loses an update")
    @ValueSource(strings = {"checkThenSetLockLosesAnUpdate", "threadPerTaskExecutorLosesAnUpdate"})
    void aRaceInTheOwnCodeIsFound(String program) {
        WeftRunner.Outcome outcome = WeftRunner.run(OwnImplementationPrograms.class, program, reports);
        Verdicts.failsWith(outcome, "ASSERTION");
        assertThat(outcome.failure().orElseThrow().getMessage()).contains("lost update: 1");
    }

    /**
     * A synchronizer of the test's own built on {@code AbstractQueuedSynchronizer} waits inside the JDK, where Weft
     * cannot see it. Taken by one thread at a time (the worker's section, then main's after the join) it never waits:
     * the acquisitions go through, and the only steps are the start, the join and the two increments, ordered by
     * them: 1. Taken by two threads at once, some schedule would have it wait: the test fails closed at that
     * acquisition, naming the synchronizer, instead of blocking until the watchdog.
     */
    @Test
    void aSynchronizerBuiltOnAqsRunsUntilItWouldWaitAndThenFailsClosed() {
        Verdicts.passesWith(WeftRunner.run(OwnImplementationPrograms.class, "ownSynchronizerThatNeverWaits",
                reports.resolve("never")), 1);

        WeftRunner.Outcome waits = WeftRunner.run(OwnImplementationPrograms.class, "ownSynchronizerThatMustWait",
                reports.resolve("waits"));
        Verdicts.failsWith(waits, "EXCEPTION");
        assertThat(waits.failure().orElseThrow().getMessage())
                .contains("Weft does not model a synchronizer of your own built on AbstractQueuedSynchronizer")
                .contains("OwnImplementationPrograms$Mutex$Sync")
                .contains("OwnImplementationPrograms.java:");
    }
}
