package dev.weft.scheduler.runtime.threads;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.StepPolicy;
import dev.weft.scheduler.model.SubjectFailure;
import dev.weft.scheduler.model.ThreadId;
import dev.weft.scheduler.runtime.Action;
import dev.weft.scheduler.runtime.Execution;
import dev.weft.scheduler.runtime.JvmRun;
import dev.weft.scheduler.runtime.Watchdog;
import dev.weft.scheduler.runtime.fibers.Fiber;
import dev.weft.scheduler.runtime.fibers.Fibers;
import dev.weft.scheduler.runtime.fibers.InlineCarrying;
import dev.weft.scheduler.runtime.fibers.InlineWatcher;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Direct hand-off ({@link JvmRun#runWith}): the managed thread that reaches its next scheduling point completes the
 * step it was let do and runs the {@link StepPolicy} itself. If the policy chooses that same thread, it performs the
 * operation and runs on without any context switch; if it chooses another, it resumes that one (one wake-up) and
 * parks. The thread that called {@code runWith} (the driver) only waits for the end and runs the watchdog; or, when
 * the threads are fibers and the driver may be abandoned ({@link InlineCarrying}), it carries them itself until the
 * end, and the {@link InlineWatcher} runs the watchdog meanwhile.
 *
 * <p>The token: exactly one thread at a time may touch the models and the policy. It is handed over through
 * {@link #awaiting}: whoever lets a thread run first publishes an {@link Await} naming it (then writes the thread's
 * volatile state); the named thread takes the token by clearing {@link #awaiting} with a compare-and-set when it
 * reaches its next scheduling point or ends. The watchdog takes it the same way from a thread that is stuck, so a stuck
 * thread that wakes up later finds the token gone and just stays paused until the run is closed.
 */
public final class HandOff {

    private static final VarHandle AWAITING;
    /** How often the waiting driver looks at the running thread, for the watchdog. */
    private static final long WATCH_INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(5);
    /** How long a driver carrying inline waits before it looks again at a fiber still mounted on another carrier. */
    private static final long RETRY_NANOS = TimeUnit.MICROSECONDS.toNanos(20);

    static {
        try {
            AWAITING = MethodHandles.lookup().findVarHandle(HandOff.class, "awaiting", Await.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final JvmRun run;
    private final Execution execution;
    private final StepPolicy policy;
    private final Watchdog watchdog;
    private final Thread driver;
    /** Set when the driver carries the fibers itself; {@code null} when it only waits. */
    private InlineCarrying carrying;

    /** The thread let run and what it was let do; {@code null} while a thread holds the token, or once it ended. */
    @SuppressWarnings("unused") // through AWAITING
    private volatile Await awaiting;
    private volatile boolean done;
    /** What the policy or the step checks threw, rethrown on the driver; written before {@link #done}. */
    private Throwable error;

    public HandOff(JvmRun run, Execution execution, StepPolicy policy, Watchdog watchdog) {
        this.run = run;
        this.execution = execution;
        this.policy = policy;
        this.watchdog = watchdog;
        this.driver = Thread.currentThread();
    }

    /**
     * A thread let run, and why. For a {@code START}, {@code javaThread} is the child (known before it is started;
     * its managed thread is filled in once the start has registered it) and {@code stepped} the parent.
     */
    private static final class Await {
        final Thread javaThread;
        final ManagedThread stepped;
        final Action action;
        final boolean child;
        final long since = System.nanoTime();
        volatile ManagedThread running;

        Await(Thread javaThread, ManagedThread running, ManagedThread stepped, Action action, boolean child) {
            this.javaThread = javaThread;
            this.running = running;
            this.stepped = stepped;
            this.action = action;
            this.child = child;
        }

        String after() {
            if (action == null) {
                return "after it was started"; // the main thread, launched under the hand-off
            }
            return child ? "after it was started at " + Execution.source(action.site())
                    : "after " + action.operation() + " (" + Execution.source(action.site()) + ")";
        }
    }

    /**
     * Driver side: takes the first decision, or launches the main thread, which takes it when it gets to its first
     * scheduling point; then waits for the end, watching the running thread.
     *
     * @param main   the main thread
     * @param launch launches it, or {@code null} if it is launched and paused already
     */
    public void drive(ManagedThread main, Runnable launch) {
        InlineCarrying inline = InlineCarrying.ofCurrentThread();
        if (inline != null && execution.fibers != null && execution.fibers.servedInline(driver, inline)) {
            carrying = inline;
            inline.current = this; // the watcher looks at this execution from now on, until it is closed
        }
        if (launch != null) {
            awaiting = new Await(main.thread, main, null, null, false);
            launch.run();
        } else {
            decide(null, null, null);
        }
        if (carrying != null) {
            carry();
        }
        while (!done) {
            waitAndWatch();
        }
        Throwable thrown = error;
        if (thrown instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (thrown instanceof Error e) {
            throw e;
        }
        if (thrown != null) {
            throw new IllegalStateException(thrown);
        }
    }

    /**
     * Driver side, carrying inline: runs the ready fibers until the end, or until a fiber held the driver (a pinned
     * pause) and a helper carrier took over; then the driver only waits, as it does otherwise. With no fiber ready
     * (the running thread is a platform thread, or a fiber on a helper), it waits and watches as usual.
     */
    private void carry() {
        Fibers fibers = execution.fibers;
        while (!done && fibers.servedBy(driver)) {
            Fiber fiber = fibers.nextReady();
            if (fiber == null) {
                waitAndWatch();
                continue;
            }
            boolean ran = fibers.runInline(fiber, driver);
            // an interrupt meant for the driver (JUnit's timeout, passed on by its supervisor) while it carried
            execution.driverInterrupted |= Thread.interrupted();
            if (!ran) {
                LockSupport.parkNanos(this, RETRY_NANOS); // it ends a pinned pause on a helper carrier: let it
            }
        }
    }

    /** Driver side: waits a little for the end, then lets the watchdog look at the running thread. */
    private void waitAndWatch() {
        LockSupport.parkNanos(this, WATCH_INTERVAL_NANOS);
        execution.driverInterrupted |= Thread.interrupted(); // else the next park would return at once
        if (!done) {
            watch();
        }
    }

    /**
     * The watchdog's look at the running thread, by the driver between its parks, or by the {@link InlineWatcher}
     * while the driver carries a fiber: a stuck thread fails the execution, and the step ends as the step-by-step
     * driver ends it.
     *
     * @return the stuck thread, or {@code null}
     */
    private ManagedThread watch() {
        Await await = awaiting;
        ManagedThread running = await == null ? null : await.running;
        if (running == null || running.state() != ManagedThread.State.RUNNING) {
            return null;
        }
        SubjectFailure stuck = watchdog.inspect(running, System.nanoTime() - await.since, await.after());
        if (stuck == null || !AWAITING.compareAndSet(this, await, null)) {
            return null;
        }
        execution.fail(stuck);
        // as the step-by-step driver does: the step ends with its event, the policy then sees the failure
        decide(null, await.stepped, await.action);
        return running;
    }

    /**
     * The {@link InlineWatcher}'s look, while the driver carries the fibers (and an interrupt of the driver's, which
     * the driver cannot take while it runs a fiber). If the stuck thread is the fiber the driver runs, {@link #end}
     * unwinds the execution.
     */
    public void watchFromOutside() {
        if (driver.isInterrupted()) {
            execution.driverInterrupted = true; // the driver takes the interrupt itself once it is back
        }
        watch();
    }

    /** The execution is closed: the watcher need not look at it any more. */
    public void closed() {
        if (carrying != null && carrying.current == this) {
            carrying.current = null;
        }
    }

    /** Whether the execution is over (its last decision is taken); the close may still be to come. */
    public boolean isDone() {
        return done;
    }

    public long watchdogTimeoutNanos() {
        return execution.settings.watchdogTimeout().toNanos();
    }

    /** Why the driver carrying inline is given up: it stayed inside one fiber for {@code millis} after the end. */
    public String whyLost(long millis) {
        SubjectFailure failure = execution.failure();
        String stuck = "the driving thread " + driver.getName() + " stayed inside a thread of the test for " + millis
                + " ms after the execution ended, and is left there";
        return failure == null ? stuck + " (it could not be unwound)" : failure.kind() + ": " + failure.message()
                + " (" + stuck + ")";
    }

    /**
     * Thread side, at a scheduling point (state {@code PAUSED}) or at the end (state {@code FINISHED}): if the run is
     * waiting for this thread, takes the token and goes on with the execution. On return the thread's state says
     * whether it runs on ({@code RUNNING}) or waits to be resumed.
     */
    void arrived(ManagedThread self) {
        Await await = awaiting;
        if (await == null || await.javaThread != self.thread || !AWAITING.compareAndSet(this, await, null)) {
            // not the thread the run waits for: the run is over (or a stuck thread woke after the watchdog fired)
            LockSupport.unpark(driver);
            return;
        }
        if (await.child && execution.failure() == null) {
            // the child of a START reached its first scheduling point: now the parent runs on
            resume(self, await.stepped, await.action);
            return;
        }
        // Hooks fired by the policy's own code must not count as this thread's operations.
        self.classInitDepth++;
        try {
            decide(self, await.stepped, await.action);
        } finally {
            self.classInitDepth--;
        }
    }

    /**
     * Holding the token: completes the step of {@code stepped} (if any) and takes decisions until a thread must run
     * (it is resumed, or {@code self} runs on) or the policy ends the execution.
     *
     * @param self the calling managed thread, or {@code null} on the driver
     */
    private void decide(ManagedThread self, ManagedThread stepped, Action action) {
        try {
            while (true) {
                if (stepped != null) {
                    Event event = run.completed(stepped, action);
                    if (!policy.performed(event)) {
                        end(self);
                        return;
                    }
                }
                ThreadId id = policy.next(run);
                if (id == null) {
                    end(self);
                    return;
                }
                Action pending = run.checkedNext(id);
                ManagedThread thread = run.thread(id);
                // Cleared before the operation runs: the outcome is reported by the casResult hook that follows it.
                thread.casOutcome = null;
                if (pending instanceof ThreadLifecycle.Start start) {
                    Await child = new Await(start.javaThread(), null, thread, pending, true);
                    awaiting = child; // before the child can exist: it may reach its first hook at once
                    pending.perform();
                    if (start.child() != null) {
                        child.running = start.child();
                        return; // the child runs to its first scheduling point, then resumes the parent
                    }
                    awaiting = null;
                    resume(self, thread, pending);
                    return;
                }
                Action next = pending.perform();
                if (next != null) {
                    thread.replacePending(next); // stays paused: the step is complete
                } else if (execution.failure() == null) {
                    resume(self, thread, pending);
                    return;
                }
                stepped = thread;
                action = pending;
            }
        } catch (Throwable t) {
            error = t;
            end(self);
        }
    }

    /** Lets {@code thread} run on after {@code action}; the caller then holds the token no longer. */
    private void resume(ManagedThread self, ManagedThread thread, Action action) {
        if (execution.failure() != null) {
            // a failure between the start and the child's first hook: the parent stays paused
            decide(self, thread, action);
            return;
        }
        awaiting = new Await(thread.thread, thread, thread, action, false);
        if (thread == self) {
            thread.runOn();
        } else {
            thread.resume();
        }
    }

    /**
     * The execution is over: the driver may close it. When the thread that ends it is a fiber that has ended too, the
     * driver is woken once that fiber's body has returned, not before: the close waits for that anyway, and waking it
     * twice costs more than the moment in between.
     */
    private void end(ManagedThread self) {
        awaiting = null;
        done = true;
        if (carrying != null) {
            if (self != null && self.platformThread() == driver) {
                return; // the driver carries this fiber: it sees the end when the fiber suspends or returns
            }
            if ((carrying.mounts & 1) == 1) {
                // The driver is inside another fiber: one pinned in a pause (which ends only when it may run, or
                // the execution is closed) or stuck in uncontrolled code. The driver cannot close the execution
                // from there: it is unwound now, as the close would, for the driver to get back.
                run.unwindAroundDriver();
            }
        }
        if (self != null && self.fiber != null && self.state() == ManagedThread.State.FINISHED) {
            self.fiber.wakeWhenDone(driver);
        } else {
            LockSupport.unpark(driver);
        }
    }
}
