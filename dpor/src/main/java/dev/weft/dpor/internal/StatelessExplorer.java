package dev.weft.dpor.internal;

import dev.weft.dpor.Coverage;
import dev.weft.dpor.ExecutionRecord;
import dev.weft.dpor.ExplorationFailure;
import dev.weft.dpor.ExplorationListener;
import dev.weft.dpor.ExplorationOptions;
import dev.weft.dpor.ExplorationResult;
import dev.weft.dpor.Explorer;
import dev.weft.dpor.Parts;
import dev.weft.dpor.Schedule;
import dev.weft.dpor.SearchAlgorithm;
import dev.weft.dpor.Shard;
import dev.weft.scheduler.model.Subject;

import java.util.ArrayList;
import java.util.List;

/**
 * Depth-first, stateless exploration: every execution re-runs the subject from its start along a prefix of the
 * stack, then extends it with the first awake enabled thread at each new state.
 *
 * <p>With {@link SearchAlgorithm#NAIVE} every enabled thread is tried at every state. With
 * {@link SearchAlgorithm#DPOR} a state starts with one thread to try; each finished execution's races add the
 * reversals that source-set DPOR requires ({@link RaceReversal}), and sleep sets keep equivalent executions from being
 * run twice. With {@link SearchAlgorithm#OPTIMAL} a state keeps a wakeup tree instead ({@link WakeupTree}): a race's
 * reversal is the whole sequence that leads to it, which is then run as it is, so that no execution is started only
 * to be cut off by a sleep set.
 *
 * <p>A data race on an object that is not thread-safe ({@link DataRaces}) does not stop the exploration: a concrete
 * failure that shows what goes wrong is worth more, so the first racy execution is kept and reported as
 * {@code DATA_RACE} only when the exploration ends without any other failure (in collect-all mode it is added after
 * the others).
 */
public final class StatelessExplorer implements Explorer {

    private final ExplorationOptions options;
    private final Schedule replay;
    private final Parts parts;
    /** The most states a stateful search stores; 0 for a stateless one. */
    private final long maxStates;

    /**
     * @param replay a schedule to run once and stop (the rest of the execution, if it goes on, takes the first
     *               enabled thread at each step), or {@code null} to explore the options' shard of the search
     */
    public StatelessExplorer(ExplorationOptions options, Schedule replay) {
        this(options, replay, 0);
    }

    /**
     * A stateful search ({@link dev.weft.dpor.Explorer#stateful}) when {@code maxStates} is positive.
     *
     * @throws IllegalArgumentException for a stateful search with another algorithm than DPOR, a preemption bound or
     *                                  a shard: none of them is known to stay sound with states cut off
     */
    public StatelessExplorer(ExplorationOptions options, Schedule replay, long maxStates) {
        if (maxStates < 0) {
            throw new IllegalArgumentException("maxStates must be >= 0 but was " + maxStates);
        }
        if (maxStates > 0 && (options.algorithm() != SearchAlgorithm.DPOR || options.bounded()
                || !options.shard().equals(Shard.WHOLE) || replay != null)) {
            throw new IllegalArgumentException("a stateful search runs DPOR over the whole search, without a"
                    + " preemption bound or a replay; asked for " + options.algorithm()
                    + (options.bounded() ? " within " + options.preemptionBound() + " preemptions" : "")
                    + (options.shard().equals(Shard.WHOLE) ? "" : " in shard " + options.shard())
                    + (replay == null ? "" : " replaying a schedule"));
        }
        this.options = options;
        this.parts = replay == null ? options.shard() : Shard.WHOLE;
        this.replay = replay;
        this.maxStates = maxStates;
    }

    @Override
    public ExplorationResult explore(Subject subject, ExplorationListener listener) {
        long started = System.nanoTime();
        DepthFirstSearch search = new DepthFirstSearch(options, replay, parts);
        if (maxStates > 0) {
            search.storingStates(new VisitedStates(maxStates));
        }
        HopelessSearch hopeless = options.stopsWhenHopeless() ? new HopelessSearch(options.maxNanos()) : null;
        while (search.ended() < options.maxExecutions()
                && (search.ended() == 0 || System.nanoTime() - started < options.maxNanos())
                && !(hopeless != null && hopeless.due(System.nanoTime() - started)
                && hopeless.hopeless(search, System.nanoTime() - started))) {
            DepthFirstSearch.Ended ended = search.run(subject);
            if (ended.counted()) {
                ExecutionOutcome outcome = ended.outcome();
                listener.executionEnded(new ExecutionRecord(search.ended(), outcome.events(), outcome.status(),
                        outcome.failure()));
                if (search.stopsAt(ended)) {
                    break;
                }
            }
            if (!search.advance(DepthFirstSearch.Handover.NONE)) {
                break;
            }
        }
        return result(search, options, System.nanoTime() - started);
    }

    /** The search's counts and failures, its data race last (alone when failures stop the search). */
    static ExplorationResult result(DepthFirstSearch search, ExplorationOptions options, long nanos) {
        return result(search, options, nanos, search.ended());
    }

    /**
     * As {@link #result(DepthFirstSearch, ExplorationOptions, long)}, where {@code ranInAll} executions were run for
     * the search, by every worker: the estimate of its size weighs what they all ran against the share of the tree
     * the search has passed (a worker running ahead of the search has run what the search has yet to pass).
     */
    static ExplorationResult result(DepthFirstSearch search, ExplorationOptions options, long nanos, long ranInAll) {
        List<ExplorationFailure> failures = new ArrayList<>(search.failures);
        if (search.dataRace != null && (failures.isEmpty() || !options.stopOnFirstFailure())) {
            failures.add(search.dataRace);
        }
        ExplorationResult result = new ExplorationResult(search.executions, search.completed, search.blocked,
                search.exhaustive, failures, nanos);
        if (search.visited() != null) {
            result = result.withStates(search.visited().counts(search.revisits));
        }
        return search.exhaustive || !failures.isEmpty() ? result
                : result.withCoverage(Coverage.NONE.withEstimatedExecutions(estimatedExecutions(search, ranInAll)));
    }

    /**
     * How many executions the whole search would run, from the share of its tree passed so far and the executions
     * run for it; -1 if unknown.
     */
    static long estimatedExecutions(DepthFirstSearch search, long ran) {
        double share = search.shareDone();
        return share <= 0 ? -1 : Math.max(ran, Math.round(Math.min(ran / share, Coverage.BEYOND)));
    }
}
