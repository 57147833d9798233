package dev.weft.scheduler.runtime;

/**
 * Thrown by {@link JvmSubject#start()} when the thread driving the exploration has been interrupted, as JUnit's
 * {@code @Timeout} (and {@code junit.jupiter.execution.timeout.*}) does when a test runs out of time: no new execution
 * starts, and the caller ends the exploration with what ran so far.
 */
public final class ExplorationInterrupted extends RuntimeException {

    ExplorationInterrupted() {
        super("the thread exploring the test was interrupted", null, false, false);
    }
}
