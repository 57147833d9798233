package dev.weft.scheduler.model;

/** Why an execution failed; the names are the failure kinds of the public contract. */
public enum FailureKind {
    /** an {@link AssertionError} in any thread */
    ASSERTION,
    /** any other uncaught exception in any thread */
    EXCEPTION,
    /** no thread can move and some have not finished */
    DEADLOCK,
    /** the execution passed its bound on visible operations */
    STEP_LIMIT,
    /**
     * one execution ran longer in real time than its limit without ending (the JUnit extension sets it from the test's
     * time budget): a loop whose turns take real time (a {@code System.gc()} each) that no step limit stops soon
     * enough
     */
    TIME_LIMIT,
    /** replaying a schedule prefix did not reproduce the same operations */
    NONDETERMINISM,
    /** a thread blocked or ran too long in code the scheduler does not control */
    UNCONTROLLED_BLOCKING,
    /**
     * two threads called an object that is not thread-safe ({@code HashMap}, {@code ArrayList}), at least one of them
     * changing it, with nothing ordering the calls; reported only when no execution failed in a more concrete way
     */
    DATA_RACE,
    /**
     * a thread called {@code System.exit}, {@code Runtime.exit} or {@code Runtime.halt}: the JVM is not ended, the
     * execution fails instead (its shutdown hooks are not run)
     */
    SYSTEM_EXIT,
    /**
     * a thread failed after a sleep or timeout ended while another thread could still move: the failure needs a
     * thread to stall longer than the sleep or timeout; only when stalls are explored ({@code weft.timeouts=any})
     */
    TIMING
}
