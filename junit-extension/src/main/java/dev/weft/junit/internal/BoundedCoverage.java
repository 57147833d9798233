package dev.weft.junit.internal;

import dev.weft.dpor.Coverage;
import dev.weft.dpor.ExplorationOptions;
import dev.weft.dpor.ExplorationResult;
import dev.weft.dpor.Explorer;
import dev.weft.scheduler.runtime.JvmSubject;

import java.util.function.LongUnaryOperator;

/**
 * How a test's budget is shared when the exhaustive search may not finish in it: the exhaustive search gets the first
 * half (of the time and of the executions); if it did not finish, the search by increasing preemption bound
 * ({@link Explorer#boundedCoverage}) gets what is left, so that the verdict says which bound it covered. A test whose
 * exhaustive search finishes in the first half runs exactly as without this.
 */
final class BoundedCoverage {

    /**
     * The combined result, the subject whose executions ran last (for the failure's report), and the executions both
     * halves ran against the budget (the exhaustive half's runs ahead in vain among them, which the result does not
     * count).
     */
    record Outcome(ExplorationResult result, JvmSubject subject, long ran) {
    }

    private final ExplorationOptions rest;
    private final ExplorationResult exhaustive;
    private final long ran;
    private final long started;

    /**
     * @param whole      the test's whole budget
     * @param exhaustive what the exhaustive search did in its half
     * @param ran        the executions it ran, every worker's, against the budget
     * @param started    when the test's exploration began ({@link System#nanoTime()})
     */
    BoundedCoverage(ExplorationOptions whole, ExplorationResult exhaustive, long ran, long started) {
        long spent = System.nanoTime() - started;
        this.rest = whole.withMaxNanos(part(whole.maxNanos(), budget -> budget - spent))
                .withMaxExecutions(part(whole.maxExecutions(), budget -> budget - ran));
        this.exhaustive = exhaustive;
        this.ran = ran;
        this.started = started;
    }

    /**
     * The budget of the exhaustive search: half of each of the test's; less if its estimate says early that it cannot
     * finish in the time ({@link ExplorationOptions#stopsWhenHopeless}).
     */
    static ExplorationOptions firstHalf(ExplorationOptions whole) {
        return whole.withStopsWhenHopeless(true).withMaxNanos(part(whole.maxNanos(), budget -> budget / 2))
                .withMaxExecutions(part(whole.maxExecutions(), budget -> budget / 2));
    }

    /** A part of a budget, at least 1; no budget ({@link Long#MAX_VALUE}) stays none. */
    private static long part(long budget, LongUnaryOperator of) {
        return budget == Long.MAX_VALUE ? Long.MAX_VALUE : Math.max(1, of.applyAsLong(budget));
    }

    Explorer explorer() {
        return Explorer.boundedCoverage(rest);
    }

    /**
     * Both searches as one outcome: a result with their counts added up, the bounded search's verdict and coverage,
     * and the estimate of the exhaustive search's size.
     *
     * @param bounded the bounded search's result; {@code null} if it was abandoned (the exhaustive search's stands)
     * @param subject the subject the bounded search ran last
     */
    Outcome combined(ExplorationResult bounded, JvmSubject subject) {
        long ranInAll = ran + (bounded == null ? 0 : bounded.executions() + bounded.sleepSetBlocked());
        return new Outcome(combinedResult(bounded), subject, ranInAll);
    }

    private ExplorationResult combinedResult(ExplorationResult bounded) {
        if (bounded == null) {
            return exhaustive;
        }
        Coverage coverage = bounded.coverage().withEstimatedExecutions(exhaustive.coverage().estimatedExecutions());
        return new ExplorationResult(exhaustive.executions() + bounded.executions(),
                exhaustive.completed() + bounded.completed(), exhaustive.sleepSetBlocked() + bounded.sleepSetBlocked(),
                bounded.exhaustive(), bounded.failures(), System.nanoTime() - started, coverage);
    }

    /** The console's word when the exhaustive search gives way. */
    static String switchNote(ExplorationResult exhaustive, long ran) {
        long estimate = exhaustive.coverage().estimatedExecutions();
        return String.format("the exhaustive search cannot finish in the budget (%,d executions in %,d ms%s): covering"
                + " the schedules by increasing number of preemptions (0, 1, 2, ...), and random ones, for the rest",
                ran, exhaustive.elapsedNanos() / 1_000_000,
                estimate < 0 ? "" : estimate >= Coverage.BEYOND ? ", of more than a million billion by estimate"
                        : String.format(", of about %,d by estimate", estimate));
    }
}
