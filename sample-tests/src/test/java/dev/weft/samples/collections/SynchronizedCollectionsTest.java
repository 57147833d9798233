package dev.weft.samples.collections;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;
import java.util.ConcurrentModificationException;
import java.util.EmptyStackException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The JDK's synchronized collections end to end: a call holds the collection's monitor and is one step on its state,
 * so check-then-act and unlocked iteration are found, and a user's {@code synchronized} block on the collection
 * orders the other threads' calls. Before 2026-11-26 none of these calls was visible, and every misuse below passed
 * in 1 execution.
 */
class SynchronizedCollectionsTest {

    @TempDir
    Path reports;

    @ParameterizedTest(name = "{0} fails with {1}")
    @CsvSource({
            "vectorContainsThenAdd, ASSERTION",
            "synchronizedListContainsThenAdd, ASSERTION",
            "hashtableGetThenPut, ASSERTION",
            "synchronizedMapGetThenPut, ASSERTION",
            "stringBufferAppendsInOneOrder, ASSERTION",
            "synchronizedListIteratedUnlocked, EXCEPTION",
            "synchronizedMapKeySetIteratedUnlocked, EXCEPTION",
            "stackEmptyThenPop, EXCEPTION"})
    void theMisuseIsFound(String program, String kind) {
        Throwable failure = Outcomes.failsWith(SynchronizedCollectionPrograms.class, program, kind, reports);
        if (kind.equals("EXCEPTION")) {
            assertThat(failure.getCause()).isInstanceOfAny(ConcurrentModificationException.class,
                    EmptyStackException.class);
        }
    }

    /**
     * Counts, by the orders of the sections that hold the collection's monitor (a call, or a user's
     * {@code synchronized} block on the collection, whose calls inside are no further sections); everything else the
     * threads touch is their own until the main thread reads it after {@code join}:
     * <ul>
     *   <li>two threads, each one block (contains-then-add under the list's monitor; the add against the locked
     *   iteration): 2 orders;</li>
     *   <li>three threads each adding once: 3! = 6;</li>
     *   <li>a put and a get of one hashtable: 2 (the get finds nothing, or the filled box, ordered after its
     *   filling by the table's monitor: no data race);</li>
     *   <li>two appends to a StringBuffer: 2;</li>
     *   <li>a consumer waiting on the vector for a producer's add and {@code notifyAll}: the producer's block first
     *   (1), or the consumer's, which waits; then the producer's block, the notify waking it (1); or the wait wakes
     *   spuriously (the default {@code weft.spuriousWakeups}), and the consumer looks again before the producer's block
     *   and waits once more (1), or after it (1): 4.</li>
     * </ul>
     */
    @ParameterizedTest(name = "{0} passes in {1} executions")
    @CsvSource({
            "vectorContainsThenAddLocked, 2",
            "synchronizedListContainsThenAddLocked, 2",
            "synchronizedListIteratedLocked, 2",
            "threeThreadsAddToAVector, 6",
            "publicationThroughAHashtable, 2",
            "stringBufferAppendsInEitherOrder, 2",
            "consumerWaitsOnTheVector, 4"})
    void theCorrectUsePasses(String program, long traces) {
        assertThat(Outcomes.passes(SynchronizedCollectionPrograms.class, program, reports)).isEqualTo(traces);
    }
}
