package dev.weft.scheduler.runtime.pools;

import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.LockId;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.runtime.ControlledHooks;
import dev.weft.scheduler.runtime.GuardedCall;
import dev.weft.scheduler.runtime.Step;
import dev.weft.scheduler.runtime.Unchecked;
import dev.weft.scheduler.runtime.UnmodelledPrimitiveException;
import dev.weft.scheduler.runtime.UserCall;
import dev.weft.scheduler.runtime.memory.ConstructedHashes;
import dev.weft.scheduler.runtime.threads.Carrier;
import dev.weft.scheduler.runtime.threads.ManagedThread;
import dev.weft.scheduler.runtime.threads.ThreadLifecycle;

import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.BooleanSupplier;

/**
 * The JDK's fork/join framework at the user's level: every task handed to a pool (forked, submitted, split off by a
 * parallel stream) runs on a managed thread of its own, as if the pool always had a free worker; which worker would
 * have run or stolen it, and the pool's deques and counters, are not events. What the user's code can see stays:
 * the tasks' own operations, in every order the explorer finds races for, and the waits for them.
 *
 * <ul>
 *   <li><b>A task</b> is started on a new daemon thread, named as the pool names its workers; the thread runs the
 *   task's body ({@code doExec}, which records its result or exception as the JDK does) and ends. A task forked
 *   inside a task goes to that task's pool, as a worker's fork does.</li>
 *   <li><b>A wait</b> ({@code join}, {@code invoke} after the caller ran the task's own part, {@code get},
 *   {@code invokeAll}, timed or not) reads the task's state, enabled once the task is done; its completion
 *   ({@code setDone} and the like, whoever completes it) writes it. A join thus happens after the completion, and
 *   the helping a JDK join may do (running the joined task in the joiner) changes nothing the user's code sees but
 *   which thread ran it.</li>
 *   <li><b>A {@code CountedCompleter}'s reports</b> to its pending count decide, inside the JDK, which thread runs
 *   the completion of a parent (its {@code onCompletion}, a parallel stream's combining, the completion of the
 *   root). Those decisions are not events, so they must not depend on an order the explorer does not see: a thread
 *   reports only after the threads it forked, and the threads its forker forked before it, have ended (waits that
 *   add only order: they never block a thread on anything but tasks that finish). Siblings thus report in the order
 *   they were forked, and the same schedule always completes the same parents on the same threads.</li>
 *   <li><b>The pool</b>: each task's end is a counting release of the pool's activity (they commute);
 *   {@code awaitQuiescence}, {@code awaitTermination}, {@code close} and {@code isQuiescent} observe it, enabled once
 *   no task of the pool is unfinished. A submission reads the pool's state and {@code shutdown} writes it, so a
 *   submission racing with a shutdown is tried both ways (rejected or run).</li>
 * </ul>
 */
public final class ForkJoinTasks {

    /**
     * The most tasks one execution may hand to pools. Each gets a thread, and what an execution costs grows faster than
     * its number of threads (the explorer's clocks have one entry per thread): the JSR-166 TCK's Fibonacci of 20
     * (about 11,000 tasks) ran out of a 6 GB heap after minutes in its first execution. Failing closed at the first
     * task over the limit says why at once.
     */
    static final int MAX_TASKS = 4_096;
    /** The JDK's {@code ForkJoinTask.ABNORMAL}: what its wait answers when interrupted. */
    private static final int ABNORMAL = 1 << 16;

    private ForkJoinTasks() {
    }

    /** {@code task.fork()}: into the pool of the task the thread runs, else the common pool. */
    static void fork(ManagedThread self, ForkJoinTask<?> task, int site) {
        ForkJoinWork.TaskThread running = work(self).taskThread(self);
        start(self, running == null ? ForkJoinPool.commonPool() : running.pool(), task, UserCall.site(site));
    }

    /** A submission to {@code pool}: {@code invoke}, {@code submit}, {@code execute}, {@code invokeAll}, ... */
    static void submit(ManagedThread self, ForkJoinPool pool, ForkJoinTask<?> task, int jdkSite) {
        int site = UserCall.site(jdkSite);
        Step.observe(self, Operation.read(state(self, pool)), site);
        if (pool.isShutdown()) {
            throw new RejectedExecutionException(name(self, pool) + " was shut down");
        }
        start(self, pool, task, site);
    }

    static void shutdown(ManagedThread self, ForkJoinPool pool, int site) {
        if (pool != ForkJoinPool.commonPool()) {
            Step.change(self, Operation.write(state(self, pool)), UserCall.site(site));
        }
    }

