package dev.weft.reporting;

import dev.weft.dpor.ExplorationFailure;
import dev.weft.dpor.RacingSteps;
import dev.weft.dpor.Schedule;
import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.FailureKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.SourcePosition;
import dev.weft.scheduler.model.ThreadId;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Builds the events of a failing execution by hand, numbering them and each thread's steps as a run would. */
final class Execution {

    private final List<Event> events = new ArrayList<>();
    private final Map<ThreadId, Integer> stepsOf = new HashMap<>();
    private final List<PendingOperation> stuck = new ArrayList<>();

    static ThreadId thread(int index, String name) {
        return new ThreadId(index, name);
    }

    static SourcePosition at(String file, int line) {
        return new SourcePosition("com.example." + file.replace(".java", ""), "run", file, line);
    }

    Execution step(ThreadId thread, Operation operation, SourcePosition source) {
        return step(thread, operation, source, null);
    }

    Execution step(ThreadId thread, Operation operation, SourcePosition source, String value) {
        return step(thread, operation, source, value, List.of());
    }

    /** A step with the stack it was taken at, as the replay for a report records it. */
    Execution step(ThreadId thread, Operation operation, SourcePosition source, String value,
                   List<StackTraceElement> stack) {
        int threadStep = stepsOf.merge(thread, 1, Integer::sum) - 1;
        events.add(new Event(events.size(), thread, threadStep, operation, source, value, stack));
        return this;
    }

    /** A thread left blocked when the execution ended. */
    Execution stuck(ThreadId thread, Operation operation, SourcePosition source) {
        stuck.add(new PendingOperation(thread, operation, false, source));
        return this;
    }

    List<Event> events() {
        return List.copyOf(events);
    }

    ExplorationFailure failure(FailureKind kind, String message) {
        return failure(kind, message, null);
    }

    /** A failure with the throwable that caused it. */
    ExplorationFailure failure(FailureKind kind, Throwable cause) {
        List<String> names = events.stream().map(e -> e.thread().name()).toList();
        return new ExplorationFailure(kind, cause.toString(), cause, events, new Schedule(names), stuck, 0, null);
    }

    /** A failure whose race the explorer named. */
    ExplorationFailure failure(FailureKind kind, String message, RacingSteps race) {
        List<String> names = events.stream().map(e -> e.thread().name()).toList();
        return new ExplorationFailure(kind, message, null, events, new Schedule(names), stuck, 0, race);
    }
}
