package dev.weft.scheduler.runtime;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.Target;

import java.util.Collection;

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
final class SpinRule {

    private final boolean active;

    SpinRule(boolean active) {
        this.active = active;
    }

    /** Whether the thread's pending action repeats a loop iteration that observed nothing new. */
    boolean spinning(ManagedThread thread) {
        Action pending = thread.pending();
        return active && pending.repeatable()
                && thread.spinWindow.contains(pending.site(), pending.operation().kind(), pending.operation().target());
    }

    /** Updates every window after {@code actor} performed {@code event} through {@code action}. */
    void performed(ManagedThread actor, Action action, Event event, Collection<ManagedThread> threads) {
        if (!active) {
            return;
        }
        Target target = event.operation().target();
        if (action.changedNothing(event)) {
            actor.spinWindow.add(action.site(), action.operation().kind(), target);
            return;
        }
        actor.spinWindow.clear();
        if (target == null) {
            return;
        }
        for (ManagedThread other : threads) {
            if (other != actor && other.spinWindow.hasRead(target)) {
                other.spinWindow.clear();
            }
        }
    }
}
