package dev.weft.reporting;

import static dev.weft.reporting.Execution.thread;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.LockId;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.SourcePosition;
import org.junit.jupiter.api.Test;

import java.util.List;

class LockHoldersTest {

    private static final LockId LOCK = new LockId("ReentrantLock@1");

    private static Event event(int index, int thread, int step, Operation op, String value) {
        return new Event(index, thread(thread, thread == 0 ? "main" : "main." + thread), step, op,
                SourcePosition.UNKNOWN, value);
    }

    /** A try that got the lock is a TRY_LOCK event and holds it; one that did not is an OBSERVE_LOCK and holds nothing. */
    @Test
    void aTryHoldsTheLockOnlyWhenItTookIt() {
        Event took = event(0, 1, 0, Operation.tryLock(LOCK), "true");
        Event failed = event(1, 0, 0, Operation.observeLock(LOCK), "false");

        LockHolders holders = LockHolders.after(List.of(took, failed));

        assertThat(holders.of(LOCK)).isNotNull();
        assertThat(holders.of(LOCK).thread().name()).isEqualTo("main.1");
        assertThat(holders.of(LOCK).acquiredAt()).isEqualTo(took);
        assertThat(LockHolders.after(List.of(failed)).of(LOCK)).isNull();
    }
}
