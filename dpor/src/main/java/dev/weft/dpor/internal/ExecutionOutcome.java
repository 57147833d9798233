package dev.weft.dpor.internal;

import dev.weft.dpor.ExecutionStatus;
import dev.weft.dpor.ExplorationFailure;
import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.PendingOperation;

import java.util.List;

/**
 * How one execution ended.
 *
 * @param status      complete, failed or sleep-set blocked
 * @param events      what happened
 * @param failure     the failure, or {@code null}
 * @param leftBlocked the threads that were disabled when it ended, with what they were waiting to do
 * @param failedThread the index of the thread whose failure cut the execution short (an assertion or exception in
 *                     it), or -1
 * @param leftBehind  the pending operations of the other live threads when a thread's failure cut it short
 */
record ExecutionOutcome(ExecutionStatus status, List<Event> events, ExplorationFailure failure,
                        List<PendingOperation> leftBlocked, int failedThread, List<PendingOperation> leftBehind) {

    ExecutionOutcome(ExecutionStatus status, List<Event> events, ExplorationFailure failure,
                     List<PendingOperation> leftBlocked) {
        this(status, events, failure, leftBlocked, -1, List.of());
    }
}
