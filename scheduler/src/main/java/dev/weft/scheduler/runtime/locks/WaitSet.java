package dev.weft.scheduler.runtime.locks;

import dev.weft.scheduler.runtime.SpuriousWakeUp;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The threads waiting on one monitor or one {@code Condition}, longest waiter first. {@code notify} wakes the longest
 * waiter, {@code notifyAll} every waiter; a woken thread leaves the set and then competes to re-acquire the lock.
 */
public final class WaitSet {

    /** One thread's wait: what it must take back, and whether it may stop waiting. */
    static final class Waiter {
        final ManagedThread thread;
        final int holds;
        final boolean timed;
        /** {@code false} for {@code awaitUninterruptibly}: an interrupt neither wakes nor ends the wait. */
        boolean interruptible = true;
        boolean notified;
        boolean timedOut;
        /** Woke without a cause ({@link SpuriousWakeUp}). */
        boolean wokeSpuriously;

        Waiter(ManagedThread thread, int holds, boolean timed) {
            this.thread = thread;
            this.holds = holds;
            this.timed = timed;
        }

        /** Notified, timed out, woken spuriously, or interrupted. */
        boolean mayWake() {
            return notified || timedOut || wokeSpuriously || interruptible && thread.interrupted;
        }
    }

    private final Deque<Waiter> waiters = new ArrayDeque<>();

    void add(Waiter waiter) {
        waiters.addLast(waiter);
    }

    /** A waiter leaves without being notified (it timed out or was interrupted), or after being notified. */
    void remove(Waiter waiter) {
        waiters.remove(waiter);
    }

    /**
     * The threads that still wait to be woken, in the order they began (an interrupted waiter is on its way out, as it
     * is in the JDK).
     */
    List<Thread> threadsStillWaiting() {
        List<Thread> threads = new ArrayList<>();
        for (Waiter waiter : waiters) {
            if (!waiter.mayWake()) {
                threads.add(waiter.thread.thread);
            }
        }
        return threads;
    }

    /** Wakes the longest waiter, if any; returns it (or none). */
    List<Waiter> wakeOne() {
        Waiter first = waiters.pollFirst();
        if (first == null) {
            return List.of();
        }
        first.notified = true;
        return List.of(first);
    }

    /** Wakes every waiter; returns them, longest waiter first. */
    List<Waiter> wakeAll() {
        List<Waiter> woken = new ArrayList<>(waiters);
        for (Waiter waiter : waiters) {
            waiter.notified = true;
        }
        waiters.clear();
        return woken;
    }
}
