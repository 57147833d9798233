package dev.weft.scheduler.runtime;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.runtime.locks.WaitSet;
import dev.weft.scheduler.runtime.threads.InterruptLook;
import dev.weft.scheduler.runtime.threads.ManagedThread;
import dev.weft.scheduler.runtime.threads.Parking;
import dev.weft.scheduler.runtime.time.Timeouts;

/**
 * A <em>guarded real call</em>: a call on a thread-safe JDK object that may block. The thread pauses here; the
 * operation is enabled only once the real call would not block, judged from the real object's own non-blocking state
 * ({@link #ready()}), so that when it is chosen the thread makes the real call and it returns at once (only one
 * managed thread runs, so nothing changes between the check and the call). The real object keeps its real state.
 *
 * <p>Interrupts and timeouts follow {@link Parking} and {@link WaitSet.Waiter}: an interruptible call is also enabled
 * while the thread's model interrupt flag is set, and then throws {@link InterruptedException} (checked first, as the
 * JDK's synchronizers do); a timed call is always enabled, because it may time out.
 */
public abstract class GuardedCall extends Action {

    /** How the call may end without its condition. */
    public enum Mode {
        /** waits for the condition, whatever happens ({@code acquireUninterruptibly}, {@code awaitAdvance}) */
        UNINTERRUPTIBLE,
        /** waits for the condition or an interrupt */
        INTERRUPTIBLE,
        /** waits for the condition, an interrupt or the timeout */
        TIMED,
        /** never waits ({@code tryAcquire()}): succeeds or fails at once */
        TRY;

        public static Mode of(boolean interruptibly, long nanos) {
            return nanos >= 0 ? TIMED : interruptibly ? INTERRUPTIBLE : UNINTERRUPTIBLE;
        }
    }

    /** How it ended. */
    enum Outcome { READY, INTERRUPTED, TIMED_OUT }

    final ManagedThread thread;
    private final Mode mode;
    private Outcome outcome;

    public GuardedCall(ManagedThread thread, Mode mode, Operation operation, int site) {
        // A try never waits, so its acquisition may have to be ordered before a release too (TRY_LOCK).
        super(mode == Mode.TRY ? operation.nonBlocking()
                : InterruptLook.of(thread, operation, interruptible(mode), site), site);
        this.thread = thread;
        this.mode = mode;
    }

    /**
     * A try that failed, or an acquisition that an interrupt or a timeout ended, did not take the lock: it only
     * observed it.
     */
    @Override
    public Operation performed() {
        Operation operation = operation();
        boolean acquires = operation.kind() == OpKind.TRY_LOCK || operation.kind() == OpKind.LOCK;
        return acquires && outcome != Outcome.READY
                ? operation.as(OpKind.OBSERVE_LOCK, operation.lockId()) : operation;
    }

    /** Whether the real call would return at once; must not depend on which thread asks. */
    public abstract boolean ready();

    /**
     * Thread side: pauses until the call may proceed.
     *
     * @return {@code true} when the condition holds (make the real call now), {@code false} when it timed out or a
     *         try failed
     * @throws InterruptedException when the call was interrupted
     */
    public final boolean await() throws InterruptedException {
        thread.pauseAt(this);
        thread.throwIfTold();
        return outcome == Outcome.READY;
    }

    /** Thread side, for calls that cannot be interrupted. */
    public final boolean awaitUninterruptibly() {
        thread.pauseAt(this);
        thread.throwUncheckedIfTold();
        return outcome == Outcome.READY;
    }

    private static boolean interruptible(Mode mode) {
        return mode == Mode.INTERRUPTIBLE || mode == Mode.TIMED;
    }

    @Override
    public boolean enabled() {
        return switch (mode) {
            case TRY -> true;
            case TIMED -> ready() || thread.interrupted || timedOut();
            case INTERRUPTIBLE -> ready() || thread.interrupted;
            case UNINTERRUPTIBLE -> ready();
        };
    }

    /** A timed call that cannot go on yet may time out, when the {@link Timeouts} policy lets time pass. */
    @Override
    public boolean mayTimeOut() {
        return mode == Mode.TIMED;
    }

    @Override
    public Action perform() {
        if (interruptible(mode) && thread.interrupted) {
            thread.interrupted = false;
            thread.toThrow = new InterruptedException();
            outcome = Outcome.INTERRUPTED;
        } else {
            outcome = ready() ? Outcome.READY : Outcome.TIMED_OUT;
        }
        return null;
    }

    Outcome outcome() {
        return outcome;
    }

    @Override
    public String value() {
        return outcome == null ? null : outcome.name().toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * A try or a timed call that failed changed nothing, and trying again with nothing changed fails again; a wait
     * that only reads (a latch's) changes nothing either way.
     */
    @Override
    public boolean repeatable() {
        return mode == Mode.TRY || mode == Mode.TIMED || super.repeatable();
    }

    @Override
    public boolean changedNothing(Event event) {
        return outcome != Outcome.READY || event.operation().kind() == OpKind.READ;
    }

    @Override
    public String whyBlocked() {
        return "waits: " + operation();
    }
}
