package dev.weft.scheduler.runtime.fibers;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A platform thread that runs {@link Fiber}s: those of one execution at a time ({@link #serve}), and for one driving
 * thread, execution after execution, so that starting an execution wakes it once and ending one wakes nothing. It
 * ends after a second without work (an exploration is over), or stays with a fiber that holds it (pinned, or stuck
 * in code the scheduler does not control) while another carrier serves that execution.
 */
public final class FiberCarrier extends Thread {

    /** The carrier of each driving thread (the test's thread, or a parallel worker). */
    private static final ThreadLocal<FiberCarrier> OF_DRIVER = new ThreadLocal<>();
    private static final long IDLE_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** How long it waits before it looks again at a fiber still mounted on another carrier. */
    private static final long RETRY_NANOS = TimeUnit.MICROSECONDS.toNanos(20);

    /** Whose fibers it runs, or {@code null}. Guarded by {@code this} together with {@link #ended}. */
    private volatile Fibers serving;
    private boolean ended;

    private FiberCarrier() {
        super("weft-fibers");
        setDaemon(true);
    }

    /** The calling driving thread's carrier, or {@code null} if it has none yet. */
    static FiberCarrier ofDriver() {
        return OF_DRIVER.get();
    }

    /** A new carrier, not started; the calling driving thread's from now on if {@code forDriver}. */
    static FiberCarrier created(boolean forDriver) {
        FiberCarrier carrier = new FiberCarrier();
        if (forDriver) {
            OF_DRIVER.set(carrier);
        }
        return carrier;
    }

    /**
     * Begins to run {@code fibers}, unless it ended or still runs another execution's; the caller has made it
     * {@code fibers}' serving carrier first, so that it finds itself so ({@link Fibers#servedBy}).
     */
    synchronized boolean take(Fibers fibers) {
        if (ended || serving != null) {
            return false;
        }
        serving = fibers;
        return true;
    }

    /**
     * Stops running {@code fibers} (the execution is closed, or another carrier took over). It is not woken for that:
     * the next {@link #take} is the next thing it has to notice, and waking it now would cost a wake-up per execution.
     */
    synchronized void release(Fibers fibers) {
        if (serving == fibers) {
            serving = null;
        }
    }

    @Override
    public void run() {
        long idleSince = System.nanoTime();
        while (true) {
            Fibers fibers = serving;
            if (fibers == null) {
                if (endIfIdleSince(idleSince)) {
                    return;
                }
                LockSupport.parkNanos(this, IDLE_NANOS);
                continue;
            }
            if (!fibers.servedBy(this)) {
                release(fibers); // a fiber held this carrier meanwhile, and another took over
                continue;
            }
            Fiber fiber = fibers.nextReady();
            if (fiber == null) {
                LockSupport.parkNanos(this, IDLE_NANOS); // a timeout: released meanwhile, it may have to end
            } else if (!runs(fibers, fiber)) {
                fibers.again(fiber); // it is ending a pinned pause on another carrier: run once it is suspended
                LockSupport.parkNanos(this, RETRY_NANOS);
            }
            idleSince = System.nanoTime();
        }
    }

    /**
     * Runs {@code fiber}, or says it is still mounted elsewhere. A defect of Weft's that escapes the fiber (it is not
     * the test's: the test's exceptions end its thread inside the continuation) is kept for the close to report, and
     * the carrier serves on, so that the other fibers are still unwound.
     */
    private boolean runs(Fibers fibers, Fiber fiber) {
        try {
            return fiber.runOn(this);
        } catch (RuntimeException | Error e) {
            fibers.carrierFailed(e);
            return true;
        }
    }

    private synchronized boolean endIfIdleSince(long idleSince) {
        if (serving == null && System.nanoTime() - idleSince >= IDLE_NANOS) {
            ended = true;
        }
        return ended;
    }
}
