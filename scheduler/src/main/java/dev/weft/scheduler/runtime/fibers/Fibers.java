package dev.weft.scheduler.runtime.fibers;

import dev.weft.scheduler.hooks.ThreadRunReports;
import dev.weft.scheduler.runtime.Execution;
import dev.weft.scheduler.runtime.threads.HandOff;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * The fibers of one execution ({@link Fiber}) and the platform thread that runs them, one at a time
 * ({@link FiberCarrier}). Only one managed thread runs at a time anyway, so one carrier is enough: the driving thread's
 * own, reused from execution to execution. A fiber that must wait on its carrier (pinned, or stuck in code the
 * scheduler does not control) keeps that one, and a new carrier runs the others ({@link #carrierHeld}). A driving
 * thread that may be abandoned carries its execution's fibers itself instead ({@link #servedInline}).
 */
public final class Fibers {

    private final Queue<Fiber> ready = new ConcurrentLinkedQueue<>();
    /**
     * The carrier that runs the ready fibers: a {@link FiberCarrier}, or the driving thread itself; {@code null}
     * before the first is ready and after {@link #stop}.
     */
    private volatile Thread serving;
    /** The driving thread's, when it carries the fibers itself ({@link #servedInline}). */
    private InlineCarrying inline;
    private boolean stopped;
    /** What escaped a fiber on a carrier (a defect of Weft's), for the close to report; {@code null} if nothing. */
    private volatile Throwable carrierFailure;

    /** Whether {@code execution} runs {@code thread}, started by one of its managed threads, as a fiber. */
    public static boolean mayRun(Execution execution, Thread thread) {
        // A subclass's run() reports its start and end if Weft instrumented it; one it did not (a library it
        // excludes) gets a thread of its own.
        return execution.fibers != null
                && (thread.getClass() == Thread.class || ThreadRunReports.reportsItsRun(thread.getClass()));
    }

    /** {@code fiber} is to run: the serving carrier will, after the fibers made ready before it. */
    void ready(Fiber fiber) {
        ready.add(fiber);
        Thread carrier = serving;
        if (carrier == null) {
            carrier = startServing(null);
        }
        if (carrier != null) {
            LockSupport.unpark(carrier);
        }
    }

    /**
     * The driving thread carries the fibers itself ({@link HandOff#drive}), if no carrier serves them yet; it lets
     * {@code carrying} know when it runs one, for the {@link InlineWatcher}.
     */
    public synchronized boolean servedInline(Thread driver, InlineCarrying carrying) {
        if (stopped || serving != null) {
            return false;
        }
        inline = carrying;
        serving = driver;
        return true;
    }

    /**
     * Closing: if {@code carrier}, the calling thread, carries the fibers itself, runs the next ready one (to unwind
     * it) and says so; else the caller waits for the serving carrier to do it.
     */
    boolean ranOneReadyOn(Thread carrier) {
        if (serving != carrier || inline == null) {
            return false;
        }
        Fiber fiber = nextReady();
        return fiber != null && runInline(fiber, carrier);
    }

    /**
     * Runs the ready fiber on the driving thread that carries the fibers itself, telling its {@link InlineCarrying}
     * while it does. False if the fiber is still mounted on another carrier (it ends a pinned pause there): it is
     * ready again, to be run once it is suspended.
     */
    public boolean runInline(Fiber fiber, Thread driver) {
        inline.mounted();
        try {
            if (fiber.runOn(driver)) {
                return true;
            }
        } finally {
            inline.mounted();
        }
        again(fiber);
        return false;
    }

    /**
     * {@code carrier} stays with the fiber mounted on it (a pinned pause, or a thread stuck in uncontrolled code): if
     * it was the one running the ready fibers, a new one takes over.
     */
    void carrierHeld(Thread carrier) {
        if (carrier != null && carrier == serving) {
            startServing(carrier);
        }
    }

    /**
     * The driving thread's carrier runs the ready fibers from now on (the first time), or a new one (in place of
     * {@code replacing}); nothing changes if one already does or the execution is closed.
     */
    private synchronized Thread startServing(Thread replacing) {
        Thread current = serving;
        if (stopped || current != replacing) {
            return current;
        }
        // The first fiber (the main thread) is made ready by the driving thread itself (JvmRun.start), whose carrier
        // serves it if it is free. A carrier must find itself serving before it looks: it is made so first.
        FiberCarrier carrier = replacing == null ? FiberCarrier.ofDriver() : null;
        serving = carrier;
        if (carrier == null || !carrier.take(this)) {
            carrier = FiberCarrier.created(replacing == null);
            serving = carrier;
            carrier.take(this);
            carrier.start();
        }
        return carrier;
    }

    /** Whether {@code carrier} is the one that runs the ready fibers. */
    public boolean servedBy(Thread carrier) {
        return serving == carrier;
    }

    /** The next fiber to run, or {@code null}. */
    public Fiber nextReady() {
        return ready.poll();
    }

    /** {@code fiber} could not run yet: it is tried again after the others. */
    void again(Fiber fiber) {
        ready.add(fiber);
    }

    /** A carrier caught {@code failure} running a fiber: the first is kept. */
    void carrierFailed(Throwable failure) {
        if (carrierFailure == null) {
            carrierFailure = failure;
        }
    }

    /** What escaped a fiber on a carrier, or {@code null}. */
    public Throwable carrierFailure() {
        return carrierFailure;
    }

    /** At close, once the fibers have ended (or are left stuck): the carrier is free for the next execution. */
    public void stop() {
        Thread last;
        synchronized (this) {
            stopped = true;
            last = serving;
            serving = null;
        }
        if (last instanceof FiberCarrier carrier) {
            carrier.release(this);
        }
    }
}
