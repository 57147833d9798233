package dev.weft.dpor;

import dev.weft.dpor.internal.PreemptionBoundedSearch;
import dev.weft.scheduler.model.FailureKind;
import dev.weft.scheduler.model.Subject;

import java.util.Set;

/**
 * Looks for a schedule that fails the same way as a failure an explorer found, with fewer preemptions (switches away
 * from a thread that could have gone on). Most real bugs need one or two; the explorer's first failing schedule often
 * has more, and each one is a jump a reader has to follow. The search tries 0 preemptions, then 1, then 2, ... (as
 * CHESS's iterative context bounding does) and stops at the first failure of the same kind. Among the schedules with
 * that many it then looks for one with fewer spurious wake-ups and timeouts (none, then one, ...): a thread that stops
 * waiting on its own is one more thing to follow, and most failures need none.
 */
public final class PreemptionBounding {

    /**
     * Kinds worth shortening. Not {@code STEP_LIMIT} (every try runs {@code maxSteps} steps),
     * {@code UNCONTROLLED_BLOCKING} (every try may wait for the watchdog) or {@code NONDETERMINISM} (its schedule
     * means nothing). A {@code DATA_RACE} is shortened like a failure: the search looks for an execution that
     * completes with a data race (any one: which pair races may change with the schedule), and most races show with
     * no preemption at all, since the two calls need not overlap to be unordered.
     */
    private static final Set<FailureKind> MINIMIZED = Set.of(FailureKind.ASSERTION, FailureKind.EXCEPTION,
            FailureKind.DEADLOCK, FailureKind.DATA_RACE, FailureKind.SYSTEM_EXIT, FailureKind.TIMING);

    private PreemptionBounding() {
    }

    /**
     * How much the search may cost.
     *
     * @param maxPreemptions     the highest bound tried
     * @param executionsPerBound the most executions one search runs: that of one bound, or of one bound with a cap on
     *                           the spurious wake-ups and timeouts
     * @param maxNanos           the most time the whole search may take: with many threads an execution costs
     *                           milliseconds, and a report should not wait minutes for a shorter schedule
     */
    public record Budget(int maxPreemptions, long executionsPerBound, long maxNanos) {

        /** Bounds 0, 1 and 2, at most 2,000 executions each and 10 seconds in all. */
        public static final Budget DEFAULT = new Budget(2, 2_000, 10_000_000_000L);

        /** Without a time limit. */
        public Budget(int maxPreemptions, long executionsPerBound) {
            this(maxPreemptions, executionsPerBound, Long.MAX_VALUE);
        }

        public Budget {
            if (maxPreemptions < 0) {
                throw new IllegalArgumentException("maxPreemptions must be >= 0 but was " + maxPreemptions);
            }
            if (executionsPerBound < 1) {
                throw new IllegalArgumentException("executionsPerBound must be >= 1 but was " + executionsPerBound);
            }
        }
    }

    /**
     * @param failure    the failure to report: the one found with the fewest preemptions, or the one given when no
     *                   failure of its kind with fewer preemptions was found within the budget
     * @param executions the executions the search ran
     */
    public record Result(ExplorationFailure failure, long executions) {
    }

    /**
     * @param found   a failure an explorer found in the subject
     * @param options the exploration's options; their {@code maxSteps} bounds every execution of the search too
     */
    public static Result minimize(Subject subject, ExplorationFailure found, ExplorationOptions options,
                                  Budget budget) {
        if (!MINIMIZED.contains(found.kind()) || found.filledTheMemory(options.maxSteps())) {
            return new Result(found, 0);
        }
        PreemptionBoundedSearch search = new PreemptionBoundedSearch(subject, options.maxSteps(),
                budget.executionsPerBound(), budget.maxNanos());
        for (int bound = 0; bound <= Math.min(found.preemptions(), budget.maxPreemptions()); bound++) {
            ExplorationFailure failure = bound < found.preemptions() ? search.firstFailure(bound, found.kind()) : found;
            if (failure != null) {
                return new Result(failure.kind() == found.kind() ? fewestWakeUps(search, bound, failure) : found,
                        search.executions());
            }
        }
        return new Result(found, search.executions());
    }

    /**
     * Of the schedules with at most {@code bound} preemptions that fail the same way as {@code failure}, one with the
     * fewest spurious wake-ups and timeouts: with none, then one, ..., up to one fewer than {@code failure} took.
     */
    private static ExplorationFailure fewestWakeUps(PreemptionBoundedSearch search, int bound,
                                                    ExplorationFailure failure) {
        for (int wakeUps = 0; wakeUps < failure.spuriousWakeUpsAndTimeouts(); wakeUps++) {
            ExplorationFailure fewer = search.firstFailure(bound, wakeUps, failure.kind());
            if (fewer != null) {
                return fewer.kind() == failure.kind() ? fewer : failure;
            }
        }
        return failure;
    }
}
