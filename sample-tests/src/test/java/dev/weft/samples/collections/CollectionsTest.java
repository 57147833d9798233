package dev.weft.samples.collections;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * JDK collections end to end: misuses are found with the right kind; correct uses pass, in exactly as many
 * executions as there are orders of their conflicting collection calls (each call is one step).
 */
class CollectionsTest {

    @TempDir
    Path reports;

    @ParameterizedTest(name = "{0} fails with {1}")
    @CsvSource({
            "getThenPutLosesAHit, ASSERTION",
            "copyOnWriteContainsThenAdd, ASSERTION",
            "iterationMeetsAConcurrentAdd, EXCEPTION",
            "mapIterationMeetsAConcurrentRemove, EXCEPTION",
            "threadsStartedByForEachLoseAnUpdate, ASSERTION"})
    void theMisuseIsFound(String program, String kind) {
        Throwable failure = Outcomes.failsWith(CollectionPrograms.class, program, kind, reports);
        if (kind.equals("EXCEPTION")) {
            assertThat(failure.getCause()).isInstanceOf(java.util.ConcurrentModificationException.class);
        }
    }

    @Test
    void aThreadStartedInsideAnAtomicCallFailsClosed() {
        Throwable failure = Outcomes.failsWith(CollectionPrograms.class, "threadStartedInsideCompute", "EXCEPTION",
                reports);
        assertThat(failure.getCause()).hasMessageContaining("Thread.start of")
                .hasMessageContaining("ConcurrentHashMap.compute")
                .hasMessageContaining("CollectionPrograms.java:");
    }

    /**
     * Counts, by the orders of the calls that conflict (same collection, at least one mutator; everything else the
     * threads touch is their own until the main thread reads it after {@code join}):
     * <ul>
     *   <li>two mutators of one map or list in two threads ({@code putIfAbsent}, {@code merge},
     *   {@code addIfAbsent}): 2 orders;</li>
     *   <li>a thread offering twice and one polling once: the poll before the offers (it finds nothing) or after
     *   the first (it takes 1; whether the second offer came before it does not matter, as a take of the head and an
     *   offer of another element commute, {@code QueueSlots}): 2;</li>
     *   <li>a put into a skip-list map while the other thread reads it with {@code keySet}, {@code iterator},
     *   {@code hasNext}, {@code next}, {@code hasNext} (5 reads when the put comes last): the put after 0..5 of
     *   those reads: 6;</li>
     *   <li>two critical sections on one monitor (the locked iteration, the locked LRU map): 2.</li>
     * </ul>
     */
    @ParameterizedTest(name = "{0} passes in {1} executions")
    @CsvSource({
            "putIfAbsentKeepsTheFirst, 2",
            "mergeCountsEveryHit, 2",
            "copyOnWriteContainsThenAddFixed, 2",
            "concurrentQueueHandsOverEveryElement, 2",
            "skipListMapIterationSeesAConsistentPrefix, 6",
            "iterationMeetsAConcurrentAddFixed, 2",
            "lockedLruKeepsOneEntry, 2"})
    void theCorrectUsePasses(String program, long traces) {
        assertThat(Outcomes.passes(CollectionPrograms.class, program, reports)).isEqualTo(traces);
    }
}
