package dev.weft.scheduler.model;

/**
 * The next operation of a live thread, as a subject reports it before the scheduler picks who moves.
 *
 * @param thread    the thread
 * @param operation what it will do next
 * @param enabled   whether it can do it now (a lock acquisition is disabled while another thread holds the lock, a
 *                  join while the joined thread lives, a park while no permit is available, ...)
 * @param source    where in the source, or {@link SourcePosition#UNKNOWN}
 * @param daemon    whether the thread is a daemon thread: the execution does not wait for it to end (see
 *                  {@link Run#abandoned()}), and a scheduler lets it move only when it must
 */
public record PendingOperation(ThreadId thread, Operation operation, boolean enabled, SourcePosition source,
                               boolean daemon) {

    /** The next operation of a thread that is not a daemon thread. */
    public PendingOperation(ThreadId thread, Operation operation, boolean enabled, SourcePosition source) {
        this(thread, operation, enabled, source, false);
    }

    /** Field by field, as the record's own would; written out for speed (see {@link Location#equals}). */
    @Override
    public boolean equals(Object other) {
        return this == other || other instanceof PendingOperation that && enabled == that.enabled
                && daemon == that.daemon && thread.equals(that.thread) && operation.equals(that.operation)
                && source.equals(that.source);
    }

    @Override
    public int hashCode() {
        int hash = (thread.hashCode() * 31 + operation.hashCode()) * 31 + source.hashCode();
        return (hash * 31 + (enabled ? 1 : 0)) * 31 + (daemon ? 1 : 0);
    }

    /** What the thread is about to do, without its name: "next: read A@1.x (A.java:3)" or "blocked on: ...". */
    public String whatNext() {
        return (enabled ? "next: " : "blocked on: ") + operation + (source.isKnown() ? " (" + source + ")" : "");
    }

    @Override
    public String toString() {
        return thread.name() + " " + whatNext();
    }
}
