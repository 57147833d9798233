package dev.weft.dpor.model;

import dev.weft.dpor.ExplorationOptions;
import dev.weft.dpor.ExplorationResult;
import dev.weft.dpor.Explorer;
import dev.weft.dpor.SearchAlgorithm;

/**
 * One exhaustive exploration of a model program, with the explorer's result and the log of every execution.
 * Failures do not stop it, so every failing execution is seen.
 */
public record Exploration(ModelProgram program, SearchAlgorithm algorithm, ExplorationResult result,
                          ExplorationLog log) {

    /** Visible steps one execution of a model program may take; far above what any program here needs. */
    static final int MAX_STEPS = 10_000;

    public static Exploration of(ModelProgram program, SearchAlgorithm algorithm, boolean keepEvents) {
        return of(program, algorithm, keepEvents, Long.MAX_VALUE);
    }

    /** An exploration that stops after {@code maxExecutions}; its result then says it was not exhaustive. */
    public static Exploration of(ModelProgram program, SearchAlgorithm algorithm, boolean keepEvents,
                                 long maxExecutions) {
        ModelSubject subject = new ModelSubject(program);
        ExplorationLog log = new ExplorationLog(subject, keepEvents);
        ExplorationOptions options = ExplorationOptions.of(algorithm).withMaxSteps(MAX_STEPS)
                .withStopOnFirstFailure(false).withMaxExecutions(maxExecutions);
        ExplorationResult result = Explorer.create(options).explore(subject, log);
        return new Exploration(program, algorithm, result, log);
    }

    public static Exploration dpor(ModelProgram program) {
        return of(program, SearchAlgorithm.DPOR, false);
    }

    public static Exploration naive(ModelProgram program) {
        return of(program, SearchAlgorithm.NAIVE, false);
    }

    /** A one-line account for assertion messages. */
    public String summary() {
        return String.format("%s on %s: %d complete, %d failed, %d sleep-set blocked, exhaustive=%s, %d ms",
                algorithm, program.name(), result.completed(), result.executions() - result.completed(),
                result.sleepSetBlocked(), result.exhaustive(), result.elapsedNanos() / 1_000_000);
    }
}
