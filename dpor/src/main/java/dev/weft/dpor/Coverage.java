package dev.weft.dpor;

/**
 * What a search that could not be exhaustive covered. A search within a preemption bound runs every outcome of the
 * schedules that switch away from a running thread at most that many times ({@link Explorer#boundedCoverage}): a failure that
 * needs no more preemptions than the completed bound is found with certainty.
 *
 * @param completedBound      the largest preemption bound all of whose schedules' outcomes were covered; -1 when none
 * @param nextBoundShare      of the search within the next bound, the share run when the budget ran out (an estimate,
 *                            0 to 1); {@code NaN} when it was not begun
 * @param estimatedExecutions how many executions the exhaustive search would run, estimated from the part it ran
 *                            (Knuth's estimator read off the search's stack); -1 when unknown
 */
public record Coverage(int completedBound, double nextBoundShare, long estimatedExecutions) {

    /** Nothing is known beyond the counts: an exhaustive search, or one stopped with no estimate. */
    public static final Coverage NONE = new Coverage(-1, Double.NaN, -1);

    public Coverage withEstimatedExecutions(long value) {
        return new Coverage(completedBound, nextBoundShare, value);
    }

    /** Whether a bounded search ran: the coverage is then stated by its bounds. */
    public boolean bounded() {
        return completedBound >= 0 || !Double.isNaN(nextBoundShare);
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
        if (estimatedExecutions >= 0) {
            text.append(text.length() == 0 ? "" : "; ").append("the exhaustive search would take about ")
                    .append(String.format("%,d", estimatedExecutions)).append(" executions (estimate)");
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
