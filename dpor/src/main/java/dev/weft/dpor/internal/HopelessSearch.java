package dev.weft.dpor.internal;

/**
 * Tells early that a search cannot finish in its time budget, so that a search by preemption bound gets the time
 * instead ({@link dev.weft.dpor.ExplorationOptions#stopsWhenHopeless}). The estimate of the share run so far
 * ({@link DepthFirstSearch#shareDone}) runs high early on, since races found later add branches: a search it calls
 * hopeless is, and one it lets go on may still not finish (its budget then ends it, as without this). One per search:
 * it looks a few times a second at most, since a look walks the search's stack.
 */
final class HopelessSearch {

    /** Look only after this share of the time budget, so that the estimate rests on enough executions. */
    private static final double FIRST_LOOK = 0.1;
    /** ... and after this many executions. */
    private static final long FIRST_EXECUTIONS = 100;
    /** Hopeless when it would take this many times its budget: the estimate is rough. */
    private static final double MARGIN = 4;
    /** How often a look is due. */
    private static final long LOOK_NANOS = 100_000_000;

    private final long maxNanos;
    /** When the next look is due, in nanoseconds into the budget; several workers may ask, hence volatile. */
    private volatile long nextLook;

    /** @param maxNanos the search's time budget ({@link Long#MAX_VALUE}: none, and it is never hopeless) */
    HopelessSearch(long maxNanos) {
        this.maxNanos = maxNanos;
        this.nextLook = maxNanos == Long.MAX_VALUE ? Long.MAX_VALUE : (long) (FIRST_LOOK * maxNanos);
    }

    /** Whether a look is due {@code elapsed} nanoseconds into the budget; if so, the next is due a little later. */
    boolean due(long elapsed) {
        if (elapsed < nextLook) {
            return false;
        }
        nextLook = elapsed + LOOK_NANOS;
        return true;
    }

    /** Whether the search, {@code elapsed} nanoseconds into its budget, cannot finish in it. */
    boolean hopeless(DepthFirstSearch search, long elapsed) {
        if (search.ended() < FIRST_EXECUTIONS) {
            return false;
        }
        double share = search.shareDone();
        return share > 0 && elapsed / share > MARGIN * maxNanos;
    }
}
