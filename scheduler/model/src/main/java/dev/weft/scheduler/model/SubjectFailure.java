package dev.weft.scheduler.model;

import java.util.regex.Pattern;

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

    /** Weft's own packages, whose frames are never where the test's code threw. */
    private static final Pattern WEFT_RUNTIME =
            Pattern.compile("dev\\.weft\\.(scheduler|junit|dpor|sleepsets|reporting)\\.");

    public SubjectFailure {
        if (kind == null || message == null) {
            throw new IllegalArgumentException("failure kind and message must not be null");
        }
    }

    /**
     * The failure for a throwable that escaped a thread: an assertion failure or an exception. An exception's line
     * ends with where the test's or its libraries' code threw it or called the JDK that did
     * ({@code (at InterruptibleReentrantLock.interruptWaiters(InterruptibleReentrantLock.java:52))}): an
     * {@code IllegalMonitorStateException} has no message, and the frame that says which call failed was otherwise
     * only in the stack trace at the end of the report.
     */
    public static SubjectFailure thrownBy(ThreadId thread, Throwable thrown) {
        FailureKind kind = thrown instanceof AssertionError ? FailureKind.ASSERTION : FailureKind.EXCEPTION;
        String what = kind == FailureKind.ASSERTION ? "assertion failed" : thrown.getClass().getName() + " thrown";
        String detail = thrown.getMessage() == null ? "" : ": " + thrown.getMessage().strip();
        String where = kind == FailureKind.EXCEPTION ? thrownFrom(thrown) : "";
        if (!where.isEmpty() && detail.contains(where.substring(where.lastIndexOf('(') + 1, where.length() - 2))) {
            where = ""; // the message says where already (Weft's own refusals do)
        }
        return new SubjectFailure(kind, thread, what + " in thread " + thread.name() + detail + where, thrown);
    }

    /** {@code " (at Type.method(File.java:12))"}: the first frame outside the JDK and Weft's own code; else empty. */
    private static String thrownFrom(Throwable thrown) {
        for (StackTraceElement frame : thrown.getStackTrace()) {
            String type = frame.getClassName();
            if (!type.startsWith("java.") && !type.startsWith("jdk.") && !type.startsWith("sun.")
                    && !WEFT_RUNTIME.matcher(type).lookingAt()) {
                String simple = type.substring(type.lastIndexOf('.') + 1);
                return " (at " + simple + "." + frame.getMethodName() + "(" + frame.getFileName() + ":"
                        + frame.getLineNumber() + "))";
            }
        }
        return "";
    }
}
