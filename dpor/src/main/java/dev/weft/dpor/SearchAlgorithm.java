package dev.weft.dpor;

/** How an explorer chooses the schedules it runs. */
public enum SearchAlgorithm {
    /** every interleaving, depth-first: the reference that the others are checked against */
    NAIVE,
    /** source-set dynamic partial-order reduction with vector clocks and sleep sets: every Mazurkiewicz trace once */
    DPOR
}
