package dev.weft.scheduler.runtime;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.SubjectFailure;
import dev.weft.scheduler.model.ThreadId;

import java.util.ArrayList;
import java.util.List;

/**
 * A tiny explorer for tests: every interleaving, depth first, re-running the subject from the start along each
 * prefix. Checks that a replayed prefix offers the same enabled threads.
 */
final class Dfs {

    /** One complete (or failed, or blocked) execution. */
    record Execution(List<Event> events, SubjectFailure failure, String blockage) {
        boolean deadlocked() {
            return blockage != null;
        }
    }

    private record Choice(List<ThreadId> enabled, int taken) {
        ThreadId thread() {
            return enabled.get(taken);
        }
    }

    private static final int MAX_STEPS = 1_000;

    static List<Execution> explore(JvmSubject subject) {
        List<Execution> executions = new ArrayList<>();
        List<Choice> path = new ArrayList<>();
        do {
            executions.add(runAlong(subject, path));
            while (!path.isEmpty() && path.get(path.size() - 1).taken() + 1 >= path.get(path.size() - 1).enabled().size()) {
                path.remove(path.size() - 1);
            }
            if (!path.isEmpty()) {
                Choice last = path.remove(path.size() - 1);
                path.add(new Choice(last.enabled(), last.taken() + 1));
            }
        } while (!path.isEmpty());
        return executions;
    }

    /** Runs the prefix, then always the first enabled thread, extending {@code path}. */
    private static Execution runAlong(JvmSubject subject, List<Choice> path) {
        List<Event> events = new ArrayList<>();
        try (JvmRun run = subject.start()) {
            for (int depth = 0; ; depth++) {
                if (run.failure().isPresent()) {
                    return new Execution(events, run.failure().get(), null);
                }
                List<PendingOperation> pending = run.pending();
                if (pending.isEmpty()) {
                    return new Execution(events, null, null);
                }
                List<ThreadId> enabled = pending.stream().filter(PendingOperation::enabled)
                        .map(PendingOperation::thread).toList();
                if (enabled.isEmpty()) {
                    return new Execution(events, null, run.describeBlockage());
                }
                if (depth >= MAX_STEPS) {
                    throw new AssertionError("more than " + MAX_STEPS + " steps: " + events.subList(0, 20));
                }
                if (depth < path.size()) {
                    if (!path.get(depth).enabled().equals(enabled)) {
                        throw new AssertionError("replay diverged at step " + depth + ": " + enabled + " instead of "
                                + path.get(depth).enabled());
                    }
                } else {
                    path.add(new Choice(enabled, 0));
                }
                events.add(run.step(path.get(depth).thread()));
            }
        }
    }

    /** Runs exactly this schedule and returns its events. */
    static List<Event> replay(JvmSubject subject, List<ThreadId> schedule) {
        List<Event> events = new ArrayList<>();
        try (JvmRun run = subject.start()) {
            for (ThreadId thread : schedule) {
                events.add(run.step(thread));
            }
        }
        return events;
    }
}
