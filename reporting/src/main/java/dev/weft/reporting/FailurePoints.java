package dev.weft.reporting;

import dev.weft.dpor.ExplorationFailure;
import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.FailureKind;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.ThreadId;

import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Where in a failing execution the failure was observed. */
final class FailurePoints {

    private FailurePoints() {
    }

    /**
     * The indexes of the events at which the failure shows. For a data race: the two racing calls. For a deadlock: the latest step of every stuck thread
     * (the start of a stuck thread that never moved). Otherwise: the latest step of the execution, because the
     * scheduler lets one thread move at a time and notices a failure right after the step of the thread that failed.
     */
    static BitSet of(ExplorationFailure failure) {
        List<Event> events = failure.events();
        BitSet points = new BitSet(events.size());
        if (failure.kind() == FailureKind.DATA_RACE && failure.race() != null) {
            points.set(failure.race().first());
            points.set(failure.race().second());
            return points;
        }
        if (failure.kind() != FailureKind.DEADLOCK) {
            if (!events.isEmpty()) {
                points.set(events.size() - 1);
            }
            return points;
        }
        Map<ThreadId, Event> latest = new HashMap<>();
        Map<ThreadId, Event> startOf = new HashMap<>();
        for (Event event : events) {
            latest.put(event.thread(), event);
            if (event.operation().startedThread() != null) {
                startOf.put(event.operation().startedThread(), event);
            }
        }
        for (PendingOperation stuck : failure.stuck()) {
            Event point = latest.getOrDefault(stuck.thread(), startOf.get(stuck.thread()));
            if (point != null) {
                points.set(point.index());
            }
        }
        return points;
    }
}
