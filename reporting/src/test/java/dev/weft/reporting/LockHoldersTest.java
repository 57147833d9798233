package dev.weft.reporting;

import static dev.weft.reporting.Execution.thread;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

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

        assertThat(holders.of(LOCK)).singleElement().satisfies(hold -> {
            assertThat(hold.thread().name()).isEqualTo("main.1");
            assertThat(hold.acquiredAt()).isEqualTo(took);
        });
        assertThat(LockHolders.after(List.of(failed)).of(LOCK)).isEmpty();
    }

    /** A read lock is held by every thread that took it, each with its own count; a release drops only its own. */
    @Test
    void aReadLockHasOneHoldPerReader() {
        Event first = event(0, 1, 0, Operation.sharedLock(LOCK), null);
        Event second = event(1, 2, 0, Operation.sharedLock(LOCK), null);
        Event again = event(2, 1, 1, Operation.sharedLock(LOCK), null);
        Event released = event(3, 2, 1, Operation.sharedUnlock(LOCK), null);

        assertThat(LockHolders.after(List.of(first, second, again)).of(LOCK))
                .extracting(h -> h.thread().name(), LockHolders.Holding::count, LockHolders.Holding::shared)
                .containsExactly(tuple("main.1", 2, true), tuple("main.2", 1, true));
        assertThat(LockHolders.after(List.of(first, second, again, released)).of(LOCK))
                .extracting(h -> h.thread().name()).containsExactly("main.1");
    }
}
