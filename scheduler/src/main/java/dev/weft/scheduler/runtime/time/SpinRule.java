package dev.weft.scheduler.runtime.time;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.Target;
import dev.weft.scheduler.runtime.Action;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.util.ArrayList;
import java.util.List;

/**
 * Keeps spin loops from making an execution endless. A thread is <em>spinning</em> when its pending operation is
 * read-only ({@link Action#repeatable()}) and the steps it took since it last did that operation, at the same site on
 * the same target, are the same as the ones before, all since it last changed anything, with no other thread changing
 * anything it read meanwhile ({@link SpinWindow}): the loop iteration it just went through observed nothing new, and
 * under sequential consistency the next one would observe the same. A spinning thread is reported as not enabled
 * until another thread changes something it read (the "await" reading of a spin loop). When every thread that could
 * move is spinning, the spinners are enabled again, so a loop that ends by itself (a bounded retry) runs on and a flag
 * nobody sets is caught by the explorer's step bound.
 */
public final class SpinRule {

    private final boolean active;
    /**
     * The threads whose windows hold a read of some target: the only ones a change can clear. A step that changes
     * something looks at them, not at every thread (with 128 threads, walking them all at each step was a tenth of
     * an execution's time).
     */
    private final List<ManagedThread> readers = new ArrayList<>();

    public SpinRule(boolean active) {
        this.active = active;
    }

    /** Whether the thread's pending action repeats a loop iteration that observed nothing new. */
    public boolean spinning(ManagedThread thread) {
        if (!active || thread.spinWindow.isEmpty()) { // asked for every thread at every step: the common answer first
            return false;
        }
        Action pending = thread.pending();
        return pending.repeatable()
                && thread.spinWindow.contains(pending.site(), pending.operation().kind(), pending.operation().target());
    }

    /** Updates every window after {@code actor} performed {@code event} through {@code action}. */
    public void performed(ManagedThread actor, Action action, Event event) {
        if (!active) {
            return;
        }
        Target target = event.operation().target();
        if (action.changedNothing(event)) {
            boolean reader = actor.spinWindow.hasReads();
            actor.spinWindow.add(action.site(), action.operation().kind(), target);
            if (!reader && actor.spinWindow.hasReads()) {
                readers.add(actor);
            }
            return;
        }
        if (actor.spinWindow.hasReads()) {
            readers.remove(actor);
        }
        clear(actor);
        if (target != null) {
            readers.removeIf(other -> other.spinWindow.hasRead(target) && clear(other));
        }
    }

    /** Empties the thread's window; true, for {@code removeIf}. */
    private static boolean clear(ManagedThread thread) {
        thread.spinWindow.clear();
        return true;
    }
}
