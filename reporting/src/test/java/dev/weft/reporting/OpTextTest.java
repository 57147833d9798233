package dev.weft.reporting;

import static dev.weft.reporting.Execution.thread;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.LockId;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.SourcePosition;
import org.junit.jupiter.api.Test;

class OpTextTest {

    private static final LockId MONITOR = new LockId("Account@2");
    private static final Location COUNTER = Location.atomic("counter");

    @Test
    void namesOperationsAsTheCodeWroteThem() {
        assertThat(OpText.of(Operation.read(Location.field("Account@2", "balance"))))
                .isEqualTo("read Account@2.balance");
        assertThat(OpText.of(Operation.write(Location.arrayElement("items", 3)))).isEqualTo("write items[3]");
        assertThat(OpText.of(Operation.lock(MONITOR))).isEqualTo("lock Account@2");
        assertThat(OpText.of(new Operation(OpKind.CAS_SUCCESS, COUNTER))).isEqualTo("cas counter ok");
        assertThat(OpText.of(new Operation(OpKind.CAS_FAILURE, COUNTER))).isEqualTo("cas counter failed");
        assertThat(OpText.of(Operation.start(thread(1, "main.1")))).isEqualTo("start main.1");
        assertThat(OpText.of(Operation.join(thread(1, "main.1")))).isEqualTo("join main.1");
        assertThat(OpText.of(new Operation(OpKind.WAIT, MONITOR))).isEqualTo("wait Account@2");
        assertThat(OpText.of(Operation.tryLock(MONITOR))).isEqualTo("tryLock Account@2");
        assertThat(OpText.of(Operation.observeLock(MONITOR))).isEqualTo("observe Account@2");
        assertThat(OpText.of(new Operation(OpKind.NOTIFY_ALL, MONITOR))).isEqualTo("notifyAll Account@2");
        assertThat(OpText.of(new Operation(OpKind.UNPARK, Location.permit(thread(2, "main.2")))))
                .isEqualTo("unpark main.2");
    }

    @Test
    void addsTheValueWhenOneWasRecorded() {
        Event event = new Event(0, thread(0, "main"), 0, new Operation(OpKind.RMW, COUNTER),
                SourcePosition.UNKNOWN, "4");

        assertThat(OpText.of(event)).isEqualTo("update counter = 4");
    }

    /**
     * A call that waited (a latch's {@code await}, a future's {@code get}, a read-write lock's view) records how it
     * ended, not a method: it reads as a wait, not as {@code call CountDownLatch@1.ready} (QA found that jargon).
     */
    @Test
    void namesAWaitByHowItEnded() {
        Location latch = Location.objectState("CountDownLatch@1");
        Event awaited = new Event(0, thread(0, "main"), 0, Operation.read(latch), SourcePosition.UNKNOWN, "ready");
        Event timedOut = new Event(1, thread(0, "main"), 1, Operation.read(latch), SourcePosition.UNKNOWN,
                "timed_out");
        Event readLocked = new Event(2, thread(0, "main"), 2, Operation.sharedLock(MONITOR), SourcePosition.UNKNOWN,
                "ready");
        Event field = new Event(3, thread(0, "main"), 3, Operation.read(Location.field("Job@1", "state")),
                SourcePosition.UNKNOWN, "ready");

        assertThat(OpText.of(awaited)).isEqualTo("wait for CountDownLatch@1");
        assertThat(OpText.of(timedOut)).isEqualTo("wait for CountDownLatch@1 (timed out)");
        assertThat(OpText.of(readLocked)).isEqualTo("read-lock Account@2");
        assertThat(OpText.of(field)).as("a field's value is the value read").isEqualTo("read Job@1.state = ready");
    }

    @Test
    void namesTheMethodOfACallOnAMapAndTheKeyItTouches() {
        Location map = Location.objectState("ConcurrentHashMap@1");
        Event whole = new Event(0, thread(0, "main"), 0, Operation.read(map), SourcePosition.UNKNOWN, "size");
        Event key = new Event(1, thread(0, "main"), 1, Operation.write(Location.key(map, "\"a\"")),
                SourcePosition.UNKNOWN, "put");

        assertThat(OpText.of(whole)).isEqualTo("call ConcurrentHashMap@1.size");
        assertThat(OpText.of(key)).isEqualTo("call ConcurrentHashMap@1.put key \"a\"");
    }

    /** Time passing and a sleep's own step say what happened, not which location they touch. */
    @Test
    void stepsInWhichTimePassesSayItInWords() {
        Event ends = new Event(0, thread(1, "main.1"), 0, Operation.read(Location.TIME), SourcePosition.UNKNOWN,
                "sleep 5 s ends (t = 5.000 s)");
        Event returns = new Event(1, thread(1, "main.1"), 1,
                Operation.read(Location.interruptFlag(thread(1, "main.1"))), SourcePosition.UNKNOWN, "sleep 5 s returns");
        Event looked = new Event(2, thread(0, "main"), 0,
                Operation.read(Location.interruptFlag(thread(1, "main.1"))), SourcePosition.UNKNOWN, null);

        assertThat(OpText.of(ends)).isEqualTo("sleep 5 s ends (t = 5.000 s)");
        assertThat(OpText.of(returns)).isEqualTo("sleep 5 s returns");
        assertThat(OpText.of(looked)).isEqualTo("read interrupt flag of main.1");
    }
}
