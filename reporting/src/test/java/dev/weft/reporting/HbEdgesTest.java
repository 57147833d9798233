package dev.weft.reporting;

import static dev.weft.reporting.Execution.at;
import static dev.weft.reporting.Failures.LOGGER;
import static dev.weft.reporting.Failures.MAIN;
import static dev.weft.reporting.Failures.T1;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import org.junit.jupiter.api.Test;

import java.util.List;

class HbEdgesTest {

    @Test
    void linksStartsToFirstStepsAndEndsToJoins() {
        List<HbEdge> edges = HbEdges.of(Failures.lostUpdate().events());

        assertThat(edges).contains(
                new HbEdge(0, 3, EdgeKind.START),
                new HbEdge(1, 5, EdgeKind.START),
                new HbEdge(2, 4, EdgeKind.START),
                new HbEdge(9, 12, EdgeKind.JOIN),
                new HbEdge(11, 13, EdgeKind.JOIN));
    }

    @Test
    void dropsAReadsFromEdgeThatTheJoinAlreadyImplies() {
        List<Event> events = Failures.lostUpdate().events();

        assertThat(HbEdges.unreduced(events)).contains(new HbEdge(8, 14, EdgeKind.READS_FROM));
        assertThat(HbEdges.of(events)).doesNotContain(new HbEdge(8, 14, EdgeKind.READS_FROM));
    }

    @Test
    void linksReleasesToTheNextAcquisitionAndANotifyToTheWaitersReacquisition() {
        List<HbEdge> edges = HbEdges.of(Failures.waitNotify().events());

        assertThat(edges).containsExactly(
                new HbEdge(0, 2, EdgeKind.START),
                new HbEdge(1, 5, EdgeKind.START),
                new HbEdge(4, 5, EdgeKind.LOCK),
                new HbEdge(7, 9, EdgeKind.NOTIFY),
                new HbEdge(8, 9, EdgeKind.LOCK));
    }

    /** A wait that an interrupt before it ended at once read the flag the interrupt wrote. */
    @Test
    void linksAnInterruptToTheWaitThatLooksAtTheFlag() {
        Location flag = Location.interruptFlag(T1);
        List<Event> events = new Execution()
                .step(MAIN, Operation.start(T1), at("T.java", 1))
                .step(MAIN, Operation.write(flag), at("T.java", 2))
                .step(T1, Operation.lock(Failures.QUEUE), at("T.java", 5))
                .step(T1, new Operation(OpKind.WAIT, Failures.QUEUE).alsoReading(flag), at("T.java", 6))
                .events();

        assertThat(HbEdges.of(events)).containsExactly(
                new HbEdge(0, 2, EdgeKind.START),
                new HbEdge(1, 3, EdgeKind.READS_FROM));
    }

    @Test
    void dropsAReadsFromEdgeThatTheMonitorAlreadyOrders() {
        List<Event> events = Failures.waitNotify().events();

        assertThat(HbEdges.unreduced(events)).contains(new HbEdge(6, 10, EdgeKind.READS_FROM));
        assertThat(HbEdges.of(events)).doesNotContain(new HbEdge(6, 10, EdgeKind.READS_FROM));
    }

    @Test
    void keepsAReadsFromEdgeThatNothingElseImpliesAndDropsTheStartItImplies() {
        Location flag = Location.field("Flag@1", "set");
        List<Event> events = new Execution()
                .step(MAIN, Operation.start(T1), at("T.java", 1))
                .step(MAIN, Operation.write(flag), at("T.java", 2), "true")
                .step(T1, Operation.read(flag), at("T.java", 3), "true")
                .events();

        assertThat(HbEdges.unreduced(events)).contains(new HbEdge(0, 2, EdgeKind.START));
        assertThat(HbEdges.of(events)).containsExactly(new HbEdge(1, 2, EdgeKind.READS_FROM));
    }

    /**
     * A map's keys: a whole-map read ({@code size}) reads from every key's latest put, a key's read from the latest
     * write of the key or of the whole map ({@code clear}), never from another key's put.
     */
    @Test
    void linksTheKeysOfAMapToTheWholeMapAndNotToEachOther() {
        Location map = Location.objectState("ConcurrentHashMap@1");
        Location a = Location.key(map, "\"a\"");
        Location b = Location.key(map, "\"b\"");
        List<Event> events = new Execution()
                .step(MAIN, Operation.start(T1), at("T.java", 1))
                .step(MAIN, Operation.write(a), at("T.java", 2), "put")
                .step(MAIN, Operation.write(b), at("T.java", 3), "put")
                .step(T1, Operation.read(map), at("T.java", 7), "size")
                .step(T1, Operation.read(a), at("T.java", 8), "get")
                .step(MAIN, Operation.write(map), at("T.java", 4), "clear")
                .step(T1, Operation.read(b), at("T.java", 9), "get")
                .events();

        assertThat(HbEdges.unreduced(events)).contains(
                new HbEdge(1, 3, EdgeKind.READS_FROM), new HbEdge(2, 3, EdgeKind.READS_FROM),
                new HbEdge(1, 4, EdgeKind.READS_FROM), new HbEdge(5, 6, EdgeKind.READS_FROM))
                .doesNotContain(new HbEdge(2, 4, EdgeKind.READS_FROM), new HbEdge(2, 6, EdgeKind.READS_FROM));
    }

    @Test
    void linksAnUnparkToThePark() {
        List<Event> events = new Execution()
                .step(MAIN, Operation.start(T1), at("T.java", 1))
                .step(T1, Operation.write(Location.field("Box@1", "v")), at("T.java", 5))
                .step(MAIN, new Operation(OpKind.UNPARK, Location.permit(T1)), at("T.java", 2))
                .step(T1, new Operation(OpKind.PARK, Location.permit(T1)), at("T.java", 6))
                .events();

        assertThat(HbEdges.of(events)).containsExactly(
                new HbEdge(0, 1, EdgeKind.START), new HbEdge(2, 3, EdgeKind.UNPARK));
    }

    @Test
    void drawsNothingWithinOneThread() {
        List<Event> events = new Execution()
                .step(LOGGER, Operation.write(Failures.LOG_COUNT), at("Logger.java", 8))
                .step(LOGGER, Operation.read(Failures.LOG_COUNT), at("Logger.java", 9))
                .events();

        assertThat(HbEdges.unreduced(events)).isEmpty();
    }
}
