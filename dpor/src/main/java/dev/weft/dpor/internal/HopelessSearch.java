package dev.weft.dpor.internal;

/**
 * Tells early that a search cannot finish in its time budget, so that a search by preemption bound gets the time
 * instead ({@link dev.weft.dpor.ExplorationOptions#stopsWhenHopeless}). The estimate of the share run so far
 * ({@link DepthFirstSearch#shareDone}) can be several times off (races found later add branches), and the first
 * seconds of a test in a fresh JVM run several times slower than the rest (the JIT has not compiled the instrumented
 * code yet): so the time left is projected from the executions the estimate leaves at the rate of the last second,
 * not since the start, and only a projection far beyond the budget counts. A search it calls hopeless is; one it lets
 * go on may still not finish (its budget then ends it, as without this). One per search: it looks a few times a second
 * at most, since a look walks the search's stack.
 *
 * <p>Why the recent rate: big0 (69,112 executions) as the first test of a fresh JVM on JDK 17 ran 2,068 executions
 * in its first 3 s and then 3,800 a second; with the share estimated at a third of the truth and the rate since the
 * start, the projection was 17 times too long, and a search that finishes in 18 s gave way after 3 s to a search by
 * bound that ended "not exhaustive" after 55 s (the user's-path benchmark found it).
 */
final class HopelessSearch {

    /** Look only after this share of the time budget: past the JIT's first compilations, on enough executions. */
    private static final double FIRST_LOOK = 0.25;
    /** ... and after this many executions. */
    private static final long FIRST_EXECUTIONS = 100;
    /** Hopeless when it would take this many times its budget: the estimate is rough. */
    private static final double MARGIN = 4;
    /** How often a look is due. */
    private static final long LOOK_NANOS = 100_000_000;
    /** The rate of progress is measured over at least this long, so that one pause (a collection) does not decide. */
    private static final long RATE_WINDOW_NANOS = 1_000_000_000;

    private final long maxNanos;
    /** When the next look is due, in nanoseconds into the budget; several workers may ask, hence volatile. */
    private volatile long nextLook;
    /** Where the current window of the rate began: time into the budget ({@code -1}: not yet), and executions then. */
    private long windowStart = -1;
    private long windowStartEnded;
    /** Nanoseconds per execution over the last full window; {@code NaN} until one was measured. */
    private double nanosPerExecution = Double.NaN;

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

    /** Whether the search, which alone ran its executions, cannot finish in its budget. */
    boolean hopeless(DepthFirstSearch search, long elapsed) {
        return hopeless(search.shareDone(), search.ended(), elapsed);
    }

    /**
     * Whether a search that has run {@code share} of its tree (by the estimate) in {@code ended} executions,
     * {@code elapsed} nanoseconds into its budget, cannot finish in it: the executions its estimate leaves, at the
     * rate of the last window. (The rate of the share itself is no measure: it grows in jumps, as branches near the
     * top of the tree finish.)
     */
    boolean hopeless(double share, long ended, long elapsed) {
        if (windowStart < 0) {
            windowStart = elapsed;
            windowStartEnded = ended;
            return false;
        }
        if (elapsed - windowStart >= RATE_WINDOW_NANOS) {
            long ran = ended - windowStartEnded;
            nanosPerExecution = ran > 0 ? (double) (elapsed - windowStart) / ran : Double.NaN;
            windowStart = elapsed;
            windowStartEnded = ended;
        }
        if (Double.isNaN(nanosPerExecution) || ended < FIRST_EXECUTIONS || share <= 0) {
            return false;
        }
        double left = ended / share - ended;
        return elapsed + left * nanosPerExecution > MARGIN * maxNanos;
    }
}
