package dev.weft.scheduler.runtime.synchronizers;

import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.runtime.GuardedCall;
import dev.weft.scheduler.runtime.Step;
import dev.weft.scheduler.runtime.UnmodelledPrimitiveException;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.util.concurrent.Phaser;
import java.util.concurrent.TimeoutException;

/**
 * {@code Phaser} (root phasers only), by real calls on the phaser's state ({@code Location.objectState}).
 *
 * <ul>
 *   <li>arrive, arriveAndDeregister: {@code RMW}, then the real call (it never blocks; the last arrival runs
 *   {@code onAdvance} inside it, where an override's own operations are visible as usual).</li>
 *   <li>register, bulkRegister: {@code RMW}, enabled while the phaser is not in the middle of an advance (another
 *   thread inside {@code onAdvance}), where the real call would wait.</li>
 *   <li>awaitAdvance(p) and its interruptible and timed variants: {@code READ}, enabled once {@code getPhase() != p};
 *   the real call then returns at once.</li>
 *   <li>arriveAndAwaitAdvance: the real {@code arrive()} (one step), then, unless that arrival advanced the phase,
 *   a wait as above for the phase it arrived at.</li>
 *   <li>getPhase, getArrivedParties, getUnarrivedParties, getRegisteredParties, isTerminated: {@code READ}.
 *   forceTermination: {@code RMW} (the waits are enabled once the phase is negative).</li>
 * </ul>
 *
 * <p>Tiered phasers (with a parent) fail closed: an arrival may then propagate to the parent and a wait is on the root.
 */
final class Phasers {

    private Phasers() {
    }

    static int register(ManagedThread self, Phaser phaser, int parties, int site) {
        Location state = state(self, phaser, site);
        new GuardedCall(self, GuardedCall.Mode.UNINTERRUPTIBLE, new Operation(OpKind.RMW, state), site) {
            @Override
            public boolean ready() {
                return !advancing(phaser);
            }

            @Override
            public String whyBlocked() {
                return "waits to register with " + state + " while another thread is inside its onAdvance";
            }
        }.awaitUninterruptibly();
        return parties == 1 ? phaser.register() : phaser.bulkRegister(parties);
    }

    static int arrive(ManagedThread self, Phaser phaser, boolean deregister, int site) {
        Step.change(self, new Operation(OpKind.RMW, state(self, phaser, site)), site);
        return deregister ? phaser.arriveAndDeregister() : phaser.arrive();
    }

    static int arriveAndAwaitAdvance(ManagedThread self, Phaser phaser, int site) {
        int phase = arrive(self, phaser, false, site);
        if (phase < 0 || phaser.getPhase() != phase) {
            // terminated, or this arrival was the last one and advanced the phase itself
            return phase < 0 ? phase : phaser.getPhase();
        }
        waitForAdvance(self, phaser, phase, GuardedCall.Mode.UNINTERRUPTIBLE, site).awaitUninterruptibly();
        return phaser.awaitAdvance(phase);
    }

    static int awaitAdvance(ManagedThread self, Phaser phaser, int phase, boolean interruptibly, long nanos, int site)
            throws InterruptedException, TimeoutException {
        if (!waitForAdvance(self, phaser, phase, GuardedCall.Mode.of(interruptibly, nanos), site).await()) {
            throw new TimeoutException();
        }
        return phaser.awaitAdvance(phase);
    }

    static int getPhase(ManagedThread self, Phaser phaser, int site) {
        observe(self, phaser, site);
        return phaser.getPhase();
    }

    /** A query (getPhase, the counts, isTerminated): a {@code READ}, before the real call. */
    static void observe(ManagedThread self, Phaser phaser, int site) {
        Step.observe(self, Operation.read(state(self, phaser, site)), site);
    }

    /** forceTermination: an {@code RMW}, before the real call; the waits then see the phase gone negative. */
    static void change(ManagedThread self, Phaser phaser, int site) {
        Step.change(self, new Operation(OpKind.RMW, state(self, phaser, site)), site);
    }

    private static GuardedCall waitForAdvance(ManagedThread self, Phaser phaser, int phase, GuardedCall.Mode mode,
                                              int site) {
        Location state = state(self, phaser, site);
        return new GuardedCall(self, mode, Operation.read(state), site) {
            @Override
            public boolean ready() {
                return phase < 0 || phaser.getPhase() != phase;
            }

            @Override
            public String whyBlocked() {
                return "waits for " + state + " to advance from phase " + phase + ", with "
                        + phaser.getUnarrivedParties() + " of " + phaser.getRegisteredParties()
                        + " parties still to arrive";
            }
        };
    }

    /**
     * Every registered party has arrived but the phase has not moved on yet: the last arrival is running
     * {@code onAdvance}. Otherwise the unarrived count is reset to the parties as the phase advances.
     */
    private static boolean advancing(Phaser phaser) {
        return !phaser.isTerminated() && phaser.getRegisteredParties() > 0 && phaser.getUnarrivedParties() == 0;
    }

    private static Location state(ManagedThread self, Phaser phaser, int site) {
        if (phaser.getParent() != null) {
            throw new UnmodelledPrimitiveException("a tiered Phaser (one with a parent)", site);
        }
        return Location.objectState(self.execution.names.nameOf(phaser, self));
    }
}
