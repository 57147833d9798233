package dev.weft.samples.collections;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code getValue}/{@code setValue} of an entry a map's iterator returned are calls on the map. Before 2026-11-27
 * they were not visible: the lost updates below passed in 1 execution, and the unordered set and get were no data race.
 */
class MapEntryTest {

    @TempDir
    Path reports;

    @ParameterizedTest(name = "{0} is found")
    @CsvSource({"incrementingThroughEntriesLosesAnUpdate", "incrementingThroughConcurrentEntriesLosesAnUpdate"})
    void theLostUpdateIsFound(String program) {
        Throwable failure = Outcomes.failsWith(MapEntryPrograms.class, program, "ASSERTION", reports);
        assertThat(failure.getMessage()).contains("a's count").contains("expected: 2");
    }

    @Test
    void anEntrysChangeUnorderedAgainstAReadIsADataRace() {
        Throwable failure = Outcomes.failsWith(MapEntryPrograms.class,
                "settingThroughAnEntryWhileAnotherThreadReads", "DATA_RACE", reports);
        assertThat(failure.getMessage()).contains("HashMap@");
    }

    /** The two critical sections in either order: 2. */
    @Test
    void incrementingUnderTheMapsMonitorPassesInBothOrders() {
        assertThat(Outcomes.passes(MapEntryPrograms.class, "incrementingUnderTheMapsMonitor", reports)).isEqualTo(2);
    }

    /**
     * A concurrent map's entries are no data race, and each thread's change through its entry is ordered against the
     * other thread's reads: more than the one execution it ran when the change was not visible.
     */
    @Test
    void changesThroughAConcurrentMapsEntriesAreOrderedAgainstTheOtherThreadsReads() {
        assertThat(Outcomes.passes(MapEntryPrograms.class, "settingDifferentKeysOfAConcurrentMap", reports))
                .isGreaterThan(1);
    }
}
