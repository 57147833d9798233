package dev.weft.reporting;

/** Why one thread's step is ordered before another thread's: the kinds of edge the pictures draw across threads. */
enum EdgeKind {
    /** a read (or a read-modify-write, a failed CAS) and the write whose value it read */
    READS_FROM("reads", false),
    /** a lock release (an unlock, or a wait) and the next acquisition of the same lock */
    LOCK("lock", false),
    /** a thread start and the first step of the started thread */
    START("start", false),
    /** the end of a thread and a join that waited for it */
    JOIN("join", false),
    /** an unpark and the park that took the permit it gave */
    UNPARK("unpark", false),
    /**
     * a notify and the re-acquisition of the monitor by a thread that was waiting on it. The notifier's release of the
     * monitor also orders the two, so a transitive reduction would always drop this edge; it is kept because it is
     * what says why the waiter woke up.
     */
    NOTIFY("notify", true);

    private final String label;
    private final boolean keptByReduction;

    EdgeKind(String label, boolean keptByReduction) {
        this.label = label;
        this.keptByReduction = keptByReduction;
    }

    /** The short word the pictures put on the edge. */
    String label() {
        return label;
    }

    /** Whether the transitive reduction keeps edges of this kind even when another path orders their ends. */
    boolean keptByReduction() {
        return keptByReduction;
    }
}
