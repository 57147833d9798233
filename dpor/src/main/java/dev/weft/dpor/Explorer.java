package dev.weft.dpor;

import dev.weft.scheduler.model.Subject;

/** Runs a subject under the schedules its algorithm chooses. */
public interface Explorer {

    /** Explores the subject until every schedule is run, the budget is spent, or (if asked) a failure is found. */
    ExplorationResult explore(Subject subject, ExplorationListener listener);

    /** An explorer for the options' algorithm. */
    static Explorer create(ExplorationOptions options) {
        return new dev.weft.dpor.internal.StatelessExplorer(options);
    }
}