    private static void start(ManagedThread self, Object pool, ForkJoinTask<?> task, int site) {
        ForkJoinWork work = work(self);
        if (work.started() >= MAX_TASKS) {
            throw new UnmodelledPrimitiveException("a fork/join computation of more than " + MAX_TASKS + " tasks in"
                    + " one execution: each task runs on a thread of its own, and so many make one execution take"
                    + " minutes and gigabytes. Give the test a smaller input, or let the computation split less (a"
                    + " larger threshold below which a task computes directly)", site);
        }
        Thread thread = new Thread(() -> run(task, pool, site), workerName(pool, work.nextWorkerNumber(pool)));
        thread.setDaemon(true);
        ConstructedHashes.give(thread, self); // as a worker the pool's factory made for the test
        Thread started = Carrier.forTestThread(self, thread);
        work.starting(self, started, pool);
        ThreadLifecycle.start(self, started, site);
    }

    /** The task thread's body: the task, then its end on the pool's activity. */
    private static void run(ForkJoinTask<?> task, Object pool, int site) {
        try {
            run(task);
        } finally {
            ManagedThread self = ControlledHooks.visible();
            if (self != null) {
                Operation release = Operation.unlock(activity(self, pool));
                NeutralTakes.orderNeutral(self, release); // commutes with the other tasks' ends
                Step.userLevelChange(self, release, site);
                // only now, right after the release and before any other thread moves, may the pool's waits end
                work(self).finished(self);
            }
        }
    }

    /**
     * The JDK's wait for {@code task}: its status once done, {@code ABNORMAL} when interrupted, 0 when it timed out.
     *
     * @param nanos how long it may wait, or -1 for no timeout
     */
    static int await(ManagedThread self, ForkJoinTask<?> task, boolean interruptible, long nanos, int jdkSite) {
        GuardedCall.Mode mode = nanos >= 0 ? GuardedCall.Mode.TIMED
                : interruptible ? GuardedCall.Mode.INTERRUPTIBLE : GuardedCall.Mode.UNINTERRUPTIBLE;
        GuardedCall wait = FutureModel.awaitDone(self, task, mode, UserCall.site(jdkSite));
        try {
            if (mode == GuardedCall.Mode.UNINTERRUPTIBLE) {
                wait.awaitUninterruptibly();
            } else if (!wait.await()) {
                return 0;
            }
        } catch (InterruptedException e) {
            return ABNORMAL;
        }
        return (Integer) JdkInternals.field(task, ForkJoinTask.class, "status", jdkSite);
    }

    /** A task is completed, by whichever thread: its waits may end (it is a future of {@link FutureModel}). */
    static void completes(ManagedThread self, ForkJoinTask<?> task, int site) {
        if (!task.isDone()) {
            FutureModel.completes(self, task, UserCall.site(site));
        }
    }

    /** A completer's report to a pending count: first the threads that must report before it (see the class). */
    static void completerReports(ManagedThread self, int site) {
        ForkJoinWork work = work(self);
        List<Thread> due = work.toAwaitBeforeReport(self);
        for (Thread other : due) {
            ThreadLifecycle.awaitEnd(self, self.execution.managed(other), site);
        }
        work.awaited(self, due);
    }

    /**
     * {@code awaitTermination} ({@code termination}) and {@code awaitQuiescence}: whether the pool was quiescent (and,
     * for termination, shut down) in time. The common pool never terminates: its {@code awaitTermination} waits for
     * quiescence, as the JDK's does. A task of the pool that awaits its quiescence waits for the pool's other tasks
     * only, as the JDK's worker helps the pool quiesce (its own task still runs), and the answer is then true.
     */
    static boolean awaitQuiet(ManagedThread self, ForkJoinPool pool, long nanos, boolean termination, int jdkSite) {
        int site = UserCall.site(jdkSite);
        boolean common = pool == ForkJoinPool.commonPool();
        if (termination && !common) {
            Step.observe(self, Operation.read(state(self, pool)), site);
        }
        int own = !termination && poolOfTask(self) == pool ? 1 : 0;
        return quietWithin(self, pool, nanos, own, () -> !termination || common || pool.isShutdown(), site)
                && (!termination || common || pool.isTerminated());
    }

    /** {@code isQuiescent()}: whether no task of the pool is unfinished, the caller's own included. */
    static boolean isQuiescent(ManagedThread self, ForkJoinPool pool, int jdkSite) {
        return quietWithin(self, pool, 0, 0, () -> true, UserCall.site(jdkSite));
    }

    /**
     * Whether, within {@code nanos} (a look if not positive), at most {@code left} tasks of the pool were unfinished
     * and {@code also} held.
     */
    private static boolean quietWithin(ManagedThread self, ForkJoinPool pool, long nanos, int left,
                                       BooleanSupplier also, int site) {
        GuardedCall wait = activityWait(self, pool, nanos <= 0 ? GuardedCall.Mode.TRY : GuardedCall.Mode.TIMED,
                () -> work(self).unfinished(pool) <= left && also.getAsBoolean(),
                "waits for %s to finish its tasks", site);
        try {
            return wait.await();
        } catch (InterruptedException e) {
            throw Unchecked.rethrow(e);
        }
    }

