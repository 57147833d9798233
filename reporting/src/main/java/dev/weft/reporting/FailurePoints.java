package dev.weft.reporting;

import dev.weft.dpor.ExplorationFailure;
import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.FailureKind;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.ThreadId;

import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Where in a failing execution the failure was observed. */
final class FailurePoints {

    private FailurePoints() {
    }

    /**
     * The indexes of the events at which the failure shows. For a data race: the two racing calls. For a deadlock: the
     * latest step of every stuck thread (the start of a stuck thread that never moved). Otherwise: the latest step of
     * the execution, because the scheduler lets one thread move at a time and notices a failure right after the step
     * of the thread that failed; unless that thread took a step on the very line that threw, or took steps after the
     * throw ({@link #throwingStep}): a {@code finally} block (a pool's {@code shutdown()}) or an {@code @AfterEach}
     * method may have, and the mark then pointed at those.
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
                points.set(throwingStep(events, failure.cause()));
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

    /**
     * The failing thread's latest step on the line that threw, or else its latest step before the throw
     * ({@link #lastBeforeTheThrow}). The line that threw is the first frame of the cause's stack in a file the
     * execution took steps in (the test's or its code's, not an assertion library's); only a step of the thread that
     * took the last step, on exactly that line, counts, so a throw on a line without a step keeps the step before it.
     */
    private static int throwingStep(List<Event> events, Throwable cause) {
        int last = events.size() - 1;
        if (cause == null) {
            return last;
        }
        ThreadId failing = events.get(last).thread();
        int before = lastBeforeTheThrow(events, failing, cause);
        Set<String> files = new HashSet<>();
        events.forEach(event -> files.add(event.source().fileName()));
        for (StackTraceElement frame : cause.getStackTrace()) {
            if (frame.getFileName() == null || !files.contains(frame.getFileName())) {
                continue;
            }
            for (int i = before; i >= 0; i--) {
                Event event = events.get(i);
                if (event.thread().equals(failing) && frame.getFileName().equals(event.source().fileName())
                        && frame.getLineNumber() == event.source().line()) {
                    return i;
                }
            }
            return before; // the first frame in the test's files threw on a line without a step of that thread
        }
        return before;
    }

    /**
     * The failing thread's latest step that ran inside a call the throw left: one whose stack's outermost frame (what
     * the thread's run, or the test body for the test's thread, called) is of a method on the cause's stack. The
     * thread's later steps ran after the throw, in methods the throw never passed through: the {@code @AfterEach}
     * methods run after the test method threw (issue 42: the mark was on an {@code @AfterEach}'s step). Without
     * stacks (a report without its detailed replay), or with no such step, the execution's latest step.
     */
    private static int lastBeforeTheThrow(List<Event> events, ThreadId failing, Throwable cause) {
        Set<String> passedThrough = new HashSet<>();
        for (StackTraceElement frame : cause.getStackTrace()) {
            passedThrough.add(frame.getClassName() + "." + frame.getMethodName());
        }
        for (int i = events.size() - 1; i >= 0; i--) {
            List<StackTraceElement> stack = events.get(i).stack();
            if (events.get(i).thread().equals(failing) && !stack.isEmpty()) {
                StackTraceElement outermost = stack.get(stack.size() - 1);
                if (passedThrough.contains(outermost.getClassName() + "." + outermost.getMethodName())) {
                    return i;
                }
            }
        }
        return events.size() - 1;
    }
}
