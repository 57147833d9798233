package dev.weft.samples.reports;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.samples.support.Concurrently;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Programs whose reports {@link ReportTest} reads. (Named {@code *Programs} so that Surefire does not run them on
 * their own.)
 */
class ReportPrograms extends CleanupBase {

    /** A counter that two threads increment without synchronisation. */
    static final class Counter {
        int value;
    }

    /**
     * A lost update, found by an assertion on a line without a step of its own (it compares a local variable), after
     * which the base class's {@code @AfterEach} takes steps.
     */
    @ExhaustiveConcurrency
    void assertionOnALocalThenAfterEachSteps() throws Exception {
        Counter counter = new Counter();
        Concurrently.run(() -> counter.value++, () -> counter.value++);
        int total = counter.value;
        assertEquals(2, total);
    }
}
