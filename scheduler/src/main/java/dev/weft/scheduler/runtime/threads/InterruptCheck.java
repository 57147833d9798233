package dev.weft.scheduler.runtime.threads;

import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.runtime.Action;

/**
 * The first step of a {@code park}: a {@code READ} of the thread's own interrupt flag, after which the thread stays
 * paused at the park itself. It changes nothing (the park looks at the flag when it is performed); it is there so that
 * an {@code interrupt} of this thread, a {@code WRITE} of the flag, is ordered against the start of the park both
 * ways: "interrupted before it parks" and "interrupted while parked" are different traces and both are explored. In a
 * program without interrupts nobody writes the flag, so the step is independent of everything and adds no trace. The
 * other interruptible calls read the flag in their own step ({@link InterruptLook}).
 */
final class InterruptCheck extends Action {

    private final Action blocking;

    private InterruptCheck(ManagedThread self, Action blocking) {
        super(Operation.read(Location.interruptFlag(self.id)), blocking.site());
        this.blocking = blocking;
    }

    /** {@code blocking}, preceded by the look at the interrupt flag. */
    static Action before(ManagedThread self, Action blocking) {
        return new InterruptCheck(self, blocking);
    }

    @Override
    public Action perform() {
        return blocking;
    }
}
