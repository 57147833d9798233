package dev.weft.scheduler.runtime;

import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.Operation;

/**
 * The step in which a timed operation times out: a {@code WRITE} of the one location {@link Location#TIME}, after
 * which the thread stays paused at the timed operation itself, now {@link Action#timedOut() timed out} (a timed wait
 * still takes its monitor back). The run offers it in place of a timed action that is not enabled, whenever the
 * {@link Timeouts} policy lets time pass (see {@code JvmRun.next}); the execution's {@link VirtualClock} then moves to
 * the operation's deadline.
 *
 * <p>Every timeout writes {@code time}, so two timeouts are dependent and the explorers try them in both orders: under
 * {@link Timeouts#WHEN_BLOCKED} a timeout becomes impossible as soon as another one has let its thread move, so
 * without this dependence the second order would never be tried.
 */
final class TimeOut extends Action {

    private final Action timed;
    private final VirtualClock clock;

    TimeOut(Action timed, VirtualClock clock) {
        super(Operation.write(Location.TIME), timed.site());
        this.timed = timed;
        this.clock = clock;
    }

    /** The operation stops waiting, and the execution's time passes to its deadline. */
    @Override
    Action perform() {
        timed.timeOut();
        clock.advanceTo(timed.deadline());
        return timed;
    }

    @Override
    String value() {
        return "timed out";
    }

    @Override
    String whyBlocked() {
        return timed.whyBlocked();
    }

    @Override
    ManagedThread waitsFor() {
        return timed.waitsFor();
    }
}
