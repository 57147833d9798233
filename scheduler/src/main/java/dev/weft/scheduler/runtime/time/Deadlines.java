package dev.weft.scheduler.runtime.time;

import dev.weft.scheduler.runtime.Action;
import dev.weft.scheduler.runtime.threads.ManagedThread;

/**
 * Time passes in the order of the deadlines: a sleep ends, and a timed wait times out, only when no other thread's
 * sleep or timed wait is due earlier on the execution's clock ({@link VirtualClock}). So a test that sleeps 350 ms
 * beside a task scheduled every 100 ms sees the task run at 0, 100, 200 and 300 ms before it wakes, as on a JVM;
 * threads that do not wait for time move in every order, as before.
 */
public final class Deadlines {

    private Deadlines() {
    }

    /** Whether nothing of another thread of {@code self}'s execution is due before {@code deadline}. */
    public static boolean earliest(ManagedThread self, long deadline) {
        for (ManagedThread other : self.execution.threads()) {
            if (other != self && other.state() == ManagedThread.State.PAUSED) {
                long due = dueAt(other.pending());
                if (due >= 0 && due < deadline) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Whether the action waits for a deadline the clock has reached: it may time out at any moment, as on a JVM. */
    public static boolean due(Action pending, VirtualClock clock) {
        long due = dueAt(pending);
        return due >= 0 && due <= clock.elapsed();
    }

    /** When the action lets time pass: a sleep's or a timed wait's deadline while it waits; else -1. */
    private static long dueAt(Action pending) {
        return pending.mayTimeOut() && !pending.timedOut() && !pending.enabled() ? pending.deadline() : -1;
    }
}
