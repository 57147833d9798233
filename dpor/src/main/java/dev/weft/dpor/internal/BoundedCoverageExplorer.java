package dev.weft.dpor.internal;

import dev.weft.dpor.Coverage;
import dev.weft.dpor.ExecutionRecord;
import dev.weft.dpor.ExplorationFailure;
import dev.weft.dpor.ExplorationListener;
import dev.weft.dpor.ExplorationOptions;
import dev.weft.dpor.ExplorationResult;
import dev.weft.dpor.Explorer;
import dev.weft.dpor.Shard;
import dev.weft.scheduler.model.Subject;

import java.util.ArrayList;
import java.util.List;

/**
 * Iterative preemption bounding with partial-order reduction: CHESS's iterative context bounding (Musuvathi and
 * Qadeer, PLDI 2007) over DPOR made sound for a bound ({@link BoundedBranches}). It covers the outcomes of every
 * schedule with 0 preemptions, then with at most 1, at most 2, ..., until a failure, the budget, or a bound within
 * which nothing was left out (the search was then exhaustive). Each bound's search starts again from the top, as
 * CHESS's does: the last bound's search costs most.
 *
 * <p>What a search stopped by its budget covered is stated in its result ({@link Coverage}): the largest bound it
 * completed, and the share it ran of the next.
 */
public final class BoundedCoverageExplorer implements Explorer {

    private final ExplorationOptions options;
    private final boolean sampled;

    /**
     * @param options the budget (executions and time) of all bounds together; the algorithm's reduction is used
     * @param sampled whether every other execution is a random schedule ({@link PctSampler}) instead, for the bugs
     *                beyond the bound the budget reaches
     */
    public BoundedCoverageExplorer(ExplorationOptions options, boolean sampled) {
        if (!options.shard().whole()) {
            throw new IllegalArgumentException("a bounded search explores the whole search, not " + options.shard());
        }
        this.options = options;
        this.sampled = sampled;
    }

    @Override
    public ExplorationResult explore(Subject subject, ExplorationListener listener) {
        long started = System.nanoTime();
        Totals totals = new Totals();
        PctSampler sampler = sampled ? new PctSampler(subject, options.maxSteps()) : null;
        for (int bound = 0; ; bound++) {
            DepthFirstSearch search = new DepthFirstSearch(options.withPreemptionBound(bound), null, Shard.WHOLE);
            listener.boundStarted(bound);
            boolean outOfBudget = false;
            List<ExplorationFailure> stoppedBy = null;
            while (stoppedBy == null) {
                if (spent(totals.ended + search.ended(), started)) {
                    outOfBudget = true;
                    break;
                }
                DepthFirstSearch.Ended ended = search.run(subject);
                if (ended.counted()) {
                    listener.executionEnded(new ExecutionRecord(totals.ended + search.ended(),
                            ended.outcome().events(), ended.outcome().status(), ended.outcome().failure()));
                    if (search.stopsAt(ended)) {
                        stoppedBy = search.failures;
                        break;
                    }
                }
                if (!search.advance(DepthFirstSearch.Handover.NONE)) {
                    break;
                }
                if (sampler != null && !spent(totals.ended + search.ended(), started)) {
                    ExecutionOutcome sample = sampler.sample();
                    totals.sampled(sample);
                    listener.executionEnded(new ExecutionRecord(totals.ended + search.ended(), sample.events(),
                            sample.status(), sample.failure()));
                    if (sample.failure() != null && options.stopOnFirstFailure()) {
                        stoppedBy = List.of(sample.failure());
                    }
                }
            }
            totals.add(search);
            long nanos = System.nanoTime() - started;
            if (stoppedBy != null) {
                return totals.result(stoppedBy, false, totals.coverage(bound - 1, Double.NaN, sampler), nanos);
            }
            if (outOfBudget) {
                return totals.result(search.failures, false, totals.coverage(bound - 1, search.shareDone(), sampler),
                        nanos);
            }
            if (!search.leftOutByBound) {
                return totals.result(search.failures, true, Coverage.NONE, nanos);
            }
        }
    }

    /** Whether the budget is used up, with {@code ended} executions run since {@code started}. */
    private boolean spent(long ended, long started) {
        return ended >= options.maxExecutions() || System.nanoTime() - started >= options.maxNanos();
    }

    /** The counts of every bound's search so far, and the first data race any of them met. */
    private final class Totals {
        long executions;
        long completed;
        long blocked;
        long ended;
        ExplorationFailure dataRace;
        /** failures of samples, kept when failures do not stop the search */
        final List<ExplorationFailure> sampledFailures = new ArrayList<>();

        /** A sampled execution: counted as one run to its end (a sample is never sleep-set blocked). */
        void sampled(ExecutionOutcome sample) {
            executions++;
            ended++;
            if (sample.failure() == null) {
                completed++;
            } else {
                sampledFailures.add(sample.failure());
            }
        }

        Coverage coverage(int completedBound, double nextBoundShare, PctSampler sampler) {
            return new Coverage(completedBound, nextBoundShare, -1, sampler == null ? 0 : sampler.samples(),
                    sampler == null ? 0 : sampler.maxThreads());
        }

        void add(DepthFirstSearch search) {
            executions += search.executions;
            completed += search.completed;
            blocked += search.blocked;
            ended += search.ended();
            if (dataRace == null) {
                dataRace = search.dataRace;
            }
        }

        /**
         * Every bound's counts, with the last bound's failures (it ran again what the bounds before it ran); a data
         * race comes last, alone if failures stop the search, as in the search without a bound.
         */
        ExplorationResult result(List<ExplorationFailure> last, boolean exhaustive, Coverage coverage, long nanos) {
            List<ExplorationFailure> failures = new ArrayList<>(last);
            if (!options.stopOnFirstFailure()) {
                failures.addAll(sampledFailures);
            }
            if (dataRace != null && (failures.isEmpty() || !options.stopOnFirstFailure())) {
                failures.add(dataRace);
            }
            return new ExplorationResult(executions, completed, blocked, exhaustive, failures, nanos, coverage);
        }
    }
}
