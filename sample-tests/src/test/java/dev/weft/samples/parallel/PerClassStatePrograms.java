package dev.weft.samples.parallel;

import dev.weft.junit.ExhaustiveConcurrency;
import org.junit.jupiter.api.TestInstance;

import static org.assertj.core.api.Assertions.assertThat;

/** One test instance for every execution: its fields are state the executions share, as static fields are. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PerClassStatePrograms {

    private int handled;

    /** Threads each count one request, under a lock, into the shared instance: {@code PARTIES}! orders. */
    @ExhaustiveConcurrency
    void countsRequestsInTheSharedInstance() throws Exception {
        handled = 0;
        Object lock = new Object();
        Runnable request = () -> {
            synchronized (lock) {
                handled++;
            }
        };
        StaticStatePrograms.inParties(request);
        assertThat(handled).isEqualTo(StaticStatePrograms.PARTIES);
    }
}
