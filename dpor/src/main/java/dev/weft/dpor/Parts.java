package dev.weft.dpor;

/**
 * Which parts of a divided search an exploration runs (docs/design/explorers.md, "Shards"). The search is divided
 * the same way in every exploration that asks for the same number of {@link #ways()}: every exploration builds the
 * same states above the split and meets the parts in the same depth-first order, numbered from 0, and runs the
 * parts it {@link #take}s. Explorations that between them take every part exactly once run exactly the executions of
 * the whole search. A {@link Shard} takes a fixed share, decided alone (processes and machines that never talk).
 */
public interface Parts {

    /**
     * Into how many ways the search is divided; 1 for the whole search. The split lies deep enough for several parts
     * per way, so that parts of different sizes even out.
     */
    int ways();

    /** Whether this exploration runs the part with this number. Asked once for every part, in increasing order. */
    boolean take(long part);

    /**
     * Branching states above the split beyond those needed for one part per way: every branching state at least
     * doubles the parts, so with the default of 4 each way gets about sixteen parts, which evens out parts of different
     * sizes ({@link Shard#DEFAULT_SPARE_CHOICES}). Every exploration of one divided search must use the same value.
     */
    int spareChoices();
}
