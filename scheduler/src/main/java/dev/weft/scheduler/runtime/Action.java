package dev.weft.scheduler.runtime;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.runtime.locks.LockActions;
import dev.weft.scheduler.runtime.locks.Waits;
import dev.weft.scheduler.runtime.threads.ManagedThread;
import dev.weft.scheduler.runtime.time.TimeOut;
import dev.weft.scheduler.runtime.time.Timeouts;
import dev.weft.scheduler.runtime.time.VirtualClock;

import java.util.List;

/**
 * What a paused thread will do when it is let move: a visible operation, when it is enabled, and its effect on the
 * models. Actions are created by the thread at a scheduling point and performed by the driver, so every model is
 * changed by one thread at a time.
 */
public abstract class Action {

    private final Operation operation;
    private final int site;
    private List<StackTraceElement> stack = List.of();
    private boolean timedOut;
    /** For a timed operation, when it times out on the execution's clock ({@link VirtualClock#elapsed()}), or -1. */
    private long deadline = -1;
    /** For a timed operation, how long it waits at most: from when it began to its {@link #deadline}. */
    private long span;

    /**
     * @param site the instrumented site ({@code dev.weft.scheduler.hooks.Sites}), or {@code -1} for operations that
     *             have no instruction of their own (a thread's end)
     */
    public Action(Operation operation, int site) {
        this.operation = operation;
        this.site = site;
    }

    public final Operation operation() {
        return operation;
    }

    /**
     * The operation as performed, for the event: the pending one unless performing it settled what it was (a
     * {@code TRY_LOCK} that did not take the lock only observed it).
     */
    public Operation performed() {
        return operation;
    }

    public final int site() {
        return site;
    }

    /**
     * Whether the operation stands for a user-level operation that a model announces from inside the JDK's code (a
     * pool's task done), which must stay visible even though its site is in an instrumented JDK body.
     */
    public boolean userLevel() {
        return false;
    }

    /** The thread's stack where it paused at this action, when the run records detail; else empty. */
    final List<StackTraceElement> stack() {
        return stack;
    }

    /** Thread side, at the scheduling point: keeps the stack for the event. */
    public final void recordStack(List<StackTraceElement> frames) {
        stack = frames;
    }

    /**
     * Whether the operation can be performed now. A timed operation ({@link #mayTimeOut()}) says here whether it can
     * complete normally (it was woken, its condition holds, it was interrupted) or has {@link #timedOut()}.
     */
    public boolean enabled() {
        return true;
    }

    /**
     * Whether this is a timed operation (a timed wait, park, join, {@code tryAcquire(t, unit)}, {@code poll(t, unit)}
     * ...), which may also complete by timing out. The run decides when it may time out (the {@link Timeouts}
     * policy); when it does, the thread takes a {@link TimeOut} step, after which {@link #timedOut()} is true. So a
     * timed action answers three things: {@code mayTimeOut()} is {@code true}; {@link #enabled()} is {@code true} when
     * it can complete normally <em>or</em> {@link #timedOut()}; {@link #perform()} looks at {@link #timedOut()} to
     * complete as a timeout (a wait returns {@code false}, a {@code tryAcquire} does not acquire).
     */
    public boolean mayTimeOut() {
        return false;
    }

    /**
     * What {@code getState()} says of the thread while this is its next step: {@code RUNNABLE} while it could move;
     * blocked, {@code TIMED_WAITING} if it may time out, else {@code WAITING}. A wait for a monitor says
     * {@code BLOCKED} instead ({@link LockActions.Acquire}, {@link Waits.Reacquire}).
     */
    public Thread.State stateWhilePending() {
        if (enabled()) {
            return Thread.State.RUNNABLE;
        }
        return mayTimeOut() ? Thread.State.TIMED_WAITING : Thread.State.WAITING;
    }

    /** Whether this timed operation timed out (see {@link #mayTimeOut()}); it then completes without being woken. */
    public final boolean timedOut() {
        return timedOut;
    }

    /**
     * For an operation that waits to be woken (a {@code wait}, {@code Condition.await}, {@code park}) and is not yet:
     * what a wake-up without a cause does, as an operation of the waiting thread (conflicting with the wake-ups it
     * could have had); {@code null} for any other operation or state.
     */
    public Operation spuriousWakeUp() {
        return null;
    }

    /** The {@link SpuriousWakeUp} step: this operation stops waiting, as if woken, though nothing woke it. */
    public void wakeSpuriously() {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " cannot wake spuriously");
    }

    /** Sets when this timed operation, begun at {@code now} on the execution's clock, times out on it. */
    public final void timesOutAt(long clockDeadline, long now) {
        deadline = clockDeadline;
        span = clockDeadline - now;
    }

    /** How long this timed operation waits at most, in nanoseconds (see {@link #timesOutAt}). */
    public final long span() {
        return span;
    }

    /** When this timed operation times out on the execution's clock, or -1 if that is not known. */
    public final long deadline() {
        return deadline;
    }

    /** The {@link TimeOut} step: this operation stops waiting. Overridden to also leave a wait set. */
    public void timeOut() {
        timedOut = true;
    }

    /**
     * Applies the operation to the models.
     *
     * @return the action the thread is paused at next without running (a wait is followed by re-acquiring its
     *         monitor), or {@code null} to let the thread run on to its next scheduling point
     */
    public Action perform() {
        return null;
    }

    /** The value read, written or returned, as text for the event, or {@code null}. Meaningful after {@link #perform}. */
    public String value() {
        return null;
    }

    /**
     * Whether doing this again, with nothing that it reads changed by another thread, would do exactly the same: the
     * operations a spin loop is made of (reads, yields, compare-and-sets that will fail again; {@code tryLock} says so
     * itself).
     */
    public boolean repeatable() {
        OpKind kind = operation.kind();
        return kind == OpKind.READ || kind == OpKind.YIELD || kind == OpKind.CAS;
    }

    /**
     * Whether performing this, as {@code event} records it, changed nothing another thread could observe (a read, a
     * yield, a failed compare-and-set, a failed {@code tryLock}).
     */
    public boolean changedNothing(Event event) {
        return repeatable() && !event.operation().writes();
    }

    /** Why the operation is not enabled, for deadlock descriptions: {@code "waits to lock Account@1, held by main.1"}. */
    public String whyBlocked() {
        return "cannot " + operation;
    }

    /** The thread this one waits for while not enabled (the owner of a lock, a joined thread), or {@code null}. */
    public ManagedThread waitsFor() {
        return null;
    }

    @Override
    public String toString() {
        return operation.toString();
    }
}
