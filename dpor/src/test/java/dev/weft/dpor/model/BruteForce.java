package dev.weft.dpor.model;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.ThreadId;

import java.util.ArrayList;
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

    private final ModelProgram program;
    private final long maxInterleavings;
    private long found;

    private BruteForce(ModelProgram program, long maxInterleavings) {
        this.program = program;
        this.maxInterleavings = maxInterleavings;
    }

    /**
     * Hands every interleaving of the program to the consumer.
     *
     * @throws IllegalStateException when there are more than {@code maxInterleavings}
     */
    public static long enumerate(ModelProgram program, long maxInterleavings, Consumer<Interleaving> consumer) {
        BruteForce search = new BruteForce(program, maxInterleavings);
        search.explore(new ArrayList<>(), consumer);
        return search.found;
    }

    public static List<Interleaving> all(ModelProgram program, long maxInterleavings) {
        List<Interleaving> result = new ArrayList<>();
        enumerate(program, maxInterleavings, result::add);
        return result;
    }

    private void explore(List<ThreadId> prefix, Consumer<Interleaving> consumer) {
        List<ThreadId> enabled = new ArrayList<>();
        List<Event> events = new ArrayList<>();
        Outcome outcome;
        try (ModelRun run = new ModelSubject(program).start()) {
            for (ThreadId thread : prefix) {
                events.add(run.step(thread));
            }
            if (run.failure().isEmpty()) {
                for (PendingOperation pending : run.pending()) {
                    if (pending.enabled()) {
                        enabled.add(pending.thread());
                    }
                }
            }
            outcome = run.outcome();
        }
        if (enabled.isEmpty()) {
            if (++found > maxInterleavings) {
                throw new IllegalStateException(program.name() + " has more than " + maxInterleavings
                        + " interleavings");
            }
            consumer.accept(new Interleaving(List.copyOf(events), outcome));
            return;
        }
        for (ThreadId thread : enabled) {
            prefix.add(thread);
            explore(prefix, consumer);
            prefix.remove(prefix.size() - 1);
        }
    }
}
