package dev.weft.scheduler.model;

/**
 * Something an explorer can run again and again under schedules of its choosing: the JVM runtime that runs a test
 * body, or a small interpreter of model programs. Every run starts from the same initial state, so a schedule prefix
 * always leads to the same operations (when it does not, the explorer reports nondeterminism).
 */
@FunctionalInterface
public interface Subject {

    /** Starts a fresh execution with only its first thread alive, stopped in front of its first operation. */
    Run start();
}
