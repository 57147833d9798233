package dev.weft.scheduler.runtime.pools;

import dev.weft.scheduler.hooks.Sites;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.runtime.Action;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * Pool workers left waiting for work when everything else has ended: a test that never shuts its
 * {@code ThreadPoolExecutor} down (or its {@code ScheduledThreadPoolExecutor}, whose workers may also wait for a
 * delayed or periodic task to become due). In a real JVM such a test passes and its idle threads leak; it is no deadlock. So
 * when every thread still alive is a worker blocked in {@code ThreadPoolExecutor.getTask} (waiting on its work
 * queue, untimed), the execution is complete, the workers are unwound when it is closed, and the test gets a warning.
 */
public final class IdleWorkers {

    private static final String POOL = "java.util.concurrent.ThreadPoolExecutor";
    /** Where the workers of a scheduled pool wait: for a task, or for the first task's delay to pass. */
    private static final String DELAY_QUEUE = "java.util.concurrent.ScheduledThreadPoolExecutor$DelayedWorkQueue";

    private IdleWorkers() {
    }

    /**
     * Whether the live threads are all idle workers; if so, tells {@code warn} which. An empty list is not: the
     * execution is over on its own.
     */
    public static boolean onlyIdleWorkersLeft(List<ManagedThread> live, Consumer<String> warn) {
        if (!allWaitForWork(live)) {
            return false;
        }
        Set<String> names = new TreeSet<>();
        live.forEach(thread -> names.add(thread.id.name()));
        warn.accept("the test ended while executor worker threads " + names + " were still waiting for work: a"
                + " pool was not shut down (call shutdown(), or use try-with-resources on Java 19+). The test passes,"
                + " as it would in a JVM where those threads leak.");
        return true;
    }

    /** Whether the live threads, at least one, are all idle workers. */
    public static boolean allWaitForWork(List<ManagedThread> live) {
        if (live.isEmpty()) {
            return false;
        }
        for (ManagedThread thread : live) {
            if (!waitsForWork(thread)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The execution is over and these threads are left, among them idle workers of a pool that was never shut down:
     * each of those that waits on a work queue takes one last look at it, a step after the end (its next pending
     * operation), as a worker of a shut-down pool looks before it exits ({@link PoolModel#workerLooksForTask}).
     *
     * <p>Why: the worker's wait for a task is no event (it is not enabled), so nothing it does races with the other
     * worker's take of the task it could have taken. Three tasks on two workers, the third queued, every future
     * awaited: the worker that ran the first task took the third and the other one, idle since, waits at the end; with
     * no event of its own there, the explorer never tried the other worker taking the third task before the first
     * task's write, and a read of that write passed in 1 execution (UserLevelPrograms
     * #queuedTaskReadsBeforeTheFirstWritesInAPoolNeverShutDown). The look reads the worker's key of the queue, as a
     * shut-down pool's worker's look does ({@link PoolModel#lookedAt}): it races with the takes that ordered something
     * (writes of the whole queue), not with a neutral one. The explorer reverses its races with the steps before the
     * end as it does a daemon thread's steps after the end, and the worker then moves before that take.
     */
    public static void lookOnceMore(List<ManagedThread> left) {
        for (ManagedThread thread : left) {
            Action waiting = thread.pending();
            if (!thread.lookedForWorkAtTheEnd && !(waiting instanceof LastLook) && waitsForWork(thread)
                    && Sites.get(waiting.site()).methodName().equals("getTask")
                    && waiting.operation().location() != null) {
                thread.replacePending(new LastLook(thread, waiting));
            }
        }
    }

    /** Whether the thread is an idle worker of a JDK pool: it waits on its pool's work queue for a task. */
    public static boolean waitsForWork(ManagedThread thread) {
        Action pending = thread.pending();
        if (pending instanceof LastLook) {
            return true;
        }
        if (pending.enabled() || pending.site() < 0) {
            return false;
        }
        Sites.Site site = Sites.get(pending.site());
        return site.className().equals(POOL) && site.methodName().equals("getTask")
                || site.className().equals(DELAY_QUEUE)
                && (site.methodName().equals("take") || site.methodName().equals("poll"));
    }

    /** An idle worker's look at its work queue after the end: it finds no task and waits on, as before. */
    private static final class LastLook extends Action {
        private final ManagedThread worker;
        private final Action waiting;

        LastLook(ManagedThread worker, Action waiting) {
            super(Operation.read(PoolModel.lookedAt(worker, waiting.operation().location())), waiting.site());
            this.worker = worker;
            this.waiting = waiting;
        }

        @Override
        public Action perform() {
            worker.lookedForWorkAtTheEnd = true;
            return waiting;
        }
    }
}
