package dev.weft.dpor.internal;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.SourcePosition;
import dev.weft.scheduler.model.ThreadId;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class StepLimitTest {

    private static final ThreadId MAIN = new ThreadId(0, "main");
    private static final ThreadId POLLER = new ThreadId(1, "main.1");
    private static final Location STOPPED = Location.field("Poller@1", "stopped");
    private static final Location POLLS = Location.field("Poller@1", "polls");

    private static SourcePosition line(int line) {
        return new SourcePosition("com.example.Poller", "run", "Poller.java", line);
    }

    /** A poller counting its turns while main could still set its flag: the message names the loop and main's step. */
    @Test
    void namesTheLoopingThreadItsLinesAndTheThreadThatCouldHaveMoved() {
        List<Event> events = new ArrayList<>();
        events.add(new Event(0, MAIN, 0, Operation.start(POLLER), line(20), null));
        for (int turn = 0; turn < 600; turn++) {
            int step = 2 * turn;
            events.add(new Event(events.size(), POLLER, step, Operation.read(STOPPED), line(12), "false"));
            events.add(new Event(events.size(), POLLER, step + 1, Operation.write(POLLS), line(13), null));
        }
        List<PendingOperation> pending = List.of(
                new PendingOperation(MAIN, Operation.write(STOPPED), true, line(8)),
                new PendingOperation(POLLER, Operation.read(STOPPED), true, line(12)));

        String message = StepLimit.describe(events, pending, 1_200);

        assertThat(message).startsWith("the execution passed 1200 visible operations: main.1 took 1000 of the last"
                + " 1000 steps, going round Poller.java:12, Poller.java:13, while another thread could move (main"
                + " next: write Poller@1.stopped (Poller.java:8)).")
                .contains("bound it").contains("Still running: ");
    }

    /** A loop with nobody else able to move is no schedule's fault: the message says so. */
    @Test
    void saysSoWhenNoOtherThreadCouldMove() {
        List<Event> events = List.of(new Event(0, POLLER, 0, Operation.read(STOPPED), line(12), "false"));
        List<PendingOperation> pending = List.of(
                new PendingOperation(MAIN, Operation.join(POLLER), false, line(21)),
                new PendingOperation(POLLER, Operation.read(STOPPED), true, line(12)));

        assertThat(StepLimit.describe(events, pending, 1)).contains("and no other thread could move")
                .doesNotContain("bound it");
    }

    /**
     * A pool of 200 threads waiting at one lock: named together, a few of them by name, so the message stays short
     * (it listed each of them, 30,000 characters, for commons-pool's evictor tests).
     */
    @Test
    void namesThreadsWaitingAtTheSameOperationTogether() {
        Location lock = Location.field("Queue@3", "lock");
        List<PendingOperation> pending = new ArrayList<>();
        pending.add(new PendingOperation(MAIN, Operation.join(POLLER), false, line(21)));
        for (int i = 1; i <= 200; i++) {
            pending.add(new PendingOperation(new ThreadId(i, "main." + i), Operation.read(lock), i == 7, line(30)));
        }
        for (int i = 201; i <= 230; i++) {
            pending.add(new PendingOperation(new ThreadId(i, "main." + i), Operation.write(Location.field("Cell@" + i,
                    "value")), false, line(40)));
        }

        String grouped = StepLimit.grouped(pending, ", ");

        assertThat(grouped).startsWith("main blocked on: join liveness of main.1 (Poller.java:21), main.1, main.2,"
                + " main.3 and 196 others blocked on: read Queue@3.lock (Poller.java:30), main.7 next: read"
                + " Queue@3.lock (Poller.java:30), main.201 blocked on: write Cell@201.value (Poller.java:40)")
                .endsWith(", and 21 other threads")
                .hasSizeLessThan(2_000);
    }

    /**
     * Thirty-two producers taking turns, none of them more than a few of the latest steps: a long execution of many
     * threads, not a loop of one, and the message says so instead of naming a loop to block or bound.
     */
    @Test
    void saysWhenTheLatestStepsAreSpreadOverManyThreads() {
        List<Event> events = new ArrayList<>();
        List<PendingOperation> pending = new ArrayList<>();
        int[] steps = new int[32];
        for (int i = 0; i < 1_200; i++) {
            ThreadId producer = new ThreadId(1 + i % 32, "main." + (1 + i % 32));
            events.add(new Event(i, producer, steps[i % 32]++, Operation.write(POLLS), line(50), null));
        }
        for (int t = 1; t <= 32; t++) {
            pending.add(new PendingOperation(new ThreadId(t, "main." + t), Operation.write(POLLS), true, line(50)));
        }

        String message = StepLimit.describe(events, pending, 1_200);

        assertThat(message).startsWith("the execution passed 1200 visible operations: the last 1000 steps were taken"
                + " by 32 threads, the busiest (main.")
                .contains("an execution in which many threads each take many steps rather than one thread's loop")
                .doesNotContain("bound it").contains("Still running: ");
    }
}
