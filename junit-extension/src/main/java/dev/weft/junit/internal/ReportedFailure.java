package dev.weft.junit.internal;

import dev.weft.dpor.ExplorationFailure;
import dev.weft.dpor.ExplorationOptions;
import dev.weft.dpor.PreemptionBounding;
import dev.weft.scheduler.model.Subject;

import java.util.concurrent.TimeUnit;

/**
 * The failure a test reports: the explorer's first failing schedule, or one that fails the same way with fewer
 * preemptions (easier to follow), and what finding it cost.
 *
 * @param first          the explorer's first failure
 * @param shown          the failure reported everywhere: message, files, replay token
 * @param searched       whether a schedule with fewer preemptions was looked for
 * @param searchExecutions executions the search ran
 * @param searchNanos    wall time of the search
 */
record ReportedFailure(ExplorationFailure first, ExplorationFailure shown, boolean searched, long searchExecutions,
                       long searchNanos) {

    /** The failure as found: a replay must show the token's own schedule, and the search may be turned off. */
    static ReportedFailure asFound(ExplorationFailure first) {
        return new ReportedFailure(first, first, false, 0, 0);
    }

    /** Looks for a schedule with fewer preemptions that fails with the same kind, within the default budget. */
    static ReportedFailure withFewestPreemptions(Subject subject, ExplorationFailure first,
                                                 ExplorationOptions options) {
        long started = System.nanoTime();
        PreemptionBounding.Result result = PreemptionBounding.minimize(subject, first, options,
                PreemptionBounding.Budget.DEFAULT);
        return new ReportedFailure(first, result.failure(), true, result.executions(), System.nanoTime() - started);
    }

    /** For the assertion message, e.g. "1 preemption (DPOR's first failing schedule had 3)". */
    String preemptions(String algorithm) {
        return count(shown.preemptions()) + (shortened() ? " (" + algorithm + "'s first failing schedule had "
                + first.preemptions() + ")" : "");
    }

    /** For the console line: the count, and what the search cost when it ran. */
    String preemptionsAndCost(String algorithm) {
        if (!searched || searchExecutions == 0) {
            return count(shown.preemptions());
        }
        return count(shown.preemptions()) + " (" + (shortened() ? algorithm + "'s first had " + first.preemptions()
                : "none fewer found") + "; " + searchExecutions + " more executions, "
                + TimeUnit.NANOSECONDS.toMillis(searchNanos) + " ms)";
    }

    private boolean shortened() {
        return shown != first;
    }

    private static String count(int preemptions) {
        return preemptions + (preemptions == 1 ? " preemption" : " preemptions");
    }
}
