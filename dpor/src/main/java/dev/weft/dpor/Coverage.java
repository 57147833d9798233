package dev.weft.dpor;

/**
 * What a search that could not be exhaustive covered. A search within a preemption bound runs every outcome of the
 * schedules that switch away from a running thread at most that many times ({@link Explorer#boundedCoverage}): a
 * failure that needs no more preemptions than the completed bound is found with certainty.
 *
 * @param completedBound      the largest preemption bound all of whose schedules' outcomes were covered; -1 when none
 * @param nextBoundShare      of the search within the next bound, the share run when the budget ran out (an estimate,
 *                            0 to 1); {@code NaN} when it was not begun
 * @param estimatedExecutions how many executions the exhaustive search would run, estimated from the part it ran
 *                            (Knuth's estimator read off the search's stack); -1 when unknown
 * @param sampled             how many random schedules of probabilistic concurrency testing (PCT) were run besides
 * @param sampledThreads      the most threads one of them had: each sample showed a bug of depth 1 (one thread's
 *                            step before another's) with probability at least {@code 1 / sampledThreads}
 */
public record Coverage(int completedBound, double nextBoundShare, long estimatedExecutions, long sampled,
                       int sampledThreads) {

    /** An estimate this large or larger is told as "more than a million billion": it means only that. */
    public static final long BEYOND = 1_000_000_000_000_000L;

    /** Nothing is known beyond the counts: an exhaustive search, or one stopped with no estimate. */
    public static final Coverage NONE = new Coverage(-1, Double.NaN, -1, 0, 0);

    /** How many depths the random schedules take in turn: the first has depth 1, the next 2, ..., then 1 again. */
    public static final int SAMPLE_DEPTHS = 3;

    public Coverage withEstimatedExecutions(long value) {
        return new Coverage(completedBound, nextBoundShare, value, sampled, sampledThreads);
    }

    /** Whether a bounded search ran: the coverage is then stated by its bounds. */
    public boolean bounded() {
        return completedBound >= 0 || !Double.isNaN(nextBoundShare) || sampled > 0;
    }

    /**
     * The probability that the samples missed a bug of depth 1, had there been one: at most {@code (1 - 1/n)^s} for
     * the {@code s} samples of depth 1 (every {@link #SAMPLE_DEPTHS}-th, the first among them) of at most {@code n}
     * threads. 1 without samples.
     */
    public double depthOneMissBound() {
        long depthOne = (sampled + SAMPLE_DEPTHS - 1) / SAMPLE_DEPTHS;
        if (depthOne == 0 || sampledThreads == 0) {
            return 1;
        }
        return Math.pow(1 - 1.0 / sampledThreads, depthOne);
    }

    /**
     * One line a user reads once: {@code "every schedule with at most 1 preemption covered, those with 2 about 12 %"},
     * and the estimate of the exhaustive search when there is one.
     */
    public String describe() {
        StringBuilder text = new StringBuilder();
        if (completedBound >= 0) {
            text.append("every schedule with at most ").append(preemptions(completedBound)).append(" covered");
            if (!Double.isNaN(nextBoundShare)) {
                text.append(", those with ").append(completedBound + 1).append(" about ")
                        .append(percent(nextBoundShare));
            }
        } else if (!Double.isNaN(nextBoundShare)) {
            text.append("not every schedule with 0 preemptions covered, about ").append(percent(nextBoundShare));
        }
        if (sampled > 0) {
            text.append(text.length() == 0 ? "" : "; ").append(String.format("%,d random schedules (PCT)", sampled));
            double miss = depthOneMissBound();
            text.append(miss < 0.001 ? ", certain to have shown a bug of depth 1"
                    : String.format(", %.1f %% sure to have shown a bug of depth 1", 100 * (1 - miss)));
        }
        if (estimatedExecutions >= 0) {
            text.append(text.length() == 0 ? "" : "; ").append("the exhaustive search would take ")
                    .append(estimatedExecutions >= BEYOND ? "more than a million billion"
                            : String.format("about %,d", estimatedExecutions)).append(" executions (estimate)");
        }
        return text.toString();
    }

    static String preemptions(int count) {
        return count + (count == 1 ? " preemption" : " preemptions");
    }

    private static String percent(double share) {
        double p = 100 * share;
        return p > 0 && p < 1 ? "<1 %" : String.format("%.0f %%", p);
    }
}
