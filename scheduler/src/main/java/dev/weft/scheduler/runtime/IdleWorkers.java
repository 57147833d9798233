package dev.weft.scheduler.runtime;

import dev.weft.scheduler.hooks.Sites;

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
final class IdleWorkers {

    private static final String POOL = "java.util.concurrent.ThreadPoolExecutor";
    /** Where the workers of a scheduled pool wait: for a task, or for the first task's delay to pass. */
    private static final String DELAY_QUEUE = "java.util.concurrent.ScheduledThreadPoolExecutor$DelayedWorkQueue";

    private IdleWorkers() {
    }

    /**
     * Whether the live threads are all idle workers; if so, tells {@code warn} which. An empty list is not: the
     * execution is over on its own.
     */
    static boolean onlyIdleWorkersLeft(List<ManagedThread> live, Consumer<String> warn) {
        if (live.isEmpty()) {
            return false;
        }
        for (ManagedThread thread : live) {
            if (!waitsForWork(thread)) {
                return false;
            }
        }
        Set<String> names = new TreeSet<>();
        live.forEach(thread -> names.add(thread.id.name()));
        warn.accept("the test ended while executor worker threads " + names + " were still waiting for work: a"
                + " pool was not shut down (call shutdown(), or use try-with-resources on Java 19+). The test passes,"
                + " as it would in a JVM where those threads leak.");
        return true;
    }

    private static boolean waitsForWork(ManagedThread thread) {
        Action pending = thread.pending();
        if (pending.enabled() || pending.site() < 0) {
            return false;
        }
        Sites.Site site = Sites.get(pending.site());
        return site.className().equals(POOL) && site.methodName().equals("getTask")
                || site.className().equals(DELAY_QUEUE)
                && (site.methodName().equals("take") || site.methodName().equals("poll"));
    }
}
