package dev.weft.dpor;

/** How one execution ended. */
public enum ExecutionStatus {
    /** every thread ended without failure */
    COMPLETE,
    /** a failure: assertion, exception, deadlock, step limit, nondeterminism, uncontrolled blocking */
    FAILED,
    /** abandoned because every enabled thread was asleep: its trace was or will be run elsewhere */
    SLEEP_SET_BLOCKED,
    /**
     * stopped at a state an earlier execution had reached and explored from (a stateful search,
     * {@link Explorer#stateful}): what follows was run then
     */
    REVISITED,
    /**
     * stopped where it entered a part of the search that another shard explores ({@link Shard}); such an execution
     * is not counted and never reaches a listener
     */
    OTHER_SHARD
}
