package dev.weft.reporting;
import org.junit.jupiter.api.Test;
class PeekTest {
    @Test void peek() {
        System.out.println(TraceTable.render(Failures.lostUpdateFailure()));
        System.out.println(TraceTable.render(Failures.lockOrderDeadlock()));
        System.out.println(TraceTable.render(Failures.waitNotifyFailure()));
        System.out.println(HbEdges.unreduced(Failures.waitNotify().events()));
        System.out.println(HbEdges.of(Failures.waitNotify().events()));
        System.out.println(HbEdges.of(Failures.lostUpdate().events()));
    }
}
