package dev.weft.dpor;

import dev.weft.scheduler.model.PendingOperation;

/**
 * Two steps of a failing execution that race (dependent, of different threads, ordered by nothing but the order they
 * ran in), named exactly by the explorer rather than guessed by the report.
 *
 * @param origin  why the explorer names this pair
 * @param first   the index (in the failure's events) of the step of the pair that ran first in the failing execution
 * @param second  the index of the step that ran second, or -1 when it never ran because the execution failed first
 * @param notRun  when {@code second} is -1, the operation the other thread was about to do; else {@code null}
 */
public record RacingSteps(Origin origin, int first, int second, PendingOperation notRun) {

    /** Why the explorer names a pair of steps. */
    public enum Origin {
        /**
         * an earlier execution ran the two steps the other way round; reversing them is the choice that made this
         * execution (the branch of the exploration that failed)
         */
        REVERSED,
        /** the two calls of a {@code DATA_RACE}: conflicting calls on an object that is not thread-safe */
        DATA_RACE
    }

    public RacingSteps {
        if (origin == null || first < 0 || (second < 0) != (notRun != null) || (second >= 0 && second <= first)) {
            throw new IllegalArgumentException("racing steps " + first + " and " + second + " (" + notRun + ")");
        }
    }
}
