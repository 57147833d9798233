package dev.weft.scheduler.model;

/**
 * An operation that a thread performed in one execution.
 *
 * @param index      position in the execution, from 0
 * @param thread     the thread that performed it
 * @param threadStep position among the thread's own events, from 0 (program order)
 * @param operation  what it did; a compare-and-set is resolved to {@link OpKind#CAS_SUCCESS} or {@link OpKind#CAS_FAILURE}
 * @param source     where in the source, or {@link SourcePosition#UNKNOWN}
 * @param value      the value read or written, as text for reports, or {@code null} when not recorded
 */
public record Event(int index, ThreadId thread, int threadStep, Operation operation, SourcePosition source,
                    String value) {

    public Event {
        if (thread == null || operation == null || source == null) {
            throw new IllegalArgumentException("event thread, operation and source must not be null");
        }
        if (operation.kind() == OpKind.CAS) {
            throw new IllegalArgumentException("an executed compare-and-set must say whether it succeeded");
        }
    }

    @Override
    public String toString() {
        return "#" + index + " " + thread.name() + ": " + operation + (value == null ? "" : " = " + value)
                + (source.isKnown() ? " (" + source + ")" : "");
    }
}
