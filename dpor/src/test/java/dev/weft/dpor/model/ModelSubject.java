package dev.weft.dpor.model;

import dev.weft.scheduler.model.Subject;

/**
 * Runs a {@link ModelProgram} for an explorer. Explorers close each run before telling their listener that the
 * execution ended, so a listener can ask {@link #lastOutcome()} what that execution produced.
 */
public final class ModelSubject implements Subject {

    private final ModelProgram program;
    private Outcome lastOutcome;
    private long runs;

    public ModelSubject(ModelProgram program) {
        this.program = program;
    }

    @Override
    public ModelRun start() {
        runs++;
        return new ModelRun(program, outcome -> lastOutcome = outcome);
    }

    /** The outcome of the run closed most recently, or {@code null} before the first run is closed. */
    public Outcome lastOutcome() {
        return lastOutcome;
    }

    /** How many runs were started. */
    public long runs() {
        return runs;
    }

    public ModelProgram program() {
        return program;
    }
}
