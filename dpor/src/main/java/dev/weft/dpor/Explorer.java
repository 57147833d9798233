package dev.weft.dpor;

import dev.weft.dpor.internal.BoundedCoverageExplorer;
import dev.weft.dpor.internal.StatelessExplorer;
import dev.weft.scheduler.model.Subject;

/** Runs a subject under the schedules its algorithm chooses. */
public interface Explorer {

    /** Explores the subject until every schedule is run, the budget is spent, or (if asked) a failure is found. */
    ExplorationResult explore(Subject subject, ExplorationListener listener);

    /** An explorer for the options' algorithm. */
    static Explorer create(ExplorationOptions options) {
        return new StatelessExplorer(options, null);
    }

    /**
     * A stateful search (Yang, Chen, Gopalakrishnan and Kirby, "Efficient Stateful Dynamic Partial Order Reduction",
     * SPIN 2008): DPOR that stops an execution where it reaches a state ({@link dev.weft.scheduler.model.Run#state})
     * explored to its end before, and reverses the races of what may follow that state from the steps it saw follow
     * one another. It reaches every state the stateless search reaches, so it finds the same failures and final
     * states, in fewer executions where different schedules lead to the same states; it no longer runs each trace
     * once. A subject whose runs cannot tell their state is explored as the stateless search does. At most
     * {@code maxStates} states are stored; beyond, the search goes on as a stateless one, and its result says so
     * ({@link StoredStates}).
     *
     * @throws IllegalArgumentException unless the options ask for {@link SearchAlgorithm#DPOR} over the whole search
     *                                  without a preemption bound, or if {@code maxStates} is below 1
     */
    static Explorer stateful(ExplorationOptions options, long maxStates) {
        if (maxStates < 1) {
            throw new IllegalArgumentException("a stateful search must store at least one state, not " + maxStates);
        }
        return new StatelessExplorer(options, null, maxStates);
    }

    /**
     * An explorer that runs exactly one execution along the schedule (for replaying a reported failure). If the
     * schedule names a thread that cannot move, the execution fails with {@code NONDETERMINISM} saying where.
     */
    static Explorer replaying(Schedule schedule, ExplorationOptions options) {
        return new StatelessExplorer(options, schedule);
    }

    /**
     * An explorer that covers the schedules by increasing preemption bound, 0, 1, 2, ..., within the options' budget,
     * every other execution a random schedule (PCT) for the bugs beyond the bound the budget reaches: when the budget
     * ends the search, its result says which bound it completed and how many schedules it sampled
     * ({@link Coverage}). It ends as exhaustive when a bound left nothing out. The options' own
     * {@code preemptionBound} and shard are not used (the whole search is covered).
     */
    static Explorer boundedCoverage(ExplorationOptions options) {
        return new BoundedCoverageExplorer(options, true);
    }

    /**
     * As {@link #boundedCoverage}: with {@code sampled}, every other execution is a random schedule of probabilistic
     * concurrency testing (PCT), whose chance to show a bug of a given depth the result states; without, only the
     * search by bound runs.
     */
    static Explorer boundedCoverage(ExplorationOptions options, boolean sampled) {
        return new BoundedCoverageExplorer(options, sampled);
    }
}
