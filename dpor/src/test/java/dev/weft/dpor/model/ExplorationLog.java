package dev.weft.dpor.model;

import dev.weft.dpor.ExecutionRecord;
import dev.weft.dpor.ExecutionStatus;
import dev.weft.dpor.ExplorationListener;
import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.FailureKind;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

/**
 * Listens to an exploration of a {@link ModelSubject} and keeps, for every execution, how the explorer says it ended,
 * what the model says it produced, and (if asked) its events.
 */
public final class ExplorationLog implements ExplorationListener {

    /**
     * One execution as both sides saw it.
     *
     * @param number      the explorer's execution number
     * @param status      how the explorer says it ended
     * @param failureKind the explorer's failure kind, or {@code null}
     * @param outcome     what the model program produced
     * @param fingerprint the digest of the {@link TraceKey} of everything that ran, or {@code null} when the log
     *                    keeps events instead (keys are then computed on demand) or sleep sets abandoned it
     * @param events      the events the explorer reported, or {@code null} when the log does not keep them
     */
    public record Execution(long number, ExecutionStatus status, FailureKind failureKind, Outcome outcome,
                            UUID fingerprint, List<Event> events) {

        /** Ran to an end: complete, or failed (deadlock included); not cut off by a sleep set or a revisited state. */
        public boolean ranToEnd() {
            return status != ExecutionStatus.SLEEP_SET_BLOCKED && status != ExecutionStatus.REVISITED;
        }

        /** Whether the explorer's status and the model's own account of how the run ended agree. */
        public boolean consistent() {
            return switch (status) {
                case COMPLETE -> outcome.ending() == Outcome.Ending.COMPLETE;
                case SLEEP_SET_BLOCKED, REVISITED -> outcome.ending() == Outcome.Ending.UNFINISHED;
                case OTHER_SHARD -> false; // never reported
                case FAILED -> switch (Objects.requireNonNull(failureKind)) {
                    case ASSERTION -> outcome.ending() == Outcome.Ending.ASSERTION;
                    case EXCEPTION -> outcome.ending() == Outcome.Ending.EXCEPTION;
                    case DEADLOCK -> outcome.ending() == Outcome.Ending.DEADLOCK;
                    default -> outcome.ending() == Outcome.Ending.UNFINISHED;
                };
            };
        }

        /** The Mazurkiewicz trace; for an assertion or exception, the trace of what led to it. */
        public TraceKey traceKey() {
            if (events == null) {
                throw new IllegalStateException("this log does not keep events");
            }
            return outcome.ending() == Outcome.Ending.ASSERTION || outcome.ending() == Outcome.Ending.EXCEPTION
                    ? TraceKey.causalPastOfLast(events) : fullTraceKey();
        }

        /** The Mazurkiewicz trace of everything that ran, failures included. */
        public TraceKey fullTraceKey() {
            if (events == null) {
                throw new IllegalStateException("this log does not keep events");
            }
            return TraceKey.of(events);
        }

    }

    private final ModelSubject subject;
    private final boolean keepEvents;
    private final List<Execution> executions = new ArrayList<>();

    public ExplorationLog(ModelSubject subject, boolean keepEvents) {
        this.subject = subject;
        this.keepEvents = keepEvents;
    }

    @Override
    public void executionEnded(ExecutionRecord record) {
        FailureKind kind = record.failure() == null ? null : record.failure().kind();
        boolean digest = !keepEvents && record.status() != ExecutionStatus.SLEEP_SET_BLOCKED
                && record.status() != ExecutionStatus.REVISITED;
        executions.add(new Execution(record.number(), record.status(), kind, subject.lastOutcome(),
                digest ? TraceKey.of(record.events()).fingerprint() : null,
                keepEvents ? List.copyOf(record.events()) : null));
    }

    public List<Execution> executions() {
        return executions;
    }

    public List<Execution> ranToEnd() {
        return executions.stream().filter(Execution::ranToEnd).toList();
    }

    public List<Execution> withStatus(ExecutionStatus status) {
        return executions.stream().filter(e -> e.status() == status).toList();
    }

    /** How many different traces the executions that ran to their end belong to. */
    public long distinctTraces() {
        return ranToEnd().stream().map(e -> e.events() == null ? e.fingerprint() : e.fullTraceKey().fingerprint())
                .distinct().count();
    }

    /** Executions whose explorer status contradicts what the model saw, which would make the other checks moot. */
    public List<Execution> inconsistent() {
        return executions.stream().filter(e -> !e.consistent()).toList();
    }
}
