package dev.weft.dpor.hb;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.LockId;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.SourcePosition;
import dev.weft.scheduler.model.ThreadId;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A location an operation also reads ({@link Operation#alsoReads}) is read in the same event as its target. */
class HappensBeforeTest {

    private static final ThreadId MAIN = new ThreadId(0, "main");
    private static final ThreadId WORKER = new ThreadId(1, "main.1");
    private static final LockId MONITOR = new LockId("Object@1");
    private static final Operation WAIT = new Operation(OpKind.WAIT, MONITOR)
            .alsoReading(Location.interruptFlag(WORKER));
    private static final Operation INTERRUPT = Operation.write(Location.interruptFlag(WORKER));

    private final List<Event> events = new ArrayList<>();
    private final int[] steps = new int[2];

    private int step(ThreadId thread, Operation operation) {
        events.add(new Event(events.size(), thread, steps[thread.index()]++, operation, SourcePosition.UNKNOWN, null));
        return events.size() - 1;
    }

    @Test
    void anInterruptAfterTheWaitsStartRacesWithItAndHappensAfterIt() {
        step(MAIN, Operation.start(WORKER));
        step(WORKER, Operation.lock(MONITOR));
        int wait = step(WORKER, WAIT);
        int interrupt = step(MAIN, INTERRUPT);

        HappensBefore hb = HappensBefore.of(events);

        assertThat(hb.racesOf(interrupt)).containsExactly(wait);
        assertThat(hb.happensBefore(wait, interrupt)).isTrue();
    }

    @Test
    void aWaitsStartAfterAnInterruptRacesWithItAndHappensAfterIt() {
        step(MAIN, Operation.start(WORKER));
        int interrupt = step(MAIN, INTERRUPT);
        step(WORKER, Operation.lock(MONITOR));
        int wait = step(WORKER, WAIT);

        HappensBefore hb = HappensBefore.of(events);

        assertThat(hb.racesOf(wait)).containsExactly(interrupt);
        assertThat(hb.happensBefore(interrupt, wait)).isTrue();
    }

    /** The lock's own order is kept: another thread's acquisition after the wait's release happens after it. */
    @Test
    void theWaitStillReleasesTheLock() {
        step(MAIN, Operation.start(WORKER));
        step(WORKER, Operation.lock(MONITOR));
        int wait = step(WORKER, WAIT);
        int lock = step(MAIN, Operation.lock(MONITOR));

        HappensBefore hb = HappensBefore.of(events);

        assertThat(hb.happensBefore(wait, lock)).isTrue();
    }

    /** A join waits for the end it reads, so the two never race; unless an interrupt let it out before that end. */
    @Test
    void aJoinRacesWithTheEndItReadsOnlyAfterAnInterrupt() {
        ThreadId ending = new ThreadId(2, "main.2");
        Operation join = Operation.join(ending).alsoReading(Location.interruptFlag(WORKER));
        step(MAIN, Operation.start(WORKER));
        step(MAIN, Operation.start(ending));
        int end = events.size();
        events.add(new Event(end, ending, 0, Operation.end(ending), SourcePosition.UNKNOWN, null));
        int quietJoin = step(WORKER, join);
        assertThat(HappensBefore.of(events).racesOf(quietJoin)).isEmpty();

        events.remove(quietJoin);
        steps[WORKER.index()]--;
        int interrupt = step(MAIN, INTERRUPT);
        int interruptedJoin = step(WORKER, join);
        assertThat(HappensBefore.of(events).racesOf(interruptedJoin)).containsExactlyInAnyOrder(end, interrupt);
    }

    @Test
    void aWaitWithoutTheReadIsIndependentOfTheInterrupt() {
        step(MAIN, Operation.start(WORKER));
        step(WORKER, Operation.lock(MONITOR));
        int wait = step(WORKER, new Operation(OpKind.WAIT, MONITOR));
        int interrupt = step(MAIN, INTERRUPT);

        HappensBefore hb = HappensBefore.of(events);

        assertThat(hb.racesOf(interrupt)).isEmpty();
        assertThat(hb.happensBefore(wait, interrupt)).isFalse();
    }

    /**
     * A call that reads another collection as it changes its own ({@code mine.addAll(shared)}) is ordered after the
     * latest change of that collection, whole or by key, and races with it.
     */
    @Test
    void aCollectionAlsoReadIsReadAsAWholeObject() {
        Location shared = Location.unsafeObject("ArrayList@1");
        Location mine = Location.unsafeObject("ArrayList@2");
        step(MAIN, Operation.start(WORKER));
        int add = step(MAIN, Operation.write(Location.key(shared, "k")));
        int addAll = step(WORKER, Operation.write(mine).alsoReading(shared));

        HappensBefore hb = HappensBefore.of(events);

        assertThat(hb.racesOf(addAll)).containsExactly(add);
        assertThat(hb.happensBefore(add, addAll)).isTrue();
    }

    /** The other order: the change comes after the call that read its collection, and races with it. */
    @Test
    void aChangeAfterTheReadRacesWithIt() {
        Location shared = Location.objectState("CopyOnWriteArrayList@1");
        step(MAIN, Operation.start(WORKER));
        int addAll = step(WORKER, Operation.write(Location.unsafeObject("ArrayList@2")).alsoReading(shared));
        int add = step(MAIN, Operation.write(shared));

        assertThat(HappensBefore.of(events).racesOf(add)).containsExactly(addAll);
    }

    /** A list's addAll of itself reads, then writes it, in one event: the event is no candidate of its own. */
    @Test
    void aCallThatReadsWhatItWritesIsNoRaceOfItsOwn() {
        Location list = Location.unsafeObject("ArrayList@1");
        step(MAIN, Operation.start(WORKER));
        int add = step(MAIN, Operation.write(list));
        int addAll = step(WORKER, Operation.write(list).alsoReading(list));
        int size = step(MAIN, Operation.read(list));

        HappensBefore hb = HappensBefore.of(events);

        assertThat(hb.racesOf(addAll)).containsExactly(add);
        assertThat(hb.racesOf(size)).containsExactly(addAll);
    }

    /** A bulk read of an array (a copy) races with the latest write of any element, and orders after it. */
    @Test
    void aBulkReadOfAnArrayRacesWithAnElementsWrite() {
        step(MAIN, Operation.start(WORKER));
        int write = step(MAIN, Operation.write(Location.arrayElement("int[]@1", 3)));
        int copy = step(WORKER, Operation.read(Location.arrayElements("int[]@1")));

        HappensBefore hb = HappensBefore.of(events);

        assertThat(hb.racesOf(copy)).containsExactly(write);
        assertThat(hb.happensBefore(write, copy)).isTrue();
    }

    /** After a bulk read, a write of any element races with it; a later read of an element after a bulk write too. */
    @Test
    void elementAccessesAfterABulkAccessRaceWithIt() {
        step(MAIN, Operation.start(WORKER));
        int copy = step(WORKER, Operation.read(Location.arrayElements("int[]@1")));
        int write = step(MAIN, Operation.write(Location.arrayElement("int[]@1", 1)));
        int fill = step(WORKER, Operation.write(Location.arrayElements("int[]@1")));
        int read = step(MAIN, Operation.read(Location.arrayElement("int[]@1", 0)));

        HappensBefore hb = HappensBefore.of(events);

        assertThat(hb.racesOf(write)).containsExactly(copy);
        assertThat(hb.racesOf(fill)).containsExactly(write);
        assertThat(hb.racesOf(read)).containsExactly(fill);
    }

    /** Elements of one array that no bulk call touched stay apart; other arrays are not touched by a bulk call. */
    @Test
    void elementsStayApartAndArraysTooWithoutABulkAccess() {
        step(MAIN, Operation.start(WORKER));
        step(MAIN, Operation.write(Location.arrayElement("int[]@1", 0)));
        step(MAIN, Operation.write(Location.arrayElement("int[]@2", 0)));
        int other = step(WORKER, Operation.read(Location.arrayElement("int[]@1", 1)));
        int copy = step(WORKER, Operation.read(Location.arrayElements("int[]@3")));

        HappensBefore hb = HappensBefore.of(events);

        assertThat(hb.racesOf(other)).isEmpty();
        assertThat(hb.racesOf(copy)).isEmpty();
    }
}
