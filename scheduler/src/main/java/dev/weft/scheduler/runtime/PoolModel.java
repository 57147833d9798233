package dev.weft.scheduler.runtime;

import dev.weft.scheduler.hooks.Sites;
import dev.weft.scheduler.model.LockId;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.Operation;
import java.lang.reflect.Field;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;

/**
 * How Weft models the JDK's executors ({@code ThreadPoolExecutor} and its subclasses, the pools of
 * {@code Executors}, Java 21+'s thread-per-task executors) at the user's level. The JDK's code runs, on managed
 * workers; its private synchronization is invisible ({@link JdkInternalSync}); what the user's code can observe is
 * a handful of user-level operations on two targets per pool:
 *
 * <ul>
 *   <li>the pool's <em>state</em> ({@link Location#objectState}): each call of the user's code that changes it
 *   ({@code execute}, {@code submit}, {@code invokeAll}, {@code shutdown}, {@code shutdownNow}, ...) is a
 *   {@code WRITE}, each that only reads it a {@code READ}. Two submissions from different threads race (the order
 *   of the work queue is observable), and so do a submission and a {@code shutdown} (rejected or not).</li>
 *   <li>the pool's <em>finished tasks</em>, a counting lock: each task that is done releases it ({@code UNLOCK}),
 *   and those releases commute, as additions do; {@code awaitTermination}, {@code close}, {@code isTerminated} and
 *   the counters of running and finished tasks observe it ({@code OBSERVE_LOCK}), so they happen after every task
 *   done before them and race with the others. {@code awaitTermination} is a guarded call, enabled once the pool has
 *   terminated (or timed out).</li>
 * </ul>
 * A task happens after its submission through what the JDK does visibly: a new worker's start, or the work queue
 * (whose operations stay events, since which worker takes which task and when is what decides which tasks run at
 * once).
 */
final class PoolModel {

    /** Queries whose answer changes as tasks finish: they observe the finished tasks, not the state. */
    private static final Set<String> TASK_COUNTERS = Set.of("isTerminated", "isTerminating", "getActiveCount",
            "getPoolSize", "getCompletedTaskCount", "getTaskCount");

    private PoolModel() {
    }

    /** The pool behind {@code executor} if the runtime models it, else {@code null}. */
    static Object poolOf(Object executor) {
        Object pool = unwrapped(executor);
        return pool instanceof ThreadPoolExecutor || isThreadPerTask(pool) ? pool : null;
    }

    /** A user-level call on the pool ({@code CollectionCalls.CONCURRENT_API}). */
    static void call(ManagedThread self, Object pool, boolean writes, int site) {
        String member = Sites.get(site).member();
        String method = member.substring(member.lastIndexOf('.') + 1);
        if (!writes && TASK_COUNTERS.contains(method)) {
            Step.observe(self, Operation.observeLock(finishedTasks(self, pool)), site);
        } else if (writes) {
            Step.change(self, Operation.write(state(self, pool)), site);
        } else {
            Step.observe(self, Operation.read(state(self, pool)), site);
        }
    }

    static void taskDone(ManagedThread self, Object pool, int site) {
        Step.userLevelChange(self, Operation.unlock(finishedTasks(self, pool)), site);
    }

    /**
     * An idle worker is about to decide whether to take a queued task, wait for one or exit. While the pool runs, the
     * decision is a take from the work queue, an event. Once it is shut down, a worker that finds the queue empty
     * exits without one; that look at the queue is made a read of it, so that it races with the other workers' takes.
     * Without it an execution where a busy worker took the last queued task would be taken as equivalent to one where
     * this worker, idle earlier, took it, and the order of the two tasks' conflicting operations would go unexplored
     * (a task queued behind two running ones, run by the worker that finished first, seeing only that one's effects).
     * Whether an idle worker of a running pool then exits at once or after {@code shutdown}'s interrupt is not
     * something the user's code can see: termination is observed through the finished tasks ({@link #close}). A
     * {@code SynchronousQueue} holds no tasks (a cached pool hands each to a waiting worker or to a new one), so
     * there is nothing to look at.
     */
    static void workerLooksForTask(ManagedThread self, ThreadPoolExecutor pool, int site) {
        CollectionModel collections = self.execution.collections;
        BlockingQueue<Runnable> work = pool.getQueue();
        Object queue = work instanceof SynchronousQueue ? null : collections.collectionOf(work, null, null);
        if (queue != null && pool.isShutdown()) {
            Step.observe(self, Operation.read(collections.location(queue, self)), site);
        }
    }

    /** {@code awaitTermination}: {@code true} once terminated, {@code false} when it timed out. */
    static boolean awaitTermination(ManagedThread self, ExecutorService executor, long nanos, int site)
            throws InterruptedException {
        return terminated(self, executor, GuardedCall.Mode.of(true, nanos), site).await();
    }

    /** {@code close()} (Java 19+): shut down, then wait for termination without being interruptible. */
    static void close(ManagedThread self, ExecutorService executor, int site) {
        Step.change(self, Operation.write(state(self, poolOf(executor))), site);
        executor.shutdown();
        terminated(self, executor, GuardedCall.Mode.UNINTERRUPTIBLE, site).awaitUninterruptibly();
    }

    private static GuardedCall terminated(ManagedThread self, ExecutorService executor, GuardedCall.Mode mode,
                                          int site) {
        LockId tasks = finishedTasks(self, poolOf(executor));
        return new GuardedCall(self, mode, Operation.observeLock(tasks), site) {
            @Override
            boolean ready() {
                return executor.isTerminated();
            }

            @Override
            String whyBlocked() {
                return "waits for " + tasks.name() + " to terminate"
                        + (executor.isShutdown() ? ", and its tasks never end" : ", which nobody shuts down");
            }
        };
    }

    private static Location state(ManagedThread self, Object pool) {
        return Location.objectState(self.execution.names.nameOf(pool, self));
    }

    private static LockId finishedTasks(ManagedThread self, Object pool) {
        return LockId.counting(self.execution.names.nameOf(pool, self));
    }

    private static boolean isThreadPerTask(Object executor) {
        return executor != null && executor.getClass().getName().equals("java.util.concurrent.ThreadPerTaskExecutor");
    }

    /**
     * {@code Executors.newSingleThreadExecutor()} and {@code unconfigurableExecutorService} hand out a wrapper that
     * delegates to a pool (its field {@code e}); the pool's own hooks ({@code poolTaskDone}) name the pool, so the
     * wrapper's calls must too.
     */
    private static Object unwrapped(Object executor) {
        Object current = executor;
        while (current != null && current.getClass().getName().startsWith("java.util.concurrent.Executors$")) {
            Object inner = delegate(current);
            if (inner == null) {
                return current;
            }
            current = inner;
        }
        return current;
    }

    private static Object delegate(Object wrapper) {
        for (Class<?> type = wrapper.getClass(); type != null; type = type.getSuperclass()) {
            try {
                Field field = type.getDeclaredField("e");
                field.setAccessible(true);
                return field.get(wrapper);
            } catch (NoSuchFieldException next) {
                // a subclass of the delegating wrapper: look further up
            } catch (ReflectiveOperationException | RuntimeException inaccessible) {
                return null;
            }
        }
        return null;
    }
}
