package dev.weft.scheduler.runtime;

import dev.weft.scheduler.model.FailureKind;
import dev.weft.scheduler.model.SubjectFailure;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.TimeUnit;

/**
 * Decides when a thread that was let run is stuck outside the scheduler's control: it has not reached its next
 * scheduling point within the timeout, or — after 100 ms — it is blocked on a real monitor that a paused managed thread
 * holds (a {@code synchronized} method entered without the scheduler's knowledge: reflection, virtual dispatch to a
 * synchronized override, or a call from uninstrumented code), or — after 100 ms — it is still away when JUnit's timeout
 * interrupts the exploration. The failure names the thread and carries its stack.
 */
public final class Watchdog {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    /**
     * How long a thread must stay blocked on a real monitor before it counts as blocked by a paused thread: the JVM
     * itself holds some monitors for moments (a thread that is ending holds its {@code Thread} object's monitor while
     * it notifies joiners), whereas a paused thread never lets go.
     */
    private static final long PERSISTENCE_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final Execution execution;
    private final long timeoutNanos;

    Watchdog(Execution execution) {
        this.execution = execution;
        this.timeoutNanos = execution.settings.watchdogTimeout().toNanos();
    }

    /**
     * Looks at a thread that is still running after {@code waitedNanos}.
     *
     * @param after what it was let do, for the message ({@code "after lock Account@1 (Account.java:12)"})
     * @return the failure, or {@code null} while it may still reach a scheduling point
     */
    public SubjectFailure inspect(ManagedThread running, long waitedNanos, String after) {
        SubjectFailure blockedOnPaused = waitedNanos < PERSISTENCE_NANOS ? null
                : blockedOnPausedThread(running, after);
        if (blockedOnPaused != null) {
            return blockedOnPaused;
        }
        if (execution.driverInterrupted && waitedNanos >= PERSISTENCE_NANOS) {
            // JUnit's timeout ran out while this thread was away from the scheduler: say where it is now, rather
            // than leave the user with JUnit's bare "timed out".
            return failure(running, "thread " + running + " had not reached its next scheduling point "
                    + TimeUnit.NANOSECONDS.toMillis(waitedNanos) + " ms " + after + " when the test's time ran out"
                    + " (JUnit's timeout interrupted the exploration): it is " + running.platformThread().getState() + " in code"
                    + " the scheduler does not control");
        }
        if (waitedNanos < timeoutNanos) {
            return null;
        }
        Thread thread = running.platformThread();
        String message = "thread " + running + " did not reach its next scheduling point within "
                + TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + " ms " + after + ": it is " + thread.getState()
                + " in code the scheduler does not control (an uninstrumented blocking call, a lock held by a thread"
                + " outside the test, or a loop without visible operations)";
        return failure(running, message);
    }

    private SubjectFailure blockedOnPausedThread(ManagedThread running, String after) {
        // One snapshot for the state and the owner: read apart, they can describe two different moments.
        Thread blocked = running.platformThread();
        ThreadInfo info = THREADS.getThreadInfo(blocked.getId(), 0);
        if (info == null || info.getThreadState() != Thread.State.BLOCKED
                || info.getLockOwnerId() == blocked.getId()) {
            return null;
        }
        for (ManagedThread owner : execution.threads()) {
            if (!owns(owner, info.getLockOwnerId()) || owner.state() != ManagedThread.State.PAUSED) {
                continue;
            }
            // A thread paused inside a real monitor's wait holds that monitor only for the moment it takes to
            // check whether it may run; the running thread gets it right after. Any other monitor it holds, it keeps.
            Object waitedIn = owner.realMonitorWaitedIn();
            if (waitedIn == null || System.identityHashCode(waitedIn) != info.getLockInfo().getIdentityHashCode()) {
                return failure(running, "thread " + running + " is blocked " + after + " entering the real monitor "
                        + info.getLockName() + " held by " + owner + ", which is paused by the scheduler at "
                        + Execution.source(owner.pending().site()) + (waitedIn == null ? "" : " inside synchronized"
                        + " methods of more than one object whose classes were loaded before Weft was installed: a"
                        + " paused thread releases only the innermost monitor, and this entry was not announced by"
                        + " an instrumented call site (it came through a method reference, reflection, virtual"
                        + " dispatch or the JDK)"));
            }
        }
        return null;
    }

    /** Whether the JVM names {@code owner} as a monitor's owner: by its platform thread, or by its fiber's thread. */
    private static boolean owns(ManagedThread owner, long ownerId) {
        return owner.thread.getId() == ownerId || owner.platformThread().getId() == ownerId;
    }

    private static SubjectFailure failure(ManagedThread running, String message) {
        StringBuilder text = new StringBuilder(message).append(". Its stack:");
        for (StackTraceElement frame : running.platformThread().getStackTrace()) {
            text.append("\n\tat ").append(frame);
        }
        return new SubjectFailure(FailureKind.UNCONTROLLED_BLOCKING, running.id, text.toString(), null);
    }
}
