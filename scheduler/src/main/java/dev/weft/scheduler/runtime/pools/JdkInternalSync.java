package dev.weft.scheduler.runtime.pools;

import dev.weft.scheduler.hooks.Sites;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.runtime.Action;
import dev.weft.scheduler.runtime.threads.ManagedThread;

/**
 * The synchronization that the JDK's executors and futures do among themselves, made invisible: a pool's
 * {@code mainLock} and its {@code termination} condition, the unparks of a future's waiters, the workers' looks at
 * their own interrupt flags. Inside an instrumented JDK body ({@code JdkClasses}) such an operation, when it can go on
 * at once, is performed by the running thread as part of its current step: no scheduling point, no event.
 *
 * <p>Why this is sound at the user's level (docs/design/explorers.md, "Equivalence at the user's level"): these
 * classes are linearizable, and what the user's code can observe of them is made visible as user-level operations on
 * the executor or future itself ({@link FutureModel}, {@link PoolModel}): a submission, a completion, a wait for a
 * result or for termination. The order in which two threads took the pool's private lock changes nothing the user
 * can see beyond those. What must stay visible stays: an operation that has to wait (a contended lock, a park
 * without permit, a worker taking from an empty work queue) still pauses the thread, so the scheduler never blocks
 * where it cannot see; starts, ends and interrupts of other threads stay events, and so do the work queue's
 * operations, which decide which task runs when.
 */
public final class JdkInternalSync {

    private JdkInternalSync() {
    }

    /** Whether the thread performs {@code action} itself, at once and unseen, instead of pausing at it. */
    public static boolean silent(ManagedThread self, Action action) {
        return !action.userLevel() && inJdkBody(action.site()) && action.enabled()
                && (invisibleKind(self, action.operation()) || interruptOfAnIdleWorker(action));
    }

    /**
     * {@code shutdown}'s interrupt of an idle pool worker ({@code ThreadPoolExecutor.interruptIdleWorkers}). It is sent
     * while the interrupting thread holds the worker's own lock, a lock of the JDK's that only the worker (around each
     * task) and this loop take, which Weft leaves real; a pause there would let the worker, if chosen next, block on it
     * for real. The worker is idle (it holds its lock while it runs a task), so the interrupt reaches only the JDK's
     * own wait for the next task, which it wakes; what the user sees of {@code shutdown} is its user-level write of the
     * pool's state. ({@code shutdownNow}'s interrupts reach running tasks, hold no such lock, and stay events.)
     */
    private static boolean interruptOfAnIdleWorker(Action action) {
        Operation operation = action.operation();
        if (operation.kind() != OpKind.WRITE || operation.location().kind() != Location.Kind.INTERRUPT) {
            return false;
        }
        Sites.Site site = Sites.get(action.site());
        return site.className().equals("java.util.concurrent.ThreadPoolExecutor")
                && site.methodName().equals("interruptIdleWorkers");
    }

    private static boolean invisibleKind(ManagedThread self, Operation operation) {
        OpKind kind = operation.kind();
        return switch (kind) {
            case LOCK, TRY_LOCK, UNLOCK, WAIT, NOTIFY, NOTIFY_ALL, UNPARK -> true;
            // a thread's look at its own or another's flag; interrupting another thread stays an event
            case READ, RMW -> operation.location().kind() == Location.Kind.INTERRUPT;
            // a worker of a pool stopped by shutdownNow that re-asserts its own interrupt before its task: the
            // interrupt shutdownNow sends it sets the same flag, so the two orders leave the task the same
            case WRITE -> operation.location().equals(Location.interruptFlag(self.id));
            default -> false;
        };
    }

    /** Whether the site is an instruction of an instrumented JDK body (the only JDK code Weft instruments). */
    public static boolean inJdkBody(int site) {
        if (site < 0) {
            return false;
        }
        String className = Sites.get(site).className();
        return className.startsWith("java.") || className.startsWith("jdk.");
    }
}
