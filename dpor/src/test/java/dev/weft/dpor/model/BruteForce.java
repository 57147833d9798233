package dev.weft.dpor.model;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.ThreadId;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Consumer;

/**
 * Every interleaving of a model program, enumerated without any explorer: a plain depth-first search that re-runs the
 * program from the start along each prefix and branches on every enabled thread. It is the independent computation
 * that the oracle counts and the explorers are checked against, so it shares nothing with them but the model.
 */
public final class BruteForce {

    /** One maximal interleaving: it ran until every thread ended, none could move, or a thread failed. */
    public record Interleaving(List<Event> events, Outcome outcome) {

        /** The Mazurkiewicz trace it belongs to; for a failure, the trace of what led to it. */
        public TraceKey traceKey() {
            return outcome.ending() == Outcome.Ending.ASSERTION || outcome.ending() == Outcome.Ending.EXCEPTION
                    ? TraceKey.causalPastOfLast(events) : TraceKey.of(events);
        }
    }

    /** A schedule prefix still to be run, as a chain of choices back to the start. */
    private record Branch(Branch parent, ThreadId choice, int length) {

        ThreadId[] schedule() {
            ThreadId[] schedule = new ThreadId[length];
            for (Branch b = this; b != null && b.length > 0; b = b.parent) {
                schedule[b.length - 1] = b.choice;
            }
            return schedule;
        }
    }

    /** Which interleavings to enumerate. */
    public enum Mode {
        /** every interleaving */
        ALL,
        /**
         * every interleaving in which a thread start, thread end or join runs as soon as it is enabled. Each of these
         * operations commutes with every operation of another thread that could run while it waits (a start and an
         * end touch nothing another thread touches, except a join of the ending thread, which cannot run before the
         * end; an enabled join stays enabled), so moving it earlier gives an equivalent interleaving: this mode meets
         * exactly the same traces as {@link #ALL}, through far fewer interleavings.
         */
        EAGER_THREAD_OPERATIONS
    }

    /**
     * Hands every interleaving of the program to the consumer: each run replays a branch from the start and then
     * extends it with the first enabled thread at every state, leaving the other enabled threads as branches.
     *
     * @return the number of interleavings
     * @throws IllegalStateException when there are more than {@code maxInterleavings}
     */
    public static long enumerate(ModelProgram program, Mode mode, long maxInterleavings,
                                 Consumer<Interleaving> consumer) {
        ModelSubject subject = new ModelSubject(program);
        Deque<Branch> todo = new ArrayDeque<>();
        todo.push(new Branch(null, null, 0));
        long found = 0;
        while (!todo.isEmpty()) {
            Branch branch = todo.pop();
            List<Event> events = new ArrayList<>();
            Outcome outcome;
            try (ModelRun run = subject.start()) {
                for (ThreadId thread : branch.schedule()) {
                    events.add(run.step(thread));
                }
                while (run.failure().isEmpty()) {
                    List<ThreadId> enabled = choices(run.pending(), mode);
                    if (enabled.isEmpty()) {
                        break;
                    }
                    for (int i = enabled.size() - 1; i > 0; i--) {
                        todo.push(new Branch(branch, enabled.get(i), branch.length + 1));
                    }
                    branch = new Branch(branch, enabled.get(0), branch.length + 1);
                    events.add(run.step(enabled.get(0)));
                }
                outcome = run.outcome();
            }
            if (++found > maxInterleavings) {
                throw new IllegalStateException(program.name() + " has more than " + maxInterleavings
                        + " interleavings");
            }
            consumer.accept(new Interleaving(List.copyOf(events), outcome));
        }
        return found;
    }

    public static List<Interleaving> all(ModelProgram program, Mode mode, long maxInterleavings) {
        List<Interleaving> result = new ArrayList<>();
        enumerate(program, mode, maxInterleavings, result::add);
        return result;
    }

    private static List<ThreadId> choices(List<PendingOperation> pending, Mode mode) {
        if (mode == Mode.EAGER_THREAD_OPERATIONS) {
            for (PendingOperation p : pending) {
                OpKind kind = p.operation().kind();
                if (p.enabled() && (kind == OpKind.START || kind == OpKind.END || kind == OpKind.JOIN)) {
                    return List.of(p.thread());
                }
            }
        }
        return pending.stream().filter(PendingOperation::enabled).map(PendingOperation::thread).toList();
    }
}
