package dev.weft.dpor.internal;

import dev.weft.scheduler.model.PendingOperation;

import java.util.List;

/**
 * Checks, at each state a replay passes, that the threads' pending operations are those the state recorded, in time
 * proportional to what changed since the state before rather than to the number of threads.
 *
 * <p>A subject reports a thread's pending operation with the same operation and source objects while the thread
 * waits to do the same thing (the JVM runtime does: they belong to the thread's pending action), whether or not it is
 * enabled meanwhile. If a thread's entry has the same parts now as at the state before, and so has its recorded entry,
 * the operations still match (they matched at the state before, and neither changed): only whether the thread is
 * enabled is left to compare. Other entries are compared field by field. With 129 threads of which one moves, that is
 * a few pointer comparisons per thread instead of a record comparison per thread at every replayed step (the
 * comparison was a fifth of the time of a 128-thread test; a lock taken or given back changes whether each of the
 * other 127 threads is enabled, so comparing whole entries by identity would not do).
 */
final class ReplayCheck {

    /** The pending operations at the state before, as the replay saw them (they matched the state's record). */
    private List<PendingOperation> before;
    /** The record of the state before. */
    private List<PendingOperation> recordedBefore;

    /**
     * Whether {@code now} equals {@code recorded}, as {@link List#equals} would say. Call it at consecutive states
     * of one execution, one check per execution; after it says no it compares every entry again.
     */
    boolean matches(List<PendingOperation> now, List<PendingOperation> recorded) {
        boolean same = before == null ? now.equals(recorded) : matchesSinceBefore(now, recorded);
        if (same) {
            before = now;
            recordedBefore = recorded;
        } else {
            reset();
        }
        return same;
    }

    /** The next call compares every entry. */
    private void reset() {
        before = null;
        recordedBefore = null;
    }

    private boolean matchesSinceBefore(List<PendingOperation> now, List<PendingOperation> recorded) {
        int size = now.size();
        if (size != recorded.size()) {
            return false;
        }
        // The lists hold live threads in the order of their indices, as the state before's did; a thread that ended
        // or started shifts the positions, so the entry before is found by walking both lists together.
        int j = 0;
        for (int i = 0; i < size; i++) {
            PendingOperation current = now.get(i);
            int thread = current.thread().index();
            while (j < before.size() && before.get(j).thread().index() < thread) {
                j++;
            }
            PendingOperation record = recorded.get(i);
            boolean same = j < before.size() && sameParts(current, before.get(j))
                    && sameParts(record, recordedBefore.get(j))
                    ? current.enabled() == record.enabled() && current.daemon() == record.daemon()
                    : current.equals(record);
            if (!same) {
                return false;
            }
        }
        return true;
    }

    /** The same thread waiting at the same operation, by identity: equal but for whether it is enabled. */
    private static boolean sameParts(PendingOperation a, PendingOperation b) {
        return a == b || a.thread() == b.thread() && a.operation() == b.operation() && a.source() == b.source();
    }
}
