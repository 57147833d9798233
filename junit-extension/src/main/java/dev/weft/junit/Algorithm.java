package dev.weft.junit;

/** How {@link ExhaustiveConcurrency} chooses the interleavings it runs. */
public enum Algorithm {
    /**
     * Dynamic partial-order reduction (source sets, vector clocks, sleep sets): every non-equivalent interleaving
     * (every Mazurkiewicz trace) exactly once. The default.
     */
    DPOR,
    /** Every interleaving, with no reduction: exponentially more executions; for cross-checking. */
    NAIVE
}
