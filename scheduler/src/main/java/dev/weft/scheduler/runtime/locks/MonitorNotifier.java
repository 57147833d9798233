package dev.weft.scheduler.runtime.locks;

import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * Wakes managed threads that wait inside a real JVM monitor. A thread that calls {@code wait()} inside a
 * {@code synchronized} method holds the method's real monitor (the instrumentation cannot remove the flag from
 * classes already loaded), so while it is descheduled it waits in the real {@code monitor.wait()}, which releases the
 * monitor. Waking it takes {@code notifyAll()}, which needs that monitor; the driver must never block on a user's
 * monitor, so this daemon thread does it, blocking if it must until the monitor is free.
 */
public final class MonitorNotifier {

    /** A thread to wake, and the monitor it paused in. */
    private record Wake(ManagedThread thread, Object monitor) {
    }

    private static final BlockingQueue<Wake> WAKES = new LinkedBlockingQueue<>();

    static {
        Thread notifier = new Thread(MonitorNotifier::loop, "weft-monitor-notifier");
        notifier.setDaemon(true);
        notifier.start();
    }

    private MonitorNotifier() {
    }

    /** Wakes every real waiter of the monitor soon; each checks whether it is the one let run. */
    public static void notifyAllLater(ManagedThread thread, Object monitor) {
        WAKES.add(new Wake(thread, monitor));
    }

    @SuppressWarnings("InfiniteLoopStatement")
    private static void loop() {
        while (true) {
            try {
                Wake wake = WAKES.take();
                // A thread that saw it may run before it began to wait runs on holding the monitor; waiting for the
                // monitor then would hold up every later wake-up until that thread lets go of it.
                if (wake.thread().realMonitorWaitedIn() != wake.monitor()) {
                    continue;
                }
                synchronized (wake.monitor()) {
                    wake.monitor().notifyAll();
                }
            } catch (InterruptedException e) {
                // nobody interrupts this thread on purpose; keep serving
            }
        }
    }
}
