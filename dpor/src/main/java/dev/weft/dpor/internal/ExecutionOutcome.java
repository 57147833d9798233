package dev.weft.dpor.internal;

import dev.weft.dpor.ExecutionStatus;
import dev.weft.dpor.ExplorationFailure;
import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.PendingOperation;

import java.util.List;

/**
 * How one execution ended.
 *
 * @param status      complete, failed, or cut off (sleep-set blocked, a state explored before)
 * @param events      what happened
 * @param failure     the failure, or {@code null}
 * @param leftBlocked the threads that were disabled when it ended, with what they were waiting to do
 * @param failedThread the index of the thread whose failure cut the execution short (an assertion or exception in
 *                     it), or -1
 * @param leftBehind  the pending operations of the other live threads when a thread's failure cut it short; of every
 *                    live thread where the explorer cut it off (a sleep set, a state explored before)
 * @param afterEnd    the steps the daemon threads left alive when the last other thread ended
 *                    ({@link dev.weft.scheduler.model.Run#abandoned()}) took after the end, to show what they were
 *                    about to do; not part of the execution
 * @param failedAfterEnd the index of the daemon thread that failed in those steps, or -1
 */
record ExecutionOutcome(ExecutionStatus status, List<Event> events, ExplorationFailure failure,
                        List<PendingOperation> leftBlocked, int failedThread, List<PendingOperation> leftBehind,
                        List<Event> afterEnd, int failedAfterEnd) {

    ExecutionOutcome(ExecutionStatus status, List<Event> events, ExplorationFailure failure,
                     List<PendingOperation> leftBlocked, int failedThread, List<PendingOperation> leftBehind) {
        this(status, events, failure, leftBlocked, failedThread, leftBehind, List.of(), -1);
    }

    ExecutionOutcome(ExecutionStatus status, List<Event> events, ExplorationFailure failure,
                     List<PendingOperation> leftBlocked) {
        this(status, events, failure, leftBlocked, -1, List.of());
    }

    /** A complete execution that left daemon threads behind, with what they did after its end. */
    static ExecutionOutcome complete(List<Event> events, List<Event> afterEnd, int failedAfterEnd) {
        return new ExecutionOutcome(ExecutionStatus.COMPLETE, events, null, List.of(), -1, List.of(), afterEnd,
                failedAfterEnd);
    }
}
