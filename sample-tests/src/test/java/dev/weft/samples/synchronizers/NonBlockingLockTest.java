package dev.weft.samples.synchronizers;

import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A non-blocking lock operation racing with another thread's release, through the JUnit Platform: the buggy uses
 * fail only when the operation comes after the release; the correct ones pass with one execution per trace. Before
 * non-blocking operations raced with releases, the Semaphore and ReentrantLock bugs passed (1 and 2 executions) and
 * the correct uses ran 1, 2 and 3 executions; the StampedLock bug was found anyway, through main's plain read of the
 * field the writer writes.
 */
class NonBlockingLockTest {

    @TempDir
    Path reports;

    @ParameterizedTest(name = "{0} fails with {1}")
    @CsvSource({
            "semaphoreTryAcquireAssumedToFail, ASSERTION, tryAcquire got the permit",
            "reentrantTryLockAssumesTheWorkerHasNotRun, ASSERTION, after the worker's critical section",
            "stampedValidatedReadAssumesTheWriterHasNotRun, ASSERTION, came after the write",
    })
    void theBuggyUseFailsWithTheRightKind(String program, String kind, String described) {
        WeftRunner.Outcome outcome = WeftRunner.run(NonBlockingLockPrograms.class, program, reports);

        assertThat(outcome.failure()).hasValueSatisfying(failure -> assertThat(failure.getMessage())
                .startsWith(kind + ":").contains(described));
        assertThat(outcome.summaryJson()).contains("\"kind\": \"" + kind + "\"");
    }

    /**
     * Exact counts, derived by hand. Starts, joins and thread ends only order; the operations on one lock are
     * dependent except two observations (a query, a failed try), which commute.
     * <ul>
     *   <li>semaphoreTryAcquireEitherWay: the worker's release and main's tryAcquire, in either order (the try fails,
     *   or takes the permit); availablePermits comes after the join, so after both: 2.</li>
     *   <li>reentrantTryLockEitherWay: main's tryLock before the worker's lock (takes it; the worker's lock waits for
     *   main's unlock), inside the worker's critical section (fails), or after its unlock (takes it): 3. main's read
     *   of x is under the lock, so ordered with the worker's write in each.</li>
     *   <li>stampedObserversAroundAWrite: main's two observations (tryOptimisticRead, validate; program order) each
     *   before, inside or after the writer's writeLock..unlockWrite: the ways to interleave 2 and 2 operations,
     *   C(4, 2) = 6.</li>
     * </ul>
     */
    @ParameterizedTest(name = "{0} runs exactly {1} executions")
    @CsvSource({
            "semaphoreTryAcquireEitherWay, 2",
            "reentrantTryLockEitherWay, 3",
            "stampedObserversAroundAWrite, 6",
    })
    void exactlyOneExecutionPerTrace(String program, long traces) {
        WeftRunner.Outcome outcome = WeftRunner.run(NonBlockingLockPrograms.class, program, reports);

        assertThat(outcome.failure()).as(program).isEmpty();
        assertThat(outcome.summaryJson()).contains("\"verdict\": \"PASS\"").contains("\"complete\": true");
        assertThat(outcome.number("executions")).isEqualTo(traces);
    }
}
