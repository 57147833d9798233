package dev.weft.dpor;

import dev.weft.scheduler.model.Event;

import java.util.List;

/**
 * One execution as an {@link ExplorationListener} sees it.
 *
 * @param number  1 for the first execution of the exploration, counting sleep-set-blocked ones
 * @param events  what happened, in order
 * @param status  how it ended
 * @param failure the failure, when {@code status} is {@link ExecutionStatus#FAILED}; else {@code null}
 */
public record ExecutionRecord(long number, List<Event> events, ExecutionStatus status, ExplorationFailure failure) {
}
