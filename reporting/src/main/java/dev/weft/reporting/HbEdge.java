package dev.weft.reporting;

/**
 * An edge of the happens-before graph between steps of two threads.
 *
 * @param from the index of the earlier event
 * @param to   the index of the later event
 * @param kind why the first is ordered before the second
 */
record HbEdge(int from, int to, EdgeKind kind) {

    /** Whether this edge joins the two events, in either direction. */
    boolean joins(int a, int b) {
        return (from == a && to == b) || (from == b && to == a);
    }
}
