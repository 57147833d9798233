package dev.weft.junit.internal;

import dev.weft.dpor.ExplorationFailure;
import dev.weft.dpor.ExplorationResult;

import java.util.List;

/**
 * The verdict when the workers found a failure that did not stand on its own and one worker explored the test again
 * ({@link ParallelExploration}): whose result is reported, and what the test's author is told.
 *
 * <ul>
 *   <li>One worker's failure is always the verdict: it is the sequential search's.</li>
 *   <li>A failure the workers found in executions that shared no state is a real execution's failure. If one worker
 *       finds none, the test still fails, with the workers' failure and a warning saying why one worker missed it
 *       (its budget ran out first, or the test did not do the same thing twice). Fail closed: never a pass.</li>
 *   <li>A failure the workers found while their executions shared state (a static field written side by side) is
 *       set aside without a word: one execution may have seen another's writes, which never happens when the test
 *       runs alone, and in the sample suite's static-state tests it did in most runs (a counter that another
 *       execution had raised too). Warning there would tell every such test's author of a failure of Weft's making.
 *       One worker's verdict stands, the same as with one worker from the start; the note that the test is explored
 *       by one worker says why.</li>
 * </ul>
 */
final class WorkersFailureRecheck {

    /**
     * @param result      the result to report
     * @param unconfirmed whether it is the workers' failure, which one worker did not find again (no search for fewer
     *                    preemptions runs on it: the one worker's search does not meet it)
     * @param warnings    for the test's author
     */
    record Verdict(ExplorationResult result, boolean unconfirmed, List<String> warnings) {
        Verdict {
            warnings = List.copyOf(warnings);
        }
    }

    private WorkersFailureRecheck() {
    }

    /**
     * @param oneWorker      one worker's result, exploring again from the start
     * @param workersFailure the failure the workers found, or {@code null}
     * @param stateShared    whether the workers' executions shared state they did not create
     * @param workers        how many workers explored
     */
    static Verdict of(ExplorationResult oneWorker, ExplorationFailure workersFailure, boolean stateShared,
                      int workers) {
        if (oneWorker.failed() || workersFailure == null || stateShared) {
            return new Verdict(oneWorker, false, List.of());
        }
        String found = "the exploration with " + workers + " workers found a failure (" + workersFailure.kind()
                + ": " + Messages.firstLine(workersFailure.message()) + "), but one worker exploring the test again"
                + " from its start found none";
        ExplorationResult failing = new ExplorationResult(oneWorker.executions(), oneWorker.completed(),
                oneWorker.sleepSetBlocked(), false, List.of(workersFailure), oneWorker.elapsedNanos());
        if (!oneWorker.exhaustive()) {
            return new Verdict(failing, true, List.of(found + " before its budget (maxExecutions, maxSeconds) ran out:"
                    + " the workers, running branches of the search ahead, got further. It is reported as the workers"
                    + " found it; raise the budget for one worker to find the failure it meets first."));
        }
        return new Verdict(failing, true, List.of(found + ": the test did not do the same thing in both explorations"
                + " (state kept from one execution to the next, such as a static field, a clock or a random number)."
                + " It is reported as the workers found it; its replay may not reproduce it until the test does the"
                + " same thing each time it runs."));
    }
}
