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

    @Test
    void namesTheMethodOfACallOnAMapAndTheKeyItTouches() {
        Location map = Location.objectState("ConcurrentHashMap@1");
        Event whole = new Event(0, thread(0, "main"), 0, Operation.read(map), SourcePosition.UNKNOWN, "size");
        Event key = new Event(1, thread(0, "main"), 1, Operation.write(Location.key(map, "\"a\"")),
                SourcePosition.UNKNOWN, "put");

        assertThat(OpText.of(whole)).isEqualTo("call ConcurrentHashMap@1.size");
        assertThat(OpText.of(key)).isEqualTo("call ConcurrentHashMap@1.put key \"a\"");
    }
}
