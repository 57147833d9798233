package dev.weft.samples.collections;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code Collections.newSetFromMap}: its calls are calls on the map behind it since 2026-11-27. Before, none was
 * visible: the check-then-add passed in 1 execution, and the adds over a plain map were no data race.
 */
class SetFromMapTest {

    @TempDir
    Path reports;

    @Test
    void aCheckThenAddIsFound() {
        Throwable failure = Outcomes.failsWith(SetFromMapPrograms.class, "checkThenAdd", "ASSERTION", reports);
        assertThat(failure.getMessage()).contains("threads that registered the name");
    }

    @Test
    void addsOverAPlainMapAreADataRace() {
        Throwable failure = Outcomes.failsWith(SetFromMapPrograms.class, "overAPlainMap", "DATA_RACE", reports);
        assertThat(failure.getMessage()).contains("HashMap@");
    }

    /**
     * Two adds of one name conflict: either thread first, 2. Adds of different names touch different keys of the
     * concurrent map: 1.
     */
    @Test
    void callsAreKeyByKeyAsOnTheMap() {
        assertThat(Outcomes.passes(SetFromMapPrograms.class, "addTellsWhoWasFirst", reports)).isEqualTo(2);
        assertThat(Outcomes.passes(SetFromMapPrograms.class, "differentNames", reports)).isEqualTo(1);
    }
}
