package dev.weft.dpor.model;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.Run;

import java.util.ArrayList;
import java.util.List;

/** Drives a run by thread name, the way a test reads a schedule. */
final class Script {

    private Script() {
    }

    static List<Event> steps(Run run, String... threadNames) {
        List<Event> events = new ArrayList<>();
        for (String name : threadNames) {
            events.add(step(run, name));
        }
        return events;
    }

    static Event step(Run run, String threadName) {
        return run.step(pendingOf(run, threadName).thread());
    }

    static PendingOperation pendingOf(Run run, String threadName) {
        return run.pending().stream().filter(p -> p.thread().name().equals(threadName)).findFirst()
                .orElseThrow(() -> new AssertionError(threadName + " is not live; pending: " + run.pending()));
    }

    /** Always steps the enabled thread with the lowest index, until no thread can move or one fails. */
    static List<Event> runSequentially(Run run) {
        List<Event> events = new ArrayList<>();
        while (run.failure().isEmpty()) {
            PendingOperation next = run.pending().stream().filter(PendingOperation::enabled).findFirst().orElse(null);
            if (next == null) {
                break;
            }
            events.add(run.step(next.thread()));
        }
        return events;
    }
}
