package dev.weft.junit.internal;

import dev.weft.dpor.ExplorationFailure;
import dev.weft.dpor.ExplorationOptions;
import dev.weft.dpor.PreemptionBounding;
import dev.weft.scheduler.model.Subject;

import java.util.concurrent.TimeUnit;

/**
 * The failure a test reports: the explorer's first failing schedule, or one that fails the same way with fewer
 * preemptions, or as many and fewer spurious wake-ups and timeouts (easier to follow), and what finding it cost.
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

    /**
     * Looks for a schedule with fewer preemptions, then fewer spurious wake-ups and timeouts, that fails with the same
     * kind, within the default budget.
     */
    static ReportedFailure withFewestPreemptions(Subject subject, ExplorationFailure first,
                                                 ExplorationOptions options) {
        long started = System.nanoTime();
        PreemptionBounding.Result result = PreemptionBounding.minimize(subject, first, options,
                PreemptionBounding.Budget.DEFAULT);
        return new ReportedFailure(first, result.failure(), true, result.executions(), System.nanoTime() - started);
    }

    /**
     * For the assertion message, e.g. "1 preemption (DPOR's first failing schedule had 3)", or "0 preemptions (DPOR's
     * first failing schedule had 0 preemptions and 2 spurious wake-ups or timeouts)".
     */
    String preemptions(String algorithm) {
        return schedule(shown) + (shortened() ? " (" + algorithm + "'s first failing schedule had " + firstHad() + ")"
                : "");
    }

    /** For the console line: the count, and what the search cost when it ran. */
    String preemptionsAndCost(String algorithm) {
        if (!searched || searchExecutions == 0) {
            return schedule(shown);
        }
        return schedule(shown) + " (" + (shortened() ? algorithm + "'s first had " + firstHad() : "none fewer found")
                + "; " + searchExecutions + " more executions, " + TimeUnit.NANOSECONDS.toMillis(searchNanos) + " ms)";
    }

    private boolean shortened() {
        return shown != first;
    }

    /** The first schedule's preemptions: the bare count, unless it took spurious wake-ups or timeouts too. */
    private String firstHad() {
        return first.spuriousWakeUpsAndTimeouts() == 0 ? String.valueOf(first.preemptions()) : schedule(first);
    }

    /** Its preemptions, and its spurious wake-ups and timeouts when it took any. */
    private static String schedule(ExplorationFailure failure) {
        int preemptions = failure.preemptions();
        int wakeUps = failure.spuriousWakeUpsAndTimeouts();
        return preemptions + (preemptions == 1 ? " preemption" : " preemptions") + (wakeUps == 0 ? ""
                : wakeUps == 1 ? " and 1 spurious wake-up or timeout"
                : " and " + wakeUps + " spurious wake-ups or timeouts");
    }
}
