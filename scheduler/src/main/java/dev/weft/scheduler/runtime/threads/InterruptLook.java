package dev.weft.scheduler.runtime.threads;

import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.runtime.pools.JdkInternalSync;

/**
 * The operation of a step that looks at its own thread's interrupt flag as it is performed: an interruptible blocking
 * call, which throws when the flag is set, or which the flag lets go. The operation also reads the flag
 * ({@link Operation#alsoReads}), so an {@code interrupt} of the thread (a write of the flag) is ordered against the step
 * both ways: "interrupted before the call" and "the call went through, then the interrupt" are different traces, and
 * both are explored; and an interrupt that came first happens before the step, as the Java memory model has it (an
 * interrupt synchronizes-with the point where the thread finds out). Without the read the two were independent, and
 * only one order ran: an interrupt racing with a {@code take} of an available element, an {@code acquire} of a free
 * permit or the last arrival at a barrier was explored one way only.
 *
 * <p>A call made by a JDK body keeps its operation: the interrupts a pool sends its own workers are the JDK's
 * business, and what the user can see of them is modelled at the pool's level ({@link JdkInternalSync}).
 */
public final class InterruptLook {

    private InterruptLook() {
    }

    /** {@code operation}, also reading {@code self}'s interrupt flag unless a JDK body made the call at {@code site}. */
    public static Operation of(ManagedThread self, Operation operation, int site) {
        return JdkInternalSync.inJdkBody(site) ? operation : operation.alsoReading(Location.interruptFlag(self.id));
    }

    /** As {@link #of} for a call that is {@code interruptible}; else {@code operation} as it is. */
    public static Operation of(ManagedThread self, Operation operation, boolean interruptible, int site) {
        return interruptible ? of(self, operation, site) : operation;
    }
}
