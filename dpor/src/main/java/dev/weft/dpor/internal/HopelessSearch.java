package dev.weft.dpor.internal;

/**
 * Tells early that a search cannot finish in its time budget, so that a search by preemption bound gets the time
 * instead ({@link dev.weft.dpor.ExplorationOptions#stopsWhenHopeless}). The estimate of the share run so far
 * ({@link DepthFirstSearch#shareDone}) runs high early on, since races found later add branches: a search it calls
 * hopeless is, and one it lets go on may still not finish (its budget then ends it, as without this).
 */
final class HopelessSearch {

    /** Look only after this share of the time budget, so that the estimate rests on enough executions. */
    private static final double FIRST_LOOK = 0.1;
    /** ... and after this many executions. */
    private static final long FIRST_EXECUTIONS = 100;
    /** Hopeless when it would take this many times its budget: the estimate is rough. */
    private static final double MARGIN = 4;

    private HopelessSearch() {
    }

    /** Whether the search, {@code elapsed} nanoseconds into its budget of {@code maxNanos}, cannot finish in it. */
    static boolean hopeless(DepthFirstSearch search, long elapsed, long maxNanos) {
        if (maxNanos == Long.MAX_VALUE || elapsed < FIRST_LOOK * maxNanos || search.ended() < FIRST_EXECUTIONS) {
            return false;
        }
        double share = search.shareDone();
        return share > 0 && elapsed / share > MARGIN * maxNanos;
    }
}
