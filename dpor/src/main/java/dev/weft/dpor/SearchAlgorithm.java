package dev.weft.dpor;

/** How an explorer chooses the schedules it runs. */
public enum SearchAlgorithm {
    /** every interleaving, depth-first: the reference that the others are checked against */
    NAIVE,
    /** source-set dynamic partial-order reduction with vector clocks and sleep sets: every Mazurkiewicz trace once */
    DPOR,
    /**
     * optimal dynamic partial-order reduction: source sets with wakeup trees (Abdulla et al., JACM 2017), so that a
     * reversed race is run along the sequence that leads to it; on races over memory no execution is cut off halfway
     * by a sleep set (on locks as many as with DPOR: docs/design/explorers.md)
     */
    OPTIMAL
}
