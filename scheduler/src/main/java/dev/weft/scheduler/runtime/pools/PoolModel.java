package dev.weft.scheduler.runtime.pools;

import dev.weft.scheduler.hooks.Sites;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.LockId;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.runtime.GuardedCall;
import dev.weft.scheduler.runtime.JvmSubject;
import dev.weft.scheduler.runtime.RuntimeSettings;
import dev.weft.scheduler.runtime.Step;
import dev.weft.scheduler.runtime.collections.CollectionModel;
import dev.weft.scheduler.runtime.collections.CollectionStep;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.lang.reflect.Field;
import java.util.Queue;
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
 *   <li>the pool's <em>activity</em>, a counting lock: each change that its counters and its termination show
 *   releases it ({@code UNLOCK}): a task begins, a task is done, a worker exits, the pool has terminated. Those
 *   releases commute, as additions do; {@code awaitTermination}, {@code close}, {@code isTerminated} and the counters
 *   ({@code getActiveCount}, {@code getPoolSize}, {@code getCompletedTaskCount}, {@code getTaskCount}) observe it
 *   ({@code OBSERVE_LOCK}), so they happen after every change before them and race with the others (an active count
 *   asked before or after a worker began its task). {@code awaitTermination} is a guarded call, enabled once the pool
 *   has terminated (or timed out). A counter asked by one thread while another submits is ordered against the
 *   submission only through what the JDK does visibly (a worker's start, the work queue): the JDK calls these
 *   counters approximate, and the user guide says so.</li>
 * </ul>
 * A task happens after its submission through what the JDK does visibly: a new worker's start, or the work queue
 * (whose operations stay events, since which worker takes which task and when is what decides which tasks run at
 * once).
 */
public final class PoolModel {

    /** Queries whose answer changes as tasks begin and end and workers exit: they observe the activity. */
    private static final Set<String> TASK_COUNTERS = Set.of("isTerminated", "isTerminating", "getActiveCount",
            "getPoolSize", "getCompletedTaskCount", "getTaskCount");

    private PoolModel() {
    }

    /** The pool behind {@code executor} if the runtime models it, else {@code null}. */
    public static Object poolOf(Object executor) {
        Object pool = unwrapped(executor);
        return pool instanceof ThreadPoolExecutor || isThreadPerTask(pool) ? pool : null;
    }

    /** A user-level call on the pool ({@code CollectionCalls.CONCURRENT_API}). */
    public static void call(ManagedThread self, Object pool, boolean writes, int site) {
        String member = Sites.get(site).member();
        String method = member.substring(member.lastIndexOf('.') + 1);
        if (!writes && TASK_COUNTERS.contains(method)) {
            Step.observe(self, Operation.observeLock(activity(self, pool)), site);
        } else if (writes) {
            Step.change(self, Operation.write(state(self, pool)), site);
        } else {
            Step.observe(self, Operation.read(state(self, pool)), site);
        }
    }

    /** A change the counters and termination show (see the class comment). */
    static void countersChange(ManagedThread self, Object pool, int site) {
        Operation release = Operation.unlock(activity(self, pool));
        NeutralTakes.orderNeutral(self, release); // commutes with the other workers' releases
        Step.userLevelChange(self, release, site);
    }

    /**
     * A worker leaves a pool that runs (its idle time ran out, or its task threw and a new worker replaces it): the
     * pool's size shrinks, which {@code getPoolSize} shows. Workers leaving a pool that was shut down are no event:
     * the pool terminates once its worker count is zero, which a worker that found no task lowers before it leaves,
     * so such a worker may leave before or after termination (after it, the pool's size is 0 whatever its list of
     * workers holds). An event there would race with {@code awaitTermination} for nothing the user can see, and
     * double the executions of every test that shuts a pool down. The price: {@code getPoolSize} asked while a
     * shut-down pool's workers leave is not explored in every order (user guide, limitations).
     */
    static void workerExits(ManagedThread self, ThreadPoolExecutor pool, int site) {
        if (!pool.isShutdown()) {
            countersChange(self, pool, site);
        }
    }

    /**
     * An idle worker is about to decide whether to take a queued task, wait for one or exit. While the pool runs, the
     * decision is a take from the work queue, an event. Once it is shut down, a worker that finds the queue empty
     * exits without one; that look at the queue is made a read of it, so that it races with the other workers' takes.
     * Without it an execution where a busy worker took the last queued task would be taken as equivalent to one where
     * this worker, idle earlier, took it, and the order of the two tasks' conflicting operations would go unexplored
     * (a task queued behind two running ones, run by the worker that finished first, seeing only that one's effects).
     * Whether an idle worker of a running pool then exits at once or after {@code shutdown}'s interrupt is not
     * something the user's code can see: termination is observed through the activity ({@link #close}). A
     * {@code SynchronousQueue} holds no tasks (a cached pool hands each to a waiting worker or to a new one), so
     * there is nothing to look at.
     */
    static void workerLooksForTask(ManagedThread self, ThreadPoolExecutor pool, int site) {
        self.lookingForTaskIn = pool;
        CollectionModel collections = self.execution.collections;
        BlockingQueue<Runnable> work = pool.getQueue();
        Object queue = work instanceof SynchronousQueue ? null : collections.collectionOf(work, null, null);
        if (queue != null && pool.isShutdown()) {
            Operation look = Operation.read(lookedAt(self, collections.location(queue, self)));
            NeutralTakes.orderNeutral(self, look);
            Step.observe(self, look, site);
        }
    }

    /**
     * What a shut-down pool's worker looks at in the work queue: the whole queue, or, where idle workers are
     * interchangeable, a key of its own, which the queue's submissions and queries and every take that orders
     * something (writes of the whole queue) overlap, and a neutral take ({@link NeutralTakes}) does not: this worker
     * taking that task instead would only have added order. The queue may be given as a part of itself: a
     * {@code SynchronousQueue}'s worker waits at a rendezvous of its own (a cached pool's idle worker).
     */
    static Location lookedAt(ManagedThread self, Location queue) {
        return self.execution.settings.interchangeableIdleWorkers()
                ? Location.key(queue.whole(), "looked at by " + self.id.name())
                : queue;
    }

    /**
     * Where a take (or timed poll) of {@code queue} by {@code self} is an idle worker's take of a task from its pool's
     * work queue, and idle workers are interchangeable ({@link RuntimeSettings#interchangeableIdleWorkers}): the part of
     * the queue that this take touches, decided as it is performed. Else {@code null}.
     *
     * <p>A take of a task that orders nothing the task's submission did not already order ({@link NeutralTakes}: the
     * worker's past is before the submission) touches the worker's own key, {@code taken by <worker>}: another worker
     * taking that task would run it after its own past, more order, so the explorer need not try it, and the takes of
     * two such workers do not race. Each is still ordered against every submission (a write of the whole queue),
     * which is what makes the task happen after its submission. Any other take writes the whole queue, so that every
     * other worker's take, empty take and look races with it. A take that got nothing (interrupted) reads the
     * worker's key. The argument fails once the code looks at which thread it runs on: an execution that both took a
     * task neutrally and saw a thread other than the main one look at its identity ({@code Thread.currentThread()}, a
     * {@code ThreadLocal}) makes the exploration start again with every worker's choice explored ({@link JvmSubject}).
     */
    public static CollectionStep.Part takenBy(ManagedThread self, Object queue) {
        if (!interchangeableIdleWorkerOf(self, queue)) {
            return null;
        }
        Location taken = Location.key(self.execution.collections.location(queue, self), "taken by " + self.id.name());
        return changes -> {
            if (!changes) {
                return taken;
            }
            if (!self.execution.neutralTakes.neutral(self, ((Queue<?>) queue).peek())) {
                return null;
            }
            self.execution.tookAsInterchangeableWorker = true;
            return taken;
        };
    }

    /**
     * A scheduled pool looks at its run state to decide whether a task may still run: as it is queued, as its run
     * begins, and twice as a periodic task is put back after a run (before and after the put). Each look is a read
     * of the pool's state, so that it races with {@code shutdown} and {@code shutdownNow}. Without these events a
     * look went with the thread's step before it, unseen, and the free choice decided, for example, whether a worker
     * put its periodic task back before {@code shutdownNow} (which then hands it back) or cancelled it after.
     */
    static void scheduledTaskMayRun(ManagedThread self, Object pool, int site) {
        Step.observe(self, Operation.read(state(self, pool)), site);
    }

    /**
     * Where {@code self}'s wait for a partner at the {@code SynchronousQueue} {@code queue} is an idle worker's wait
     * for a task of its pool (a cached pool), and idle workers are interchangeable
     * ({@link RuntimeSettings#interchangeableIdleWorkers}): a key of the queue of its own, {@code waiting: <worker>},
     * which its arrival (when it finds no task to pair with) and the end of its wait touch. Else {@code null}: the
     * whole queue.
     *
     * <p>Two idle workers' arrivals then commute, and so do one's arrival and the other's end of waiting (its idle
     * time out, or {@code shutdown}'s interrupt): their order only decides which of them a later task is handed to,
     * and either runs it after its own past, which adds order and nothing the user can see. A submission's offer
     * writes the whole queue, so it still races with every arrival and end: whether the task goes to a waiting
     * worker or to a new one is explored. A task handed to such a worker marks the execution, so that a task looking
     * at its thread's identity makes the exploration start again with every order explored ({@link JvmSubject}), as
     * for a take from a work queue ({@link #takenBy}).
     */
    public static Location waitingForTask(ManagedThread self, Object queue, Location whole) {
        return interchangeableIdleWorkerOf(self, queue) ? Location.key(whole, "waiting: " + self.id.name()) : null;
    }

    /**
     * Whether {@code self} is an idle worker, interchangeable with the others, whose call on {@code queue} is its look
     * for a task in its own pool's work queue ({@link #workerLooksForTask} noted the pool). Answers once per look: the
     * note is cleared.
     */
    private static boolean interchangeableIdleWorkerOf(ManagedThread self, Object queue) {
        ThreadPoolExecutor pool = self.lookingForTaskIn;
        self.lookingForTaskIn = null;
        return pool != null && pool.getQueue() == queue && self.execution.settings.interchangeableIdleWorkers();
    }

    /**
     * An offer of {@code element} to a queue, as it is performed: when it succeeds, the event that queued the element
     * ({@link NeutralTakes}; only a take from a worker's own pool's work queue asks). {@code part} is what the offer
     * touches otherwise, or {@code null} for the whole queue.
     */
    public static CollectionStep.Part offer(ManagedThread self, Object element, CollectionStep.Part part) {
        return changes -> {
            if (changes) {
                NeutralTakes.queueing(self, element);
            }
            return part == null ? null : part.touched(changes);
        };
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
        LockId tasks = activity(self, poolOf(executor));
        return new GuardedCall(self, mode, Operation.observeLock(tasks), site) {
            @Override
            public boolean ready() {
                return executor.isTerminated();
            }

            @Override
            public String whyBlocked() {
                return "waits for " + tasks.name() + " to terminate"
                        + (executor.isShutdown() ? ", and its tasks never end" : ", which nobody shuts down");
            }
        };
    }

    static Location state(ManagedThread self, Object pool) {
        return Location.objectState(self.execution.names.nameOf(pool, self));
    }

    private static LockId activity(ManagedThread self, Object pool) {
        return LockId.counting(self.execution.names.nameOf(pool, self));
    }

    private static boolean isThreadPerTask(Object executor) {
        return executor != null && executor.getClass().getName().equals("java.util.concurrent.ThreadPerTaskExecutor");
    }

    /**
     * {@code Executors.newSingleThreadExecutor()} and {@code unconfigurableExecutorService} hand out a wrapper that
     * delegates to a pool (its field {@code e}); the pool's own hooks ({@code poolCountersChange}) name the pool, so the
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
