package dev.weft.dpor;

/** How one execution ended. */
public enum ExecutionStatus {
    /** every thread ended without failure */
    COMPLETE,
    /** a failure: assertion, exception, deadlock, step limit, nondeterminism, uncontrolled blocking */
    FAILED,
    /** abandoned because every enabled thread was asleep: its trace was or will be run elsewhere */
    SLEEP_SET_BLOCKED
}
