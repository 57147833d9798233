package dev.weft.scheduler.runtime.pools;

import dev.weft.scheduler.runtime.ControlledHooks;
import dev.weft.scheduler.runtime.UnmodelledPrimitiveException;
import dev.weft.scheduler.runtime.memory.ConstructedHashes;
import dev.weft.scheduler.runtime.threads.Carrier;
import dev.weft.scheduler.runtime.threads.ManagedThread;
import dev.weft.scheduler.runtime.threads.ThreadLifecycle;
import dev.weft.scheduler.runtime.time.VirtualClock;

import java.util.concurrent.Delayed;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The delays of {@code CompletableFuture.orTimeout}, {@code completeOnTimeout} and {@code delayedExecutor}, and (Java
 * 21+) of a {@code ForkJoinPool}'s {@code schedule}, on the execution's clock. The JDK runs them on one scheduler
 * thread shared by the whole JVM (Java 17's {@code CompletableFuture.Delayer}, Java 21+'s {@code DelayScheduler}),
 * which no execution could manage. Weft gives each delay a managed daemon thread of its own instead, which sleeps for
 * the delay (so, by default, until no other thread can move) and then runs the action unless it was cancelled. A
 * thread per delay rather than one scheduler thread: the order in which a scheduler would take the delays from its
 * queue is not something the test's code can observe, and its queue operations would be events.
 */
final class DelayedActions {

    private DelayedActions() {
    }

    /** Java 17's {@code CompletableFuture.Delayer.delay}: {@code action} after {@code delay}. */
    static ScheduledFuture<?> delay(ManagedThread self, Runnable action, long delay, TimeUnit unit, int site) {
        Delay scheduled = new Delay(action, unit.toNanos(delay), self.execution.clock);
        start(self, scheduled, site);
        return scheduled;
    }

    /**
     * Java 21+'s {@code ForkJoinPool.scheduleDelayedTask}: the task, once its delay has passed, runs on the delay's
     * thread if it is an immediate one (the timeouts of {@code CompletableFuture}), else as a task of {@code pool}.
     * Periodic tasks re-arm themselves through the JDK's own scheduler, which Weft cannot manage: they fail closed.
     */
    static void schedule(ManagedThread self, ForkJoinPool pool, ForkJoinTask<?> task, int site) {
        if (pool.isShutdown()) {
            throw new RejectedExecutionException(self.execution.names.nameOf(pool, self) + " was shut down");
        }
        if ((Long) JdkInternals.field(task, task.getClass(), "nextDelay", site) != 0L) {
            throw new UnmodelledPrimitiveException("a ForkJoinPool's periodic task (scheduleAtFixedRate,"
                    + " scheduleWithFixedDelay), which re-arms itself on the JDK's own scheduler thread; use a"
                    + " ScheduledExecutorService (Executors.newSingleThreadScheduledExecutor())", site);
        }
        boolean onTheDelaysThread = (Boolean) JdkInternals.field(task, task.getClass(), "isImmediate", site);
        Runnable due = () -> {
            ManagedThread thread = ControlledHooks.visible();
            if (onTheDelaysThread || thread == null) {
                ForkJoinTasks.run(task);
            } else {
                ForkJoinTasks.submit(thread, pool, task, site);
            }
        };
        start(self, new Delay(due, ((Delayed) task).getDelay(TimeUnit.NANOSECONDS), self.execution.clock), site);
    }

    private static void start(ManagedThread self, Delay delay, int site) {
        Thread thread = new Thread(() -> delay.runWhenDue(site), "CompletableFutureDelayScheduler");
        thread.setDaemon(true);
        ConstructedHashes.give(thread, self);
        ThreadLifecycle.start(self, Carrier.forTestThread(self, thread), site);
    }

    /** One delayed action, as the {@code ScheduledFuture} the JDK's caller keeps (to cancel it). */
    private static final class Delay implements ScheduledFuture<Object> {
        private final FutureTask<Object> action;
        private final long nanos;
        private final VirtualClock clock;
        private final long due;

        Delay(Runnable action, long nanos, VirtualClock clock) {
            this.action = new FutureTask<>(action, null);
            this.nanos = Math.max(0, nanos);
            this.clock = clock;
            this.due = clock.elapsed() + this.nanos;
        }

        /** On the delay's thread: sleeps for the delay (rounded up to a millisecond), then runs the action. */
        void runWhenDue(int site) {
            ManagedThread self = ControlledHooks.visible();
            long millis = TimeUnit.NANOSECONDS.toMillis(nanos + TimeUnit.MILLISECONDS.toNanos(1) - 1);
            if (self != null && millis > 0) {
                try {
                    ThreadLifecycle.sleep(self, millis, site);
                } catch (InterruptedException e) {
                    return; // nobody interrupts a delay's thread but shutdownNow of the JVM's own
                }
            }
            action.run(); // does nothing once cancelled
        }

        @Override
        public long getDelay(TimeUnit unit) {
            return unit.convert(due - clock.elapsed(), TimeUnit.NANOSECONDS);
        }

        @Override
        public int compareTo(Delayed other) {
            return Long.compare(getDelay(TimeUnit.NANOSECONDS), other.getDelay(TimeUnit.NANOSECONDS));
        }

        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            return action.cancel(mayInterruptIfRunning);
        }

        @Override
        public boolean isCancelled() {
            return action.isCancelled();
        }

        @Override
        public boolean isDone() {
            return action.isDone();
        }

        @Override
        public Object get() throws InterruptedException, ExecutionException {
            return action.get();
        }

        @Override
        public Object get(long timeout, TimeUnit unit)
                throws InterruptedException, ExecutionException, TimeoutException {
            return action.get(timeout, unit);
        }
    }
}
