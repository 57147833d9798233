package dev.weft.dpor;

import dev.weft.dpor.internal.BranchStealing;
import dev.weft.scheduler.model.Subject;

/**
 * One search that several workers explore at once, each on a subject of its own (docs/design/explorers.md, "Parallel
 * workers"). The caller makes the workers' threads; each calls {@link #work}, and the first to call it runs the
 * execution that starts the search. A search that passes has exactly the executions, and the count, of the
 * sequential search, whatever the number of workers and their timing. Any failure or data race stops every worker.
 * When the first worker found it in an execution of the whole search's own, every execution before it in the
 * sequential order has run and passed, so it is the failure the sequential search stops at, after as many executions
 * ({@link #resultIsSequential}). Otherwise it only says that the search fails: which failure the sequential search
 * reports first, and after how many executions, is for a sequential search to find.
 */
public interface SharedSearch {

    /** A shared search with the options' algorithm, budget and shard (a replay is never shared). */
    static SharedSearch of(ExplorationOptions options) {
        return new BranchStealing(options, options.shard());
    }

    /**
     * Works on the search until it is over. Safe to call from several threads at once, each with its own subject.
     *
     * @param listener hears this worker's executions (from its thread), numbered across all workers; they include
     *                 executions of branches that were run ahead and then not taken over
     */
    void work(Subject subject, ExplorationListener listener);

    /** Stops every worker at its next execution. */
    void stop();

    /**
     * The result once every worker's {@link #work} has returned: the sequential search's if it passed or stopped at
     * the sequential search's failure ({@link #resultIsSequential}), else the failure that stopped it (not exhaustive,
     * with the executions run so far as its count).
     */
    ExplorationResult result();

    /**
     * Whether {@link #result} is the sequential search's, once every worker's {@link #work} has returned: it passed, or
     * the first worker's own execution failed (with the options' stop on the first failure) before anything else
     * stopped the search.
     */
    boolean resultIsSequential();

    /** Executions of branches run ahead of their owner that the owner then ran itself (their state had changed). */
    long cancelledExecutions();

    /** How many branches idle workers took to run ahead. */
    long branchesTaken();
}
