package dev.weft.scheduler.model;

/**
 * A failure that a subject observed while running (an assertion or exception in a thread, a thread stuck outside
 * the scheduler's control).
 *
 * @param kind    what sort of failure
 * @param thread  the thread it happened in, or {@code null} when it concerns no single thread
 * @param message one line on what went wrong
 * @param cause   the original throwable, or {@code null}
 */
public record SubjectFailure(FailureKind kind, ThreadId thread, String message, Throwable cause) {

    public SubjectFailure {
        if (kind == null || message == null) {
            throw new IllegalArgumentException("failure kind and message must not be null");
        }
    }

    /** The failure for a throwable that escaped a thread: an assertion failure or an exception. */
    public static SubjectFailure thrownBy(ThreadId thread, Throwable thrown) {
        FailureKind kind = thrown instanceof AssertionError ? FailureKind.ASSERTION : FailureKind.EXCEPTION;
        String what = kind == FailureKind.ASSERTION ? "assertion failed" : thrown.getClass().getName() + " thrown";
        String detail = thrown.getMessage() == null ? "" : ": " + thrown.getMessage().strip();
        return new SubjectFailure(kind, thread, what + " in thread " + thread.name() + detail, thrown);
    }
}
