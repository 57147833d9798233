package dev.weft.dpor;

/** Watches an exploration; every method has a default that does nothing. */
public interface ExplorationListener {

    ExplorationListener NONE = new ExplorationListener() {
    };

    /** Called after each execution, once its {@link dev.weft.scheduler.model.Run} has been closed. */
    default void executionEnded(ExecutionRecord record) {
    }

    /** Called when a search by increasing preemption bound ({@link Explorer#boundedCoverage}) begins a bound. */
    default void boundStarted(int bound) {
    }
}
