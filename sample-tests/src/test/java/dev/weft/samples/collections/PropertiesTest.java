package dev.weft.samples.collections;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code Properties}: its calls are visible since 2026-11-27 (before, none was, and the check-then-set below passed in
 * 1 execution). A change holds the object's monitor, as its {@code synchronized} methods do; a query does not.
 */
class PropertiesTest {

    @TempDir
    Path reports;

    @Test
    void aCheckThenSetIsFound() {
        Throwable failure = Outcomes.failsWith(PropertiesPrograms.class, "checkThenSet", "ASSERTION", reports);
        assertThat(failure.getMessage()).contains("threads that claimed the key");
    }

    /** Were queries to wait for the monitor too, the reader could never see half the change, and this would pass. */
    @Test
    void aReadDoesNotWaitForTheMonitor() {
        Throwable failure = Outcomes.failsWith(PropertiesPrograms.class,
                "readingTwoKeysWhileAnotherThreadChangesThemUnderTheMonitor", "ASSERTION", reports);
        assertThat(failure.getMessage()).contains("the address read").contains("b:1");
    }

    /**
     * Each claim holds the monitor for its whole check and set: the two blocks in either order, 2. The second thread's
     * change in aChangeWaitsForTheMonitor waits for the first thread's block, before or after it: 2 (were changes
     * not to wait for the monitor, it could come between the two reads, and the test would fail).
     */
    @Test
    void changesWaitForTheMonitor() {
        assertThat(Outcomes.passes(PropertiesPrograms.class, "checkThenSetUnderItsMonitor", reports)).isEqualTo(2);
        assertThat(Outcomes.passes(PropertiesPrograms.class, "aChangeWaitsForTheMonitor", reports)).isEqualTo(2);
    }
}
