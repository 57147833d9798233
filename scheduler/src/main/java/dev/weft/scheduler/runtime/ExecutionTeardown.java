package dev.weft.scheduler.runtime;

import dev.weft.scheduler.runtime.threads.Carrier;
import dev.weft.scheduler.runtime.threads.ManagedThread;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Ends an execution on the JVM ({@link JvmRun#close}): every thread that has not ended is unwound (one paused at a
 * scheduling point throws {@link ExecutionAbandoned} there; one stuck in uncontrolled code is interrupted), the close
 * waits for all of them to terminate, gives back the carriers and fibers, and puts back the state the execution
 * changed, unless threads it could not stop could still see that happen.
 */
final class ExecutionTeardown {

    private final Execution execution;

    ExecutionTeardown(Execution execution) {
        this.execution = execution;
    }

    /**
     * Unwinds the threads and waits for them.
     *
     * @return {@code null}, or, when threads could not be stopped and the execution had already failed (that failure
     *         is the verdict), which threads are left running
     * @throws IllegalStateException if a thread does not terminate within the watchdog timeout of an execution that
     *                               had not failed, or a fiber's carrier failed in Weft's own code
     */
    String close() {
        execution.driveFrom(Thread.currentThread());
        execution.abandon();
        List<ManagedThread> threads = execution.threads();
        for (ManagedThread thread : threads) {
            ControlledHooks.forgetStart(thread.thread);
        }
        unwind(threads);
        long deadline = System.nanoTime() + execution.settings.watchdogTimeout().toNanos();
        List<String> stuck = new ArrayList<>();
        for (ManagedThread thread : threads) {
            if (!terminates(thread, deadline)) {
                stuck.add(thread + " (" + thread.platformThread().getState() + ")");
            }
        }
        if (execution.fibers != null) {
            execution.fibers.stop();
        }
        if (execution.handOff != null) {
            execution.handOff.closed();
        }
        for (Carrier carrier : execution.carriers) {
            carrier.recycle();
        }
        execution.names.executionEnded();
        if (stuck.isEmpty()) {
            execution.journal.restore(); // not beside threads still running: they would see it happen
        }
        execution.earlier.couldNotPutBack(execution.journal.unrestorable());
        if (execution.staticCopies != null) {
            execution.staticCopies.close();
        }
        if (execution.driverInterrupted) {
            Thread.currentThread().interrupt(); // for the exploration to stop before its next execution
        }
        Throwable carrierFailure = execution.fibers == null ? null : execution.fibers.carrierFailure();
        if (!stuck.isEmpty()) {
            String left = "thread(s) " + stuck + " could not be stopped within "
                    + execution.settings.watchdogTimeout().toMillis() + " ms after the execution ended; they are left"
                    + " running";
            if (execution.failure() == null || carrierFailure != null) {
                throw new IllegalStateException(left, carrierFailure);
            }
            // The execution failed (the watchdog named the stuck thread, with its stack): that failure is the verdict,
            // and the subject lets no further execution start beside threads it no longer controls.
            return left;
        }
        if (carrierFailure != null) {
            throw new IllegalStateException("a fiber's carrier failed in Weft's own code", carrierFailure);
        }
        return null;
    }

    /** Lets the threads out: a paused one throws at its scheduling point, a running one is interrupted. */
    static void unwind(List<ManagedThread> threads) {
        for (ManagedThread thread : threads) {
            if (thread.state() == ManagedThread.State.RUNNING) {
                thread.thread.interrupt();
                if (thread.fiber != null) {
                    thread.fiber.keepCarrierWhileStuck();
                }
            }
            thread.wake();
        }
    }

    private static boolean terminates(ManagedThread managed, long deadline) {
        if (managed.fiber != null) {
            return managed.fiber.finishesBy(deadline);
        }
        Thread thread = managed.thread;
        if (thread instanceof Carrier carrier) {
            return carrier.finishesBy(deadline);
        }
        boolean interrupted = false;
        try {
            while (thread.isAlive()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                try {
                    thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            return true;
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
