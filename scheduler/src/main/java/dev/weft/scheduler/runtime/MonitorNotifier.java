package dev.weft.scheduler.runtime;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * Wakes managed threads that wait inside a real JVM monitor. A thread that calls {@code wait()} inside a
 * {@code synchronized} method holds the method's real monitor (the instrumentation cannot remove the flag from
 * classes already loaded), so while it is descheduled it waits in the real {@code monitor.wait()}, which releases the
 * monitor. Waking it takes {@code notifyAll()}, which needs that monitor; the driver must never block on a user's
 * monitor, so this daemon thread does it, blocking if it must until the monitor is free.
 */
final class MonitorNotifier {

    private static final BlockingQueue<Object> MONITORS = new LinkedBlockingQueue<>();

    static {
        Thread notifier = new Thread(MonitorNotifier::loop, "weft-monitor-notifier");
        notifier.setDaemon(true);
        notifier.start();
    }

    private MonitorNotifier() {
    }

    /** Wakes every real waiter of the monitor soon; each checks whether it is the one let run. */
    static void notifyAllLater(Object monitor) {
        MONITORS.add(monitor);
    }

    @SuppressWarnings("InfiniteLoopStatement")
    private static void loop() {
        while (true) {
            try {
                Object monitor = MONITORS.take();
                synchronized (monitor) {
                    monitor.notifyAll();
                }
            } catch (InterruptedException e) {
                // nobody interrupts this thread on purpose; keep serving
            }
        }
    }
}
