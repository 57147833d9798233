package dev.weft.scheduler.runtime;

import dev.weft.scheduler.model.LockId;
import dev.weft.scheduler.model.SourcePosition;

/**
 * Ownership of one reentrant lock — a monitor or a {@code ReentrantLock}: who holds it, how many times, and where it
 * was taken (for deadlock descriptions). Only the outermost acquire and release are visible; the nested ones only
 * count, because whether a thread already holds a lock is known to that thread alone.
 */
final class LockState {

    final LockId id;
    /** Whether this is an object's monitor, which a thread waits for {@code BLOCKED}, not {@code WAITING}. */
    final boolean monitor;
    private ManagedThread owner;
    private int holds;
    private SourcePosition acquiredAt = SourcePosition.UNKNOWN;

    LockState(LockId id, boolean monitor) {
        this.id = id;
        this.monitor = monitor;
    }

    /** What {@code getState()} says of a thread that waits to take this lock. */
    Thread.State waitingState() {
        return monitor ? Thread.State.BLOCKED : Thread.State.WAITING;
    }

    ManagedThread owner() {
        return owner;
    }

    SourcePosition acquiredAt() {
        return acquiredAt;
    }

    boolean heldBy(ManagedThread thread) {
        return owner == thread;
    }

    boolean free() {
        return owner == null;
    }

    /** How many times the owner holds the lock. */
    int holds() {
        return holds;
    }

    /** Takes the free lock {@code count} times (more than once when a waiter takes back what it held). */
    void acquire(ManagedThread thread, int count, SourcePosition where) {
        if (owner != null) {
            throw new IllegalStateException(thread + " cannot take " + id + " held by " + owner);
        }
        owner = thread;
        holds = count;
        acquiredAt = where;
    }

    /** A nested acquire by the owner. */
    void reenter() {
        holds++;
    }

    /** Whether the owner's next release is the outermost one. */
    boolean lastHold() {
        return holds == 1;
    }

    /** A nested release by the owner. */
    void exitNested() {
        holds--;
    }

    /** Releases every hold and says how many there were, for a wait to take them back. */
    int releaseAll() {
        int released = holds;
        owner = null;
        holds = 0;
        acquiredAt = SourcePosition.UNKNOWN;
        return released;
    }
}
