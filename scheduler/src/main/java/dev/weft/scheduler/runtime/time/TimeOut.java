package dev.weft.scheduler.runtime.time;

import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.runtime.Action;
import dev.weft.scheduler.runtime.Execution;
import dev.weft.scheduler.runtime.collections.DelayQueues;
import dev.weft.scheduler.runtime.threads.ManagedThread;
import dev.weft.scheduler.runtime.threads.ThreadLifecycle;

/**
 * The step in which a timed operation times out, or a sleep ends: after it the thread stays paused at the timed
 * operation itself, now {@link Action#timedOut() timed out} (a timed wait still takes its monitor back, a sleep still
 * looks at its interrupt flag). The run offers it in place of a timed action that is not enabled, whenever the
 * {@link Timeouts} policy lets time pass or the clock already reached the deadline (see {@code JvmRun.next}); the
 * execution's {@link VirtualClock} then moves to the operation's deadline.
 *
 * <p>A {@code READ} of the one location {@code time}: timeouts commute with each other. Time moves only to the earliest
 * deadline ({@link Deadlines}), so of two timeouts only those due at the same instant are ever offered together, and
 * either order leaves the clock at that instant and both threads free to time out: the one that goes second is due
 * and may still time out while the first runs.
 */
public final class TimeOut extends Action {

    private final ManagedThread thread;
    private final Action timed;
    /** Whether another thread could still move: the timeout is a stall of that thread ({@link Timeouts#ANY}). */
    private final boolean stall;
    /** What the step did, in the report's words; known once performed. */
    private String text;

    public TimeOut(ManagedThread thread, Action timed, boolean stall) {
        super(Operation.read(Location.TIME), timed.site());
        this.thread = thread;
        this.timed = timed;
        this.stall = stall;
    }

    /**
     * The operation stops waiting, and the execution's time passes to its deadline. A stall is kept by the execution,
     * to name it if the execution fails ({@code TIMING}).
     */
    @Override
    public Action perform() {
        Execution execution = thread.execution;
        timed.timeOut();
        execution.clock.advanceTo(timed.deadline());
        boolean sleep = timed instanceof ThreadLifecycle.Sleep;
        String what = sleep ? "sleep " + Durations.text(timed.span())
                : Execution.member(timed.site()) + "(" + Durations.text(timed.span()) + ")";
        String now = " (" + Durations.instant(execution.clock.elapsed()) + ")";
        text = thread.delayQueueCall != null ? DelayQueues.due(thread.delayQueueCall) + now
                : what + (sleep ? " ends" : " times out") + now;
        if (stall) {
            execution.stalled(thread.id.name() + "'s " + what + " at " + Execution.source(timed.site())
                    + (sleep ? " to end" : " to time out") + " while " + execution.threadsFreeBesides(thread)
                    + " could still move");
        }
        return timed;
    }

    /** Not a look that a waiting loop repeats: the thread stops waiting. */
    @Override
    public boolean repeatable() {
        return false;
    }

    /** The report shows the step in words: {@code sleep 5 s ends (t = 5.000 s)}. */
    @Override
    public String value() {
        return text;
    }

    @Override
    public String whyBlocked() {
        return timed.whyBlocked();
    }

    @Override
    public ManagedThread waitsFor() {
        return timed.waitsFor();
    }
}
