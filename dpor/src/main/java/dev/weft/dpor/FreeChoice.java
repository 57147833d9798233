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
     * {@link #LOWEST}, for every algorithm. {@link #LAST} makes big0 9 % faster on JDK 17 with OPTIMAL, but a spurious
     * wake-up is offered only to the thread that just began to wait, before any other moves, so which of the two the
     * search explores depends on this choice: with {@link #LAST} a notify lost before the wait of a thread other than
     * the main one can be missed (docs/design/explorers.md, "The free choice"). Plain DPOR's published counts of
     * sleep-set blocked executions also assume {@link #LOWEST} (with {@link #LAST}, big0: 6,214 instead of 933).
     */
    public static final FreeChoice DEFAULT = LOWEST;
}
