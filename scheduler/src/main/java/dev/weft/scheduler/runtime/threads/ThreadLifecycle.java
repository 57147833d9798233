package dev.weft.scheduler.runtime.threads;

import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.SubjectFailure;
import dev.weft.scheduler.model.ThreadId;
import dev.weft.scheduler.runtime.Action;
import dev.weft.scheduler.runtime.ControlledHooks;
import dev.weft.scheduler.runtime.Execution;
import dev.weft.scheduler.runtime.ExecutionAbandoned;
import dev.weft.scheduler.runtime.ThrowingRunnable;
import dev.weft.scheduler.runtime.UnmodelledPrimitiveException;
import dev.weft.scheduler.runtime.fibers.Fiber;
import dev.weft.scheduler.runtime.fibers.Fibers;
import dev.weft.scheduler.runtime.pools.ForkJoinTasks;
import dev.weft.scheduler.runtime.time.Durations;
import dev.weft.scheduler.runtime.time.TimeOut;
import dev.weft.scheduler.runtime.time.Timeouts;
import dev.weft.scheduler.runtime.time.VirtualClock;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Threads: start, end, join, liveness, interrupts, sleep and yield.
 *
 * <ul>
 *   <li>start: {@code START} of the child by the parent. When it is performed the child is registered, really
 *   started, and the driver waits until it reaches its first scheduling point (or ends) before letting the parent
 *   run on.</li>
 *   <li>end: {@code END}, the last operation of every thread, pending once its {@code run()} returned; writes its
 *   liveness.</li>
 *   <li>join: {@code JOIN}, enabled once the joined thread's {@code END} was performed (or the joiner was
 *   interrupted: it then throws {@link InterruptedException}); a timed join is a {@code READ} of the liveness,
 *   enabled likewise, and may also time out ({@link Action#mayTimeOut()}).</li>
 *   <li>isAlive: {@code READ} of the liveness. interrupt: {@code WRITE} of the interrupt flag, which also enables a
 *   waiting, joining or parked target. isInterrupted: {@code READ}; interrupted: {@code RMW}.</li>
 *   <li>sleep: a timed wait that only an interrupt wakes ({@link Sleep}): it ends by timing out, by default only
 *   when no other thread can move, and then moves the execution's clock to the sleeper's wake-up time
 *   ({@link VirtualClock}); its step is a {@code READ} of the thread's own interrupt flag, ordered against
 *   {@code interrupt}.</li>
 *   <li>yield, onSpinWait: {@code YIELD}.</li>
 * </ul>
 *
 * <p>The interrupt flag of a managed thread lives in the model; the real flag is left alone, because the hand-off
 * parks the thread and a real interrupt would turn that into a busy wait.
 */
public final class ThreadLifecycle {

    private ThreadLifecycle() {
    }

    public static void start(ManagedThread parent, Thread thread, int site) {
        if (!ThreadLooks.looksNew(thread)) {
            throw new IllegalThreadStateException(parent + " cannot start " + thread + " at "
                    + Execution.source(site) + ": it was started before");
        }
        Execution execution = parent.execution;
        ThreadId child = new ThreadId(execution.reserveThreadIndex(), parent.nextChildName());
        parent.pauseAt(new Start(parent, child, thread, site));
        parent.throwUncheckedIfTold();
    }

    /**
     * What Weft itself threw inside a static initialiser, which the JVM wrapped: the test is told Weft's reason, not
     * that a class could not be initialised.
     */
    private static Throwable weftsOwnCause(Throwable thrown) {
        return thrown instanceof ExceptionInInitializerError wrapped
                && wrapped.getCause() instanceof UnmodelledPrimitiveException reason ? reason : thrown;
    }

    /** A {@code Thread.start} in a static initialiser, made when the initialiser has returned. */
    record DeferredStart(Thread thread, int site) {
    }

    /**
     * {@code Thread.start} inside a static initialiser, whose steps are one step of the thread running it (the JVM holds
     * the class's initialisation lock meanwhile): the thread is started at the first scheduling point after the
     * outermost initialiser has returned ({@link #startDeferred}), as if it had been slow to start, which it may be on
     * any JVM. A start inside any other
     * step that cannot be split fails, naming it.
     */
    static void startInsideAStep(ManagedThread self, Thread thread, int site) {
        if (self.staticInitDepth == 0 || self.classInitDepth != self.staticInitDepth) {
            throw new UnmodelledPrimitiveException("Thread.start of " + thread.getName() + " inside a step that cannot"
                    + " be split (a callback that the JDK runs inside one collection call such as"
                    + " ConcurrentHashMap.compute)", site);
        }
        if (!ThreadLooks.looksNew(thread) || self.deferredStarts.stream().anyMatch(d -> d.thread() == thread)) {
            throw new IllegalThreadStateException(self + " cannot start " + thread + " at " + Execution.source(site)
                    + ": it was started before");
        }
        self.deferredStarts.add(new DeferredStart(thread, site));
        if (!self.inRepeatableInitialiser()) {
            self.execution.earlier.initialisers.starts.add(Execution.source(site).toString());
        }
    }

    /** The outermost static initialiser has returned: the threads it started start now, in order, as steps. */
    public static void startDeferred(ManagedThread self) {
        List<DeferredStart> starts = List.copyOf(self.deferredStarts);
        self.deferredStarts.clear();
        for (DeferredStart deferred : starts) {
            start(self, deferred.thread(), deferred.site());
        }
    }

    /**
     * Waiting inside a static initialiser for a thread it started cannot end: the thread starts only when the
     * initialiser has returned. Fails with what happened instead of hanging.
     */
    static void refuseWaitForDeferred(ManagedThread self, Thread thread, int site) {
        for (DeferredStart deferred : self.deferredStarts) {
            if (deferred.thread() == thread) {
                throw new UnmodelledPrimitiveException("a static initialiser joins " + thread.getName() + ", which it"
                        + " started at " + Execution.source(deferred.site()) + ": Weft starts a thread that a static"
                        + " initialiser starts only once the initialiser has returned, so the join could never"
                        + " end (start the thread after the class is initialised, or do not wait for it there)", site);
            }
        }
    }

    /**
     * Runs {@code body} as {@code self} on the calling thread, from its first hook to its end: what the run bracket
     * does around a started thread's {@code run()}, for the threads Weft runs itself (the main thread, and the
     * {@link Carrier}s standing in for the test's threads). Returns what {@code body} threw, or {@code null}.
     */
    public static Throwable runAs(ManagedThread self, ThrowingRunnable body) {
        ControlledHooks.bind(self);
        Throwable thrown = null;
        try {
            body.run();
        } catch (Throwable t) {
            thrown = t;
        }
        runEnds(self, thrown);
        return thrown;
    }

    /** The thread's {@code run()} returned or threw; it stays until its {@code END} is performed, then leaves. */
    static void runEnds(ManagedThread self, Throwable runThrew) {
        try {
            // A virtual thread's exception was dispatched already, inside VirtualThread.run (UncaughtExceptions).
            Throwable thrown = runThrew != null ? UncaughtExceptions.dispatch(self, runThrew) : self.uncaught;
            if (thrown instanceof ExecutionAbandoned) {
                return;
            }
            if (thrown != null) {
                self.execution.fail(SubjectFailure.thrownBy(self.id, weftsOwnCause(thrown)));
            }
            self.pauseAt(new End(self));
        } catch (ExecutionAbandoned closedWhileEnding) {
            // the thread is leaving anyway
        } finally {
            ControlledHooks.unbind();
            self.finish();
        }
    }

    static void join(ManagedThread self, ManagedThread target, long millis, int site) throws InterruptedException {
        if (millis < 0) {
            throw new IllegalArgumentException("join(" + millis + "): timeout value is negative");
        }
        self.pauseAt(millis == 0 ? new Join(self, target, site) : new TimedJoin(self, target, site));
        self.throwIfTold();
        if (target.ended && !(target.thread instanceof Carrier) && target.fiber == null) {
            // The target performed its END and is leaving run(); the real join returns as soon as it is gone, so
            // that the caller sees the thread TERMINATED like after a real join. (A carrier or a fiber's thread is
            // TERMINATED to the test as soon as it ended, see ThreadLooks.state; the JVM never ends a fiber's thread,
            // so a real join would wait forever.)
            target.thread.join();
        }
    }

    /**
     * Waits, whatever happens, until {@code target} has ended: an order a model needs ({@link ForkJoinTasks}), which
     * the user's code does not see as a join of its own and an interrupt does not end.
     */
    public static void awaitEnd(ManagedThread self, ManagedThread target, int site) {
        self.pauseAt(new Joining(Operation.join(target.id), self, target, site) {
            @Override
            public boolean enabled() {
                return target.ended;
            }

            @Override
            public Action perform() {
                return null;
            }
        });
    }

    /**
     * {@code join(Duration)}: a timed join when the duration is positive, else only a look at the liveness; either
     * way tells whether the target has ended.
     */
    static boolean joinFor(ManagedThread self, ManagedThread target, boolean waits, int site)
            throws InterruptedException {
        if (!waits) {
            return !isAlive(self, target, site);
        }
        join(self, target, Long.MAX_VALUE, site);
        return target.ended;
    }

    static boolean isAlive(ManagedThread self, ManagedThread target, int site) {
        self.pauseAt(new FlagAction(OpKind.READ, Location.alive(target.id), site) {
            @Override
            public Action perform() {
                self.result = !target.ended;
                return null;
            }
        });
        return self.result;
    }

    public static void interrupt(ManagedThread self, ManagedThread target, int site) {
        self.pauseAt(new FlagAction(OpKind.WRITE, Location.interruptFlag(target.id), site) {
            @Override
            public Action perform() {
                target.interrupted = true;
                return null;
            }
        });
    }

    static boolean isInterrupted(ManagedThread self, ManagedThread target, int site) {
        self.pauseAt(new FlagAction(OpKind.READ, Location.interruptFlag(target.id), site) {
            @Override
            public Action perform() {
                self.result = target.interrupted;
                return null;
            }
        });
        return self.result;
    }

    public static boolean interrupted(ManagedThread self, int site) {
        self.pauseAt(new FlagAction(OpKind.RMW, Location.interruptFlag(self.id), site) {
            @Override
            public Action perform() {
                self.result = self.interrupted;
                self.interrupted = false;
                return null;
            }
        });
        return self.result;
    }

    public static void sleep(ManagedThread self, long millis, int site) throws InterruptedException {
        if (millis < 0) {
            throw new IllegalArgumentException("sleep(" + millis + "): timeout value is negative");
        }
        self.pauseAt(new Sleep(self, millis, site));
        self.throwIfTold();
    }

    /**
     * A sleep: a timed wait that nothing but an interrupt wakes. It ends by timing out ({@link TimeOut}), so under the
     * {@link Timeouts} policy: by default only when no other thread can move, in the order of the deadlines, and the
     * execution's clock then moves to its wake-up time ({@link VirtualClock}). Its own step is a {@code READ} of the
     * thread's interrupt flag: it throws when the flag is set, so it is ordered against {@code interrupt}. A
     * {@code sleep(0)} waits for nothing: it only reads the flag, as the JVM's does.
     */
    public static final class Sleep extends FlagAction {
        private final ManagedThread self;
        private final long millis;
        private boolean threw;

        Sleep(ManagedThread self, long millis, int site) {
            super(OpKind.READ, Location.interruptFlag(self.id), site);
            this.self = self;
            this.millis = millis;
            if (millis > 0) {
                VirtualClock clock = self.execution.clock;
                timesOutAt(clock.deadlineIn(TimeUnit.MILLISECONDS.toNanos(millis)), clock.elapsed());
            }
        }

        @Override
        public boolean mayTimeOut() {
            return millis > 0;
        }

        @Override
        public boolean enabled() {
            return millis == 0 || self.interrupted || timedOut();
        }

        @Override
        public Action perform() {
            if (self.interrupted) {
                self.interrupted = false;
                self.toThrow = new InterruptedException("sleep interrupted");
                threw = true;
            }
            return null;
        }

        /** In the report: how the sleep ended, where a plain read of the flag would say nothing. */
        @Override
        public String value() {
            return "sleep " + Durations.text(TimeUnit.MILLISECONDS.toNanos(millis))
                    + (threw ? " interrupted" : " returns");
        }

        @Override
        public String whyBlocked() {
            return "sleeps " + Durations.text(TimeUnit.MILLISECONDS.toNanos(millis));
        }
    }

    static void yield(ManagedThread self, int site) {
        self.pauseAt(new Yield(site));
    }

    /**
     * A fiber's body for a {@code Thread} the test started: what the JVM does on a thread of its own. Its
     * {@code run()} reports its start and end ({@code ThreadRunBridge}), and what escapes it goes to the thread's
     * uncaught-exception handler.
     */
    private static void runStarted(Thread thread) {
        try {
            thread.run();
        } catch (Throwable thrown) {
            thread.getUncaughtExceptionHandler().uncaughtException(thread, thrown);
        }
    }

    /** {@code START}: registers and really starts the child; the driver then waits for the child to settle. */
    public static final class Start extends Action {
        private final ManagedThread parent;
        private final Thread thread;
        private ManagedThread child;

        Start(ManagedThread parent, ThreadId child, Thread thread, int site) {
            super(Operation.start(child), site);
            this.parent = parent;
            this.thread = thread;
        }

        @Override
        public Action perform() {
            if (!ThreadLooks.looksNew(thread)) {
                // another managed thread started the same Thread object first
                parent.toThrow = new IllegalThreadStateException(parent + " cannot start " + thread + " at "
                        + Execution.source(site()) + ": it was started before");
                return null;
            }
            child = parent.execution.register(operation().startedThread(), thread, ThreadLooks.daemon(thread));
            thread.setUncaughtExceptionHandler(UncaughtExceptions.filterFor(child, thread));
            if (thread instanceof Carrier standIn) {
                standIn.launchAs(child);
            } else if (Fibers.mayRun(parent.execution, thread)) {
                child.interrupted = thread.isInterrupted(); // interrupted before its start: run() sees it
                ControlledHooks.expectStart(thread, child); // its run() binds it, as on a thread of its own
                Fiber.launch(parent.execution.fibers, child, () -> runStarted(thread));
            } else {
                child.interrupted = thread.isInterrupted(); // interrupted before its start: run() sees it
                ControlledHooks.expectStart(thread, child);
                thread.start();
            }
            return null;
        }

        /** The {@code Thread} it starts. */
        Thread javaThread() {
            return thread;
        }

        /** The started thread, or {@code null} if the start failed. */
        public ManagedThread child() {
            return child;
        }
    }

    private static final class End extends Action {
        private final ManagedThread thread;

        End(ManagedThread thread) {
            super(Operation.end(thread.id), -1);
            this.thread = thread;
        }

        @Override
        public Action perform() {
            thread.ended = true;
            return null;
        }
    }

    /** A wait for {@code target} to end, untimed or timed: who waits, for whom, and what a blockage report says. */
    private abstract static class Joining extends Action {
        final ManagedThread self;
        final ManagedThread target;

        Joining(Operation operation, ManagedThread self, ManagedThread target, int site) {
            super(operation, site);
            this.self = self;
            this.target = target;
        }

        @Override
        public String whyBlocked() {
            return "waits to join " + target + ", which has not ended";
        }

        @Override
        public ManagedThread waitsFor() {
            return target;
        }
    }

    private static final class Join extends Joining {
        private boolean interrupted;

        Join(ManagedThread self, ManagedThread target, int site) {
            super(InterruptLook.of(self, Operation.join(target.id), site), self, target, site);
        }

        @Override
        public boolean enabled() {
            return target.ended || self.interrupted;
        }

        @Override
        public Action perform() {
            if (!target.ended) {
                interrupted = true;
                self.interrupted = false;
                self.toThrow = new InterruptedException();
            }
            return null;
        }

        @Override
        public String value() {
            return interrupted ? "interrupted" : null;
        }
    }

    private static final class TimedJoin extends Joining {
        TimedJoin(ManagedThread self, ManagedThread target, int site) {
            super(InterruptLook.of(self, Operation.read(Location.alive(target.id)), site), self, target, site);
        }

        @Override
        public boolean enabled() {
            return target.ended || self.interrupted || timedOut();
        }

        @Override
        public boolean mayTimeOut() {
            return true;
        }

        @Override
        public Action perform() {
            if (self.interrupted && !target.ended) {
                self.interrupted = false;
                self.toThrow = new InterruptedException();
            }
            return null;
        }

        @Override
        public String value() {
            return target.ended ? "ended" : "alive";
        }
    }

    /** An operation on a thread's liveness or interrupt flag, its effect given where it is created. */
    private abstract static class FlagAction extends Action {
        FlagAction(OpKind kind, Location location, int site) {
            super(new Operation(kind, location), site);
        }
    }

    private static final class Yield extends Action {
        Yield(int site) {
            super(new Operation(OpKind.YIELD, null), site);
        }
    }
}
