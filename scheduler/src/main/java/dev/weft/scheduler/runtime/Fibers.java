package dev.weft.scheduler.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The platform thread that runs an execution's {@link Fiber}s, one at a time: a reused {@link Carrier} whose task is a
 * loop over the fibers made ready. Only one managed thread runs at a time anyway, so one carrier is enough; a fiber
 * that must wait on its carrier (pinned, or stuck in code the scheduler does not control) keeps that one, and another
 * carrier takes over the loop ({@link #carrierHeld}).
 */
final class Fibers {

    /** How long a carrier waits before it looks again at a fiber still mounted on another carrier. */
    private static final long RETRY_NANOS = TimeUnit.MICROSECONDS.toNanos(20);

    private final Execution execution;
    private final Queue<Fiber> ready = new ConcurrentLinkedQueue<>();
    /** Every carrier that ran this execution's loop, for {@link #stop}. */
    private final List<Carrier> carriers = new ArrayList<>(1);
    /** The carrier running the loop; the others are held by a fiber. {@code null} before the first and after stop. */
    private volatile Carrier serving;
    private boolean stopped;

    Fibers(Execution execution) {
        this.execution = execution;
    }

    /** Whether this execution runs {@code thread}, started by a managed thread, as a fiber. */
    static boolean mayRun(Execution execution, Thread thread) {
        // A subclass's run() may not report its start and end (an uninstrumented class): it gets a thread of its own.
        return execution.fibers != null && thread.getClass() == Thread.class;
    }

    /** {@code fiber} is to run: the serving carrier will, after the fibers made ready before it. */
    void ready(Fiber fiber) {
        ready.add(fiber);
        Carrier carrier = serving;
        if (carrier == null) {
            carrier = startServing(null);
        }
        if (carrier != null) {
            LockSupport.unpark(carrier);
        }
    }

    /**
     * {@code carrier} stays with the fiber mounted on it (a pinned pause, or a thread stuck in uncontrolled code): if
     * it was the one running the loop, a new one takes over.
     */
    void carrierHeld(Thread carrier) {
        if (carrier != null && carrier == serving) {
            startServing(carrier);
        }
    }

    /**
     * A new carrier runs the loop, unless one already does (other than {@code replacing}) or the execution's fibers
     * are stopped.
     */
    private synchronized Carrier startServing(Thread replacing) {
        Carrier current = serving;
        if (stopped || (current != null && current != replacing)) {
            return current;
        }
        Carrier carrier = Carrier.forFibers(execution);
        carriers.add(carrier);
        serving = carrier;
        carrier.launch(() -> serve(carrier));
        return carrier;
    }

    private void serve(Carrier self) {
        while (serving == self) {
            Fiber fiber = ready.poll();
            if (fiber == null) {
                LockSupport.park(this);
            } else if (!fiber.runOn(self)) {
                ready.add(fiber); // it is ending a pinned pause on another carrier: resumed once it is suspended
                LockSupport.parkNanos(this, RETRY_NANOS);
            }
        }
    }

    /**
     * At close, once the fibers have ended (or are left stuck): the loop ends, and every carrier that is not held by a
     * stuck fiber finishes its task by {@code deadline}, for the close to recycle it.
     */
    void stop(long deadline) {
        List<Carrier> all;
        synchronized (this) {
            stopped = true;
            Carrier last = serving;
            serving = null;
            if (last != null) {
                LockSupport.unpark(last);
            }
            all = List.copyOf(carriers);
        }
        for (Carrier carrier : all) {
            carrier.finishesBy(deadline);
        }
    }
}
