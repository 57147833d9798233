package dev.weft.scheduler.runtime;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.Run;
import dev.weft.scheduler.model.StepPolicy;
import dev.weft.scheduler.model.SubjectFailure;
import dev.weft.scheduler.model.ThreadId;

import java.util.ArrayList;
import java.util.List;

/**
 * A tiny explorer for tests: every interleaving, depth first, re-running the subject from the start along each
 * prefix. Checks that a replayed prefix offers the same enabled threads.
 */
public final class Dfs {

    /** One complete (or failed, or blocked) execution. */
    public record Execution(List<Event> events, SubjectFailure failure, String blockage) {
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

    /**
     * Explores twice, step by step from this thread and under a policy run by the threads themselves (the direct
     * hand-off of {@link JvmRun#runWith}), checks that both saw the same executions, and returns them.
     */
    public static List<Execution> explore(JvmSubject subject) {
        List<Execution> stepped = explore(subject, false);
        List<Execution> handedOff = explore(subject, true);
        if (stepped.size() != handedOff.size()) {
            throw new AssertionError("hand-off explored " + handedOff.size() + " executions, stepping "
                    + stepped.size());
        }
        for (int i = 0; i < stepped.size(); i++) {
            Execution a = stepped.get(i);
            Execution b = handedOff.get(i);
            if (!a.events().equals(b.events()) || !String.valueOf(a.blockage()).equals(String.valueOf(b.blockage()))
                    || (a.failure() == null) != (b.failure() == null)
                    || (a.failure() != null && a.failure().kind() != b.failure().kind())) {
                throw new AssertionError("execution " + i + " differs under the hand-off:\n" + a + "\n" + b);
            }
        }
        return handedOff;
    }

    private static List<Execution> explore(JvmSubject subject, boolean handOff) {
        List<Execution> executions = new ArrayList<>();
        List<Choice> path = new ArrayList<>();
        do {
            executions.add(handOff ? runUnderPolicy(subject, path) : runAlong(subject, path));
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

    /** Like {@link #runAlong}, with the choices taken by the managed threads ({@link JvmRun#runWith}). */
    private static Execution runUnderPolicy(JvmSubject subject, List<Choice> path) {
        List<Event> events = new ArrayList<>();
        Execution[] end = new Execution[1];
        try (JvmRun run = subject.start()) {
            run.runWith(new StepPolicy() {
                @Override
                public ThreadId next(Run r) {
                    int depth = events.size();
                    if (r.failure().isPresent()) {
                        end[0] = new Execution(events, r.failure().get(), null);
                        return null;
                    }
                    List<PendingOperation> pending = r.pending();
                    if (pending.isEmpty()) {
                        end[0] = new Execution(events, null, null);
                        return null;
                    }
                    List<ThreadId> enabled = pending.stream().filter(PendingOperation::enabled)
                            .map(PendingOperation::thread).toList();
                    if (enabled.isEmpty()) {
                        end[0] = new Execution(events, null, r.describeBlockage());
                        return null;
                    }
                    if (depth >= MAX_STEPS) {
                        throw new AssertionError("more than " + MAX_STEPS + " steps: " + events.subList(0, 20));
                    }
                    if (depth < path.size()) {
                        if (!path.get(depth).enabled().equals(enabled)) {
                            throw new AssertionError("replay diverged at step " + depth + ": " + enabled
                                    + " instead of " + path.get(depth).enabled());
                        }
                    } else {
                        path.add(new Choice(enabled, 0));
                    }
                    return path.get(depth).thread();
                }

                @Override
                public boolean performed(Event event) {
                    events.add(event);
                    return true;
                }
            });
        }
        if (end[0] == null) {
            throw new AssertionError("runWith returned before the policy ended the run");
        }
        return end[0];
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
