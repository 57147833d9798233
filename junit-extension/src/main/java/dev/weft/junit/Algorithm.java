package dev.weft.junit;

/** How {@link ExhaustiveConcurrency} chooses the interleavings it runs. */
public enum Algorithm {
    /**
     * Dynamic partial-order reduction (source sets, vector clocks, sleep sets): every non-equivalent interleaving
     * (every Mazurkiewicz trace) exactly once, and now and then an execution cut off halfway by a sleep set.
     */
    DPOR,
    /** Every interleaving, with no reduction: exponentially more executions; for cross-checking. */
    NAIVE,
    /**
     * Optimal dynamic partial-order reduction (source sets with wakeup trees): every Mazurkiewicz trace exactly once,
     * and, where the races are on memory rather than on locks, no execution started only to be cut off halfway by a
     * sleep set. The default.
     */
    OPTIMAL
}
