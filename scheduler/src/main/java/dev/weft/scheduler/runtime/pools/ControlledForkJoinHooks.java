package dev.weft.scheduler.runtime.pools;

import dev.weft.scheduler.hooks.ForkJoinHookHandler;
import dev.weft.scheduler.runtime.ControlledHooks;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.TimeUnit;

import static dev.weft.scheduler.runtime.ControlledHooks.current;
import static dev.weft.scheduler.runtime.ControlledHooks.visible;
import static dev.weft.scheduler.runtime.ControlledHooks.visibleTimed;

/**
 * The JVM runtime's handler of the fork/join hooks ({@link ForkJoinHookHandler}): fork/join tasks and pools, and the
 * JDK's delay schedulers. On a thread no execution manages, or where its operations are not visible, each hook does
 * what the uninstrumented code would have done (see {@link ControlledHooks}).
 */
public final class ControlledForkJoinHooks implements ForkJoinHookHandler {

    @Override
    public boolean forkJoinFork(Object task, int site) {
        ManagedThread self = visible();
        if (self == null) {
            return false;
        }
        ForkJoinTasks.fork(self, (ForkJoinTask<?>) task, site);
        return true;
    }

    @Override
    public boolean forkJoinSubmit(Object pool, Object task, int site) {
        ManagedThread self = visible();
        if (self == null) {
            return false;
        }
        ForkJoinTasks.submit(self, (ForkJoinPool) pool, (ForkJoinTask<?>) task, site);
        return true;
    }

    @Override
    public int forkJoinAwaitFor(Object task, boolean interruptible, boolean timed, long nanos, int site) {
        long timeout = timed ? Math.max(0, nanos) : -1;
        ManagedThread self = visibleTimed(timeout);
        return self == null ? NOT_HANDLED : ForkJoinTasks.await(self, (ForkJoinTask<?>) task, interruptible, timeout,
                site);
    }

    @Override
    public int forkJoinAwaitUntil(Object task, boolean interruptible, long deadline, int site) {
        // the JDK's deadline is on the real clock, taken just before: what is left of it is the timeout asked for
        long timeout = deadline == 0 ? -1 : Math.max(0, deadline - System.nanoTime());
        ManagedThread self = visibleTimed(timeout);
        return self == null ? NOT_HANDLED : ForkJoinTasks.await(self, (ForkJoinTask<?>) task, interruptible, timeout,
                site);
    }

    @Override
    public void forkJoinTaskCompletes(Object task, int site) {
        ManagedThread self = visible();
        if (self != null) {
            ForkJoinTasks.completes(self, (ForkJoinTask<?>) task, site);
        }
    }

    @Override
    public void forkJoinCompleterReports(Object completer, int site) {
        ManagedThread self = visible();
        if (self != null) {
            ForkJoinTasks.completerReports(self, site);
        }
    }

    @Override
    public int forkJoinPoolAwaits(Object pool, long nanos, boolean termination, int site) {
        ManagedThread self = visibleTimed(Math.max(0, nanos));
        return self == null ? -1 : ForkJoinTasks.awaitQuiet(self, (ForkJoinPool) pool, nanos, termination, site) ? 1 : 0;
    }

    @Override
    public int forkJoinPoolIsQuiescent(Object pool, int site) {
        ManagedThread self = visible();
        return self == null ? -1 : ForkJoinTasks.isQuiescent(self, (ForkJoinPool) pool, site) ? 1 : 0;
    }

    @Override
    public boolean forkJoinPoolCloses(Object pool, int site) {
        ManagedThread self = visible();
        if (self == null || pool == ForkJoinPool.commonPool()) {
            return false;
        }
        ForkJoinTasks.close(self, (ForkJoinPool) pool, site);
        return true;
    }

    @Override
    public void forkJoinPoolShutsDownNow(Object pool, int site) {
        ManagedThread self = visible();
        if (self != null) {
            ForkJoinTasks.shutdownNow(self, (ForkJoinPool) pool, site);
        }
    }

    @Override
    public boolean forkJoinHelpsQuiesce(int site) {
        ManagedThread self = visible();
        if (self == null) {
            return false;
        }
        ForkJoinTasks.helpQuiesce(self, site);
        return true;
    }

    @Override
    public int forkJoinInPool(int site) {
        ManagedThread self = current();
        return self == null ? NOT_HANDLED : ForkJoinTasks.poolOfTask(self) != null ? 1 : 0;
    }

    @Override
    public Object forkJoinPoolOfTask(int site) {
        ManagedThread self = current();
        return self == null ? null : ForkJoinTasks.poolOfTask(self);
    }

    @Override
    public boolean forkJoinSchedules(Object pool, Object task, int site) {
        ManagedThread self = visible();
        if (self == null) {
            return false;
        }
        DelayedActions.schedule(self, (ForkJoinPool) pool, (ForkJoinTask<?>) task, site);
        return true;
    }

    @Override
    public boolean delaysOnTheExecution() {
        return visible() != null;
    }

    @Override
    public java.util.concurrent.ScheduledFuture<?> delayedAction(Runnable action, long delay,
                                                                java.util.concurrent.TimeUnit unit, int site) {
        return DelayedActions.delay(visible(), action, delay, unit, site);
    }

    @Override
    public void forkJoinPoolShutsDown(Object pool, int site) {
        ManagedThread self = visible();
        if (self != null) {
            ForkJoinTasks.shutdown(self, (ForkJoinPool) pool, site);
        }
    }
}
