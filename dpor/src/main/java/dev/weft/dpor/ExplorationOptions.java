package dev.weft.dpor;

/**
 * How far and how an exploration goes.
 *
 * @param algorithm          how schedules are chosen
 * @param maxExecutions      stop after this many executions (run to their end or sleep-set blocked); the result then
 *                           says the search was not exhaustive
 * @param maxSteps           an execution with more visible operations than this fails with {@code STEP_LIMIT}
 * @param stopOnFirstFailure stop at the first failing execution, or explore on and collect every failure
 *                           (a data race never stops the exploration: it is reported at the end when nothing failed)
 *                           (nondeterminism always stops: the schedules no longer mean anything)
 * @param maxNanos           stop starting executions once this much time has passed since the exploration began; the
 *                           result then says the search was not exhaustive, as when {@code maxExecutions} runs out
 * @param shard              the part of the search to explore ({@link Shard#WHOLE} for all of it); the budgets and
 *                           the first failure are then this part's
 * @param freeChoice         which thread moves where the search is free to choose
 * @param preemptionBound    {@link #UNBOUNDED}, or the most preemptions a schedule of the search may have: the search
 *                           then covers every outcome of the schedules within that bound
 *                           ({@link Explorer#boundedCoverage})
 * @param stopsWhenHopeless  whether the search stops early, as if its time had run out, once the estimate of its size
 *                           says it cannot finish in its time budget ({@code HopelessSearch}): a search by preemption
 *                           bound then gets the time instead
 */
public record ExplorationOptions(SearchAlgorithm algorithm, long maxExecutions, int maxSteps,
                                 boolean stopOnFirstFailure, long maxNanos, Shard shard, FreeChoice freeChoice,
                                 int preemptionBound, boolean stopsWhenHopeless) {

    /** {@link #preemptionBound} of a search that runs every schedule its algorithm asks for. */
    public static final int UNBOUNDED = -1;

    public ExplorationOptions {
        if (algorithm == null) {
            throw new IllegalArgumentException("algorithm must not be null");
        }
        if (maxExecutions < 1) {
            throw new IllegalArgumentException("maxExecutions must be >= 1 but was " + maxExecutions);
        }
        if (maxSteps < 1) {
            throw new IllegalArgumentException("maxSteps must be >= 1 but was " + maxSteps);
        }
        if (maxNanos < 1) {
            throw new IllegalArgumentException("maxNanos must be >= 1 but was " + maxNanos);
        }
        if (shard == null) {
            throw new IllegalArgumentException("shard must not be null (Shard.WHOLE for the whole search)");
        }
        if (freeChoice == null) {
            throw new IllegalArgumentException("freeChoice must not be null (FreeChoice.defaultFor(algorithm))");
        }
        if (preemptionBound < UNBOUNDED) {
            throw new IllegalArgumentException("preemptionBound must be >= 0, or UNBOUNDED, but was "
                    + preemptionBound);
        }
    }

    /** A search without a preemption bound. */
    public ExplorationOptions(SearchAlgorithm algorithm, long maxExecutions, int maxSteps, boolean stopOnFirstFailure,
                              long maxNanos, Shard shard, FreeChoice freeChoice) {
        this(algorithm, maxExecutions, maxSteps, stopOnFirstFailure, maxNanos, shard, freeChoice, UNBOUNDED, false);
    }

    /** The free choice that suits the algorithm ({@link FreeChoice#defaultFor}). */
    public ExplorationOptions(SearchAlgorithm algorithm, long maxExecutions, int maxSteps, boolean stopOnFirstFailure,
                              long maxNanos, Shard shard) {
        this(algorithm, maxExecutions, maxSteps, stopOnFirstFailure, maxNanos, shard,
                algorithm == null ? null : FreeChoice.defaultFor(algorithm));
    }

    /** The whole search. */
    public ExplorationOptions(SearchAlgorithm algorithm, long maxExecutions, int maxSteps, boolean stopOnFirstFailure,
                              long maxNanos) {
        this(algorithm, maxExecutions, maxSteps, stopOnFirstFailure, maxNanos, Shard.WHOLE);
    }

    /** No time budget. */
    public ExplorationOptions(SearchAlgorithm algorithm, long maxExecutions, int maxSteps, boolean stopOnFirstFailure) {
        this(algorithm, maxExecutions, maxSteps, stopOnFirstFailure, Long.MAX_VALUE);
    }

    /** Unbounded executions, 10,000 steps, stop at the first failure. */
    public static ExplorationOptions of(SearchAlgorithm algorithm) {
        return new ExplorationOptions(algorithm, Long.MAX_VALUE, 10_000, true);
    }

    public ExplorationOptions withMaxExecutions(long value) {
        return new ExplorationOptions(algorithm, value, maxSteps, stopOnFirstFailure, maxNanos, shard, freeChoice,
                preemptionBound, stopsWhenHopeless);
    }

    public ExplorationOptions withMaxSteps(int value) {
        return new ExplorationOptions(algorithm, maxExecutions, value, stopOnFirstFailure, maxNanos, shard, freeChoice,
                preemptionBound, stopsWhenHopeless);
    }

    public ExplorationOptions withStopOnFirstFailure(boolean value) {
        return new ExplorationOptions(algorithm, maxExecutions, maxSteps, value, maxNanos, shard, freeChoice,
                preemptionBound, stopsWhenHopeless);
    }

    public ExplorationOptions withMaxNanos(long value) {
        return new ExplorationOptions(algorithm, maxExecutions, maxSteps, stopOnFirstFailure, value, shard, freeChoice,
                preemptionBound, stopsWhenHopeless);
    }

    public ExplorationOptions withShard(Shard value) {
        return new ExplorationOptions(algorithm, maxExecutions, maxSteps, stopOnFirstFailure, maxNanos, value,
                freeChoice, preemptionBound, stopsWhenHopeless);
    }

    public ExplorationOptions withFreeChoice(FreeChoice value) {
        return new ExplorationOptions(algorithm, maxExecutions, maxSteps, stopOnFirstFailure, maxNanos, shard, value,
                preemptionBound, stopsWhenHopeless);
    }

    public ExplorationOptions withPreemptionBound(int value) {
        return new ExplorationOptions(algorithm, maxExecutions, maxSteps, stopOnFirstFailure, maxNanos, shard,
                freeChoice, value, stopsWhenHopeless);
    }

    public ExplorationOptions withStopsWhenHopeless(boolean value) {
        return new ExplorationOptions(algorithm, maxExecutions, maxSteps, stopOnFirstFailure, maxNanos, shard,
                freeChoice, preemptionBound, value);
    }

    /** Whether the search runs only the schedules within a preemption bound. */
    public boolean bounded() {
        return preemptionBound != UNBOUNDED;
    }
}
