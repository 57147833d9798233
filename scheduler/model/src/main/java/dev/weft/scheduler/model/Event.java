package dev.weft.scheduler.model;

import java.util.List;

/**
 * An operation that a thread performed in one execution.
 *
 * @param index      position in the execution, from 0
 * @param thread     the thread that performed it
 * @param threadStep position among the thread's own events, from 0 (program order)
 * @param operation  what it did; a compare-and-set is resolved to {@link OpKind#CAS_SUCCESS} or {@link OpKind#CAS_FAILURE}
 * @param source     where in the source, or {@link SourcePosition#UNKNOWN}
 * @param value      the value read or written, as text for reports, or {@code null} when not recorded; for a call on
 *                   an object modelled at its API ({@link Location.Kind#OBJECT_STATE},
 *                   {@link Location.Kind#UNSAFE_OBJECT}) the name of the method called, e.g. {@code put}
 * @param stack      the thread's stack at the operation, innermost frame first, the scheduler's own frames left out;
 *                   empty unless the run was asked to capture stacks (done only to report a failing execution)
 */
public record Event(int index, ThreadId thread, int threadStep, Operation operation, SourcePosition source,
                    String value, List<StackTraceElement> stack) {

    public Event {
        if (thread == null || operation == null || source == null) {
            throw new IllegalArgumentException("event thread, operation and source must not be null");
        }
        stack = stack == null ? List.of() : List.copyOf(stack);
        if (operation.kind() == OpKind.CAS) {
            throw new IllegalArgumentException("an executed compare-and-set must say whether it succeeded");
        }
    }

    /** An event without a stack, as every execution but a failure's report replay records it. */
    public Event(int index, ThreadId thread, int threadStep, Operation operation, SourcePosition source,
                 String value) {
        this(index, thread, threadStep, operation, source, value, List.of());
    }

    @Override
    public String toString() {
        return "#" + index + " " + thread.name() + ": " + operation + (value == null ? "" : " = " + value)
                + (source.isKnown() ? " (" + source + ")" : "");
    }
}
