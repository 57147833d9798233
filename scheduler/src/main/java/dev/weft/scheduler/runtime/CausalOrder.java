package dev.weft.scheduler.runtime;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.ThreadId;
import dev.weft.scheduler.runtime.pools.NeutralTakes;

import java.util.List;

/**
 * The happens-before order of an execution's events as the explorer builds it, asked by the runtime while the
 * execution runs: whether an idle pool worker's take of a task orders anything that the task's submission did not
 * already order ({@link NeutralTakes}). The runtime has no order of its own; the explorer's is the one source.
 */
public interface CausalOrder {

    /** Knows nothing: every take is taken to order what its worker did before the task. */
    CausalOrder UNKNOWN = (events, event, thread, threadSteps) -> false;

    /**
     * Whether event {@code event} happens after everything {@code thread} knows now, apart from its own events from
     * step {@code threadSteps} on: its first {@code threadSteps} events, and every event of another thread that happens
     * before the thread's latest event (or its start).
     *
     * @param events the execution's events so far, in order; the same list, grown, on later calls of one execution
     */
    boolean knowsThePastOf(List<Event> events, int event, ThreadId thread, int threadSteps);
}