    /** {@code shutdownNow()}: the pool's state changes, and its running tasks are interrupted, as its workers are. */
    static void shutdownNow(ManagedThread self, ForkJoinPool pool, int jdkSite) {
        if (pool == ForkJoinPool.commonPool()) {
            return;
        }
        int site = UserCall.site(jdkSite);
        Step.change(self, Operation.write(state(self, pool)), site);
        for (Thread thread : work(self).threadsOf(pool)) {
            ManagedThread task = self.execution.managed(thread);
            if (task != null && !task.ended && task != self) {
                ThreadLifecycle.interrupt(self, task, site);
            }
        }
    }

    /**
     * {@code ForkJoinTask.helpQuiesce()}: waits until no other task of the pool the thread works for (the common pool
     * for a thread that is no task's) is unfinished; a JDK worker would run them meanwhile.
     */
    static void helpQuiesce(ManagedThread self, int jdkSite) {
        int site = UserCall.site(jdkSite);
        ForkJoinWork.TaskThread running = work(self).taskThread(self);
        Object pool = running == null ? ForkJoinPool.commonPool() : running.pool();
        awaitUnfinished(self, pool, running == null ? 0 : 1, "waits in helpQuiesce for %s to finish its other tasks",
                site);
    }

    /**
     * {@code ForkJoinTask.getPool()}: the pool whose task the thread runs, as a JDK worker of that pool would answer;
     * {@code null} for a thread that runs no task of a {@code ForkJoinPool}.
     */
    static ForkJoinPool poolOfTask(ManagedThread self) {
        ForkJoinWork.TaskThread running = work(self).taskThread(self);
        return running != null && running.pool() instanceof ForkJoinPool pool ? pool : null;
    }

    /** {@code close()} of a pool that is not the common one: shut down, then wait for its tasks. */
    static void close(ManagedThread self, ForkJoinPool pool, int jdkSite) {
        int site = UserCall.site(jdkSite);
        shutdown(self, pool, site);
        pool.shutdown();
        awaitUnfinished(self, pool, 0, "closes %s, whose tasks do not finish", site);
    }

    /** Waits, whatever happens, until at most {@code left} tasks of the pool are unfinished; {@code why} names it. */
    private static void awaitUnfinished(ManagedThread self, Object pool, int left, String why, int site) {
        activityWait(self, pool, GuardedCall.Mode.UNINTERRUPTIBLE, () -> work(self).unfinished(pool) <= left, why,
                site).awaitUninterruptibly();
    }

    /**
     * A wait that observes the pool's activity (after every task's end before it), enabled once {@code ready};
     * {@code why} names it, {@code %s} standing for the pool's activity.
     */
    private static GuardedCall activityWait(ManagedThread self, Object pool, GuardedCall.Mode mode,
                                            BooleanSupplier ready, String why, int site) {
        LockId activity = activity(self, pool);
        return new GuardedCall(self, mode, Operation.observeLock(activity), site) {
            @Override
            public boolean ready() {
                return ready.getAsBoolean();
            }

            @Override
            public String whyBlocked() {
                return String.format(why, activity);
            }
        };
    }

    private static ForkJoinWork work(ManagedThread self) {
        return self.execution.forkJoin();
    }

    private static String workerName(Object pool, int number) {
        String prefix = pool == ForkJoinPool.commonPool() ? "ForkJoinPool.commonPool-worker-" : "ForkJoinPool-worker-";
        return prefix + number;
    }

    private static Location state(ManagedThread self, Object object) {
        return Location.objectState(name(self, object));
    }

    private static LockId activity(ManagedThread self, Object pool) {
        return LockId.counting(name(self, pool));
    }

    /**
     * The common pool by its own name: it is the JVM's, met by every execution, but what Weft models of it (its tasks
     * and their count) is each execution's own, so executions side by side share nothing through it.
     */
    private static String name(ManagedThread self, Object object) {
        if (object == ForkJoinPool.commonPool()) {
            return "ForkJoinPool.commonPool()";
        }
        madeByTheJdkForTheCall(self, object);
        return self.execution.names.nameOf(object, self);
    }

    /**
     * A task of the JDK's own class (ForkJoinTask.adapt's, a parallel stream's, a concurrent map's bulk task) is made
     * by the JDK inside the call that forks or submits it, which reports no allocation: the execution's own.
     */
    static void madeByTheJdkForTheCall(ManagedThread self, Object object) {
        if (object instanceof ForkJoinTask<?> && object.getClass().getName().startsWith("java.")) {
            self.execution.names.madeUnseenIfUnmet(object);
        }
    }

    /** Runs the task's body in the calling thread, as a worker would (its result or exception stays in the task). */
    static void run(ForkJoinTask<?> task) {
        // Weft's own signals pass through; the JDK's doExec records the task's exceptions
        JdkInternals.call(task, ForkJoinTask.class, "doExec", -1);
    }
}
