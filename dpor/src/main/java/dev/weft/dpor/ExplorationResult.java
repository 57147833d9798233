package dev.weft.dpor;

import java.util.List;

/**
 * What an exploration found.
 *
 * @param executions      executions run to their end: complete, failed or deadlocked (not sleep-set blocked)
 * @param completed       executions in which every thread ended without failure
 * @param sleepSetBlocked executions abandoned because every enabled thread was asleep
 * @param exhaustive      whether every schedule the algorithm asks for was run (false when a budget ran out or the
 *                        search stopped at a failure)
 * @param failures        the failing executions found, in the order found; a {@code DATA_RACE} (the first execution
 *                        with a data race, see {@code FailureKind.DATA_RACE}) comes last, and when the exploration
 *                        stops at the first failure it is there only if nothing else failed
 * @param elapsedNanos    wall time of the exploration
 */
public record ExplorationResult(long executions, long completed, long sleepSetBlocked, boolean exhaustive,
                                List<ExplorationFailure> failures, long elapsedNanos) {

    public ExplorationResult {
        failures = List.copyOf(failures);
    }

    public boolean failed() {
        return !failures.isEmpty();
    }
}
