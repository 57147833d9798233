package dev.weft.samples.collections;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;
import java.util.ConcurrentModificationException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Collections read or changed as arguments (copy constructors, {@code addAll}, {@code putAll}, {@code List.copyOf},
 * {@code String.join}, {@code Collections} helpers) or through an unmodifiable view. Before 2026-11-26 none of these
 * reads was visible: each program below ran 1 execution, and the misuses passed.
 */
class CollectionArgumentsTest {

    @TempDir
    Path reports;

    /**
     * Each program has one change and one read of the shared collection, in two threads: 2 orders. The copy from a
     * synchronized list has a change and two reads (a copy, then an {@code addAll}): the change before both, between
     * them, or after both: 3.
     */
    @ParameterizedTest(name = "{0} passes in {1} executions")
    @CsvSource({"copyConstructor, 2", "addAll, 2", "listCopyOf, 2", "listCopyOfThroughAMethodReference, 2",
            "copyConstructorThroughAReference, 2", "addAllAtAnIndex, 2",
            "stringJoin, 2", "collectionsFrequency, 2",
            "unmodifiableView, 2", "putAll, 2", "copyingASynchronizedList, 3"})
    void bothOrdersRun(String program, long executions) {
        assertThat(Outcomes.passes(CollectionArgumentPrograms.class, program, reports)).isEqualTo(executions);
    }

    @ParameterizedTest(name = "{0} fails with {1}")
    @CsvSource({"iteratingAnUnmodifiableViewWhileTheOwnerAdds, EXCEPTION",
            "copyingAListAnotherThreadChanges, DATA_RACE",
            "addingAllOfAListAnotherThreadChanges, DATA_RACE",
            "sortingAListAnotherThreadReads, DATA_RACE"})
    void theMisuseIsFound(String program, String kind) {
        Throwable failure = Outcomes.failsWith(CollectionArgumentPrograms.class, program, kind, reports);
        if (kind.equals("EXCEPTION")) {
            assertThat(failure.getCause()).isInstanceOf(ConcurrentModificationException.class);
        } else {
            assertThat(failure.getMessage()).as("the race is on the plain list, not on the thread-safe one")
                    .contains("DATA_RACE: ArrayList@");
        }
    }
}
