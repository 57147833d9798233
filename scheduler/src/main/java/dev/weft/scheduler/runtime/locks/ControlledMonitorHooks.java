package dev.weft.scheduler.runtime.locks;

import dev.weft.scheduler.hooks.MonitorHookHandler;
import dev.weft.scheduler.runtime.ControlledHooks;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.util.concurrent.TimeUnit;

import static dev.weft.scheduler.runtime.ControlledHooks.current;
import static dev.weft.scheduler.runtime.ControlledHooks.visible;
import static dev.weft.scheduler.runtime.ControlledHooks.visibleTimed;

/**
 * The JVM runtime's handler of the monitor hooks ({@link MonitorHookHandler}): {@code synchronized} blocks and
 * methods, and {@code Object.wait} and {@code notify}. On a thread no execution manages, or where its operations are
 * not visible, each hook does what the uninstrumented code would have done (see {@link ControlledHooks}).
 */
public final class ControlledMonitorHooks implements MonitorHookHandler {

    @Override
    public boolean monitorEnter(Object monitor, int site) {
        ManagedThread self = visible();
        if (self == null) {
            return false;
        }
        self.execution.monitors.enter(self, monitor, site);
        return true;
    }

    @Override
    public boolean monitorExit(Object monitor, int site) {
        ManagedThread self = visible();
        if (self == null) {
            return false;
        }
        // Never throw here, not even to unwind an abandoned execution: javac's handler for a synchronized block
        // covers its own monitor exit, so a throwing exit would be retried forever.
        if (!self.execution.abandoned()) {
            self.execution.monitors.exit(self, monitor, site);
        }
        return true;
    }

    @Override
    public void synchronizedMethodEntered(Object monitor, int site) {
        ManagedThread self = current();
        if (self != null) {
            self.execution.monitors.methodEntered(self, monitor, site);
        }
    }

    @Override
    public void synchronizedMethodExited(Object monitor, int site) {
        ManagedThread self = current();
        if (self != null) {
            self.execution.monitors.methodExited(self, monitor, site);
        }
    }

    @Override
    public boolean holdsLock(Object monitor, int site) {
        ManagedThread self = visible();
        return self == null ? Thread.holdsLock(monitor) : self.execution.monitors.holds(self, monitor);
    }

    @Override
    public void objectWait(Object monitor, long millis, int nanos, int site) throws InterruptedException {
        ManagedThread self = visibleTimed(millis > 0 || nanos > 0 ? TimeUnit.MILLISECONDS.toNanos(millis) + nanos : -1);
        if (self == null) {
            MonitorHookHandler.super.objectWait(monitor, millis, nanos, site);
        } else {
            self.execution.monitors.await(self, monitor, millis, nanos, site);
        }
    }

    @Override
    public void objectNotify(Object monitor, int site) {
        ManagedThread self = visible();
        if (self == null) {
            MonitorHookHandler.super.objectNotify(monitor, site);
        } else {
            self.execution.monitors.notify(self, monitor, false, site);
        }
    }

    @Override
    public void objectNotifyAll(Object monitor, int site) {
        ManagedThread self = visible();
        if (self == null) {
            MonitorHookHandler.super.objectNotifyAll(monitor, site);
        } else {
            self.execution.monitors.notify(self, monitor, true, site);
        }
    }
}
