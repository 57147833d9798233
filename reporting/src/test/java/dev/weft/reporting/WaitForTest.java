package dev.weft.reporting;

import static dev.weft.reporting.Execution.at;
import static dev.weft.reporting.Execution.thread;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.LockId;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.ThreadId;
import org.junit.jupiter.api.Test;

import java.util.List;

class WaitForTest {

    private static final LockId RW = new LockId("ReentrantReadWriteLock@1");
    private static final ThreadId FIRST = thread(1, "main.1");
    private static final ThreadId SECOND = thread(2, "main.2");

    /**
     * Two readers that both want the write lock (an upgrade): each waits for the other's read hold and for its own,
     * and the cycle runs through both threads, not through one of them alone.
     */
    @Test
    void twoReadersUpgradingWaitForEachOther() {
        List<Event> events = List.of(
                new Event(0, FIRST, 0, Operation.sharedLock(RW), at("Cache.java", 13), null),
                new Event(1, SECOND, 0, Operation.sharedLock(RW), at("Cache.java", 13), null));
        List<PendingOperation> stuck = List.of(
                new PendingOperation(FIRST, Operation.lock(RW), false, at("Cache.java", 17)),
                new PendingOperation(SECOND, Operation.lock(RW), false, at("Cache.java", 17)));

        WaitFor waitFor = WaitFor.of(events, stuck);

        assertThat(waitFor.waits()).extracting(WaitFor.Wait::waitsOn).containsExactly(SECOND, FIRST);
        assertThat(waitFor.waits().get(0).description()).isEqualTo("waits for lock ReentrantReadWriteLock@1 at"
                + " Cache.java:17, read-locked by main.1 (itself, locked at Cache.java:13), main.2 (locked at"
                + " Cache.java:13)");
        assertThat(waitFor.cycleText()).isEqualTo("main.1 -> main.2 -> main.1");
    }

    /** A reader waits only for a writer; another reader's hold does not keep it out. */
    @Test
    void aReaderWaitsForTheWriterOnly() {
        List<Event> events = List.of(
                new Event(0, FIRST, 0, Operation.lock(RW), at("Cache.java", 20), null));
        List<PendingOperation> stuck = List.of(
                new PendingOperation(SECOND, Operation.sharedLock(RW), false, at("Cache.java", 13)));

        WaitFor.Wait wait = WaitFor.of(events, stuck).waits().get(0);

        assertThat(wait.waitsOn()).isEqualTo(FIRST);
        assertThat(wait.description()).endsWith(", held by main.1 (locked at Cache.java:20)");
    }
}
