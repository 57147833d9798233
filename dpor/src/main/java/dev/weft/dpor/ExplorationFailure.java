package dev.weft.dpor;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.FailureKind;
import dev.weft.scheduler.model.PendingOperation;

import java.util.List;

/**
 * A failing execution, with everything a report needs.
 *
 * @param kind      what sort of failure
 * @param message   one line on what went wrong
 * @param cause     the original throwable, or {@code null}
 * @param events    the events of the failing execution, in order
 * @param schedule  the schedule that reproduces it
 * @param stuck     for a deadlock, the threads that could not move and what they were waiting for; else empty
 * @param preemptions how many times the schedule switches away from a thread that could have gone on (a switch
 *                  after a thread blocked or ended is not counted): the fewer, the easier the schedule is to follow
 * @param race      for {@code DATA_RACE} the two racing calls; for other kinds the race whose reversal made the
 *                  exploration run this execution, or {@code null} when no reversal did (the first execution, a
 *                  replay, the fewest-preemptions search, NAIVE)
 */
public record ExplorationFailure(FailureKind kind, String message, Throwable cause, List<Event> events,
                                 Schedule schedule, List<PendingOperation> stuck, int preemptions,
                                 RacingSteps race) {

    public ExplorationFailure {
        events = List.copyOf(events);
        stuck = List.copyOf(stuck);
    }

    /** A failure with no race named by the explorer. */
    public ExplorationFailure(FailureKind kind, String message, Throwable cause, List<Event> events,
                              Schedule schedule, List<PendingOperation> stuck, int preemptions) {
        this(kind, message, cause, events, schedule, stuck, preemptions, null);
    }

    /**
     * The steps of the schedule in which a waiting thread stopped waiting on its own, though no other thread woke it:
     * spurious wake-ups and timeouts ({@link dev.weft.scheduler.model.Operation#wakesOnItsOwn()}).
     */
    public int spuriousWakeUpsAndTimeouts() {
        return (int) events.stream().filter(event -> event.operation().wakesOnItsOwn()).count();
    }

    /**
     * Whether this is a {@code STEP_LIMIT} of an execution that stopped before the step limit: the memory that keeps
     * an execution's record was full ({@link dev.weft.scheduler.model.Run#memoryFull}). Such a failure is reported as
     * found: another execution as long, to shorten or to detail it, would fill the memory again.
     */
    public boolean filledTheMemory(int maxSteps) {
        return kind == FailureKind.STEP_LIMIT && events.size() < maxSteps;
    }

    /**
     * The same failure with the events of a replay of its schedule that recorded more detail (stacks, values). The
     * replay must have performed the same operations, which the caller checks.
     */
    public ExplorationFailure withEvents(List<Event> detailed) {
        return new ExplorationFailure(kind, message, cause, detailed, schedule, stuck, preemptions, race);
    }
}
