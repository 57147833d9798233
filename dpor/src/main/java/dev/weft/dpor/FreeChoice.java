package dev.weft.dpor;

/**
 * Which thread moves where the search is free to choose: no race reversal asks for a thread, so any awake one leads
 * to the same traces being explored (each is run once whichever thread goes first). The choice changes which
 * execution of a trace is run, how many thread switches it costs and, for {@link SearchAlgorithm#DPOR}, how many
 * executions end blocked by sleep sets. A verdict or a count of traces that depends on it is a defect of a model.
 */
public enum FreeChoice {
    /** the lowest-numbered awake thread (the main thread first) */
    LOWEST,
    /**
     * the thread that moved last, while it is awake, else the lowest: fewer switches between threads, each of which
     * is a hand-off on the JVM
     */
    LAST;

    /**
     * The default of {@code algorithm}: {@link #LAST} for {@link SearchAlgorithm#OPTIMAL}, whose executions are never
     * blocked by it (big0 9 % faster on JDK 17); {@link #LOWEST} for the others (plain DPOR's published counts of
     * sleep-set blocked executions assume it, and with {@link #LAST} it runs several times as many: big0 6,214 instead
     * of 933). The traces run and the verdicts are the same with either (docs/design/explorers.md, "The free choice",
     * says where the JVM's counts differ, and the one place a spurious wake-up's offer can depend on the order).
     */
    public static FreeChoice defaultFor(SearchAlgorithm algorithm) {
        return algorithm == SearchAlgorithm.OPTIMAL ? LAST : LOWEST;
    }
}
