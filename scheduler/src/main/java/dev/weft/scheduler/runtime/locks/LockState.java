package dev.weft.scheduler.runtime.locks;

import dev.weft.scheduler.model.LockId;
import dev.weft.scheduler.model.SourcePosition;
import dev.weft.scheduler.runtime.Execution;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.util.ArrayList;
import java.util.List;

/**
 * Ownership of one reentrant lock — a monitor or a {@code ReentrantLock}: who holds it, how many times, and where it
 * was taken (for deadlock descriptions). Only the outermost acquire and release are visible; the nested ones only
 * count, because whether a thread already holds a lock is known to that thread alone.
 */
public final class LockState {

    final LockId id;
    /** Whether this is an object's monitor, which a thread waits for {@code BLOCKED}, not {@code WAITING}. */
    final boolean monitor;
    /** Whether this is a fair {@code ReentrantLock}: see {@link #mayTake}. */
    private final boolean fair;
    /**
     * For a fair lock, the threads a signal of one of its conditions put in the lock's queue, in that order, with
     * when ({@link Execution#arrivalTick}); each leaves as it takes the lock.
     */
    private final List<Queued> queued = new ArrayList<>();
    private ManagedThread owner;
    private int holds;
    private SourcePosition acquiredAt = SourcePosition.UNKNOWN;

    private record Queued(ManagedThread thread, long at) {
    }

    LockState(LockId id, boolean monitor) {
        this(id, monitor, false);
    }

    LockState(LockId id, boolean monitor, boolean fair) {
        this.id = id;
        this.monitor = monitor;
        this.fair = fair;
    }

    /**
     * A signal moved the waiters it woke, longest waiter first, to the queue of this lock: the JDK's
     * {@code ConditionObject} puts each signalled waiter at the tail of the lock's queue, and a fair lock serves its
     * queue first come, first served. They are queued one after another, after every thread that came to the lock
     * before the signal and before every one that comes after it ({@link Execution#arrivalTick}).
     */
    void queueAfterSignal(List<WaitSet.Waiter> woken) {
        if (!fair || woken.isEmpty()) {
            return;
        }
        long signalledAt = woken.get(0).thread.execution.arrivalTick();
        for (int i = 0; i < woken.size(); i++) {
            queued.add(new Queued(woken.get(i).thread, signalledAt + i + 1));
        }
    }

    /**
     * Whether the thread, come to take this lock at {@code arrivedAt}, may take it once it is free. On a fair lock,
     * not while a waiter that a signal queued before that is still in the queue: the JDK's fair lock then queues the
     * newcomer behind it (commons-pool's {@code testBorrowObjectFairness}: main, taking the lock again right after
     * signalling a waiter, must let that waiter go first). A thread that came before the signal may have queued before
     * it or after (when it found the lock taken is not a step of its own), so both orders stay open.
     */
    boolean mayTake(ManagedThread thread, long arrivedAt) {
        for (Queued waiter : queued) {
            if (waiter.at() >= arrivedAt) {
                return true;
            }
            if (waiter.thread() != thread) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether a woken waiter may take the lock back once it is free: on a fair lock, one that a signal queued goes
     * after those queued before it; one that woke otherwise (a timeout, an interrupt) is not ordered against them.
     */
    boolean mayTakeBack(ManagedThread thread) {
        return queued.isEmpty() || queued.get(0).thread() == thread || !isQueued(thread);
    }

    private boolean isQueued(ManagedThread thread) {
        return queued.stream().anyMatch(waiter -> waiter.thread() == thread);
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
        if (!queued.isEmpty()) {
            queued.removeIf(waiter -> waiter.thread() == thread);
        }
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
