package dev.weft.samples.collections;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Java 21's sequenced collections: a reversed view is a view of its collection, and putFirst is a change of the map.
 * Before 2026-11-26 neither call was visible.
 */
class SequencedCollectionTest {

    @TempDir
    Path reports;

    /** Making the view and reading its first element are two reads of the list: the add before, between or after: 3. */
    @Test
    void aReversedViewIsReadInEitherOrderAgainstAnAdd() {
        assertThat(Outcomes.passes(SequencedCollectionPrograms.class, "reversedViewSeesEitherLast", reports))
                .isEqualTo(3);
    }

    @Test
    void twoUnorderedPutFirstsAreADataRace() {
        Throwable failure = Outcomes.failsWith(SequencedCollectionPrograms.class, "twoPutFirstsIntoALinkedHashMap",
                "DATA_RACE", reports);
        assertThat(failure.getMessage()).contains("LinkedHashMap@").contains("called putFirst");
    }
}
