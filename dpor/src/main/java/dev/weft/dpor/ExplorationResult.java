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
 * @param coverage        what a search that was not exhaustive covered ({@link Coverage#NONE} when it says nothing
 *                        more than its counts)
 * @param states          what a stateful search stored ({@link StoredStates#NONE} for a stateless one)
 */
public record ExplorationResult(long executions, long completed, long sleepSetBlocked, boolean exhaustive,
                                List<ExplorationFailure> failures, long elapsedNanos, Coverage coverage,
                                StoredStates states) {

    public ExplorationResult {
        failures = List.copyOf(failures);
        if (coverage == null) {
            throw new IllegalArgumentException("coverage must not be null (Coverage.NONE)");
        }
        if (states == null) {
            throw new IllegalArgumentException("states must not be null (StoredStates.NONE)");
        }
    }

    /** A result that states no coverage beyond its counts. */
    public ExplorationResult(long executions, long completed, long sleepSetBlocked, boolean exhaustive,
                             List<ExplorationFailure> failures, long elapsedNanos) {
        this(executions, completed, sleepSetBlocked, exhaustive, failures, elapsedNanos, Coverage.NONE);
    }

    /** A stateless search's result. */
    public ExplorationResult(long executions, long completed, long sleepSetBlocked, boolean exhaustive,
                             List<ExplorationFailure> failures, long elapsedNanos, Coverage coverage) {
        this(executions, completed, sleepSetBlocked, exhaustive, failures, elapsedNanos, coverage, StoredStates.NONE);
    }

    public ExplorationResult withCoverage(Coverage value) {
        return new ExplorationResult(executions, completed, sleepSetBlocked, exhaustive, failures, elapsedNanos, value,
                states);
    }

    public ExplorationResult withStates(StoredStates value) {
        return new ExplorationResult(executions, completed, sleepSetBlocked, exhaustive, failures, elapsedNanos,
                coverage, value);
    }

    public boolean failed() {
        return !failures.isEmpty();
    }
}
