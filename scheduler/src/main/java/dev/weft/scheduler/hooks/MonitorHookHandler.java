package dev.weft.scheduler.hooks;

import java.util.concurrent.TimeUnit;

/**
 * The monitor hooks, one family of {@link HookHandlers}: {@code synchronized} blocks and methods, and {@code
 * Object.wait} and {@code notify}. The default methods do exactly what the uninstrumented code would have done,
 * without control.
 */
public interface MonitorHookHandler {

    /**
     * Before {@code MONITORENTER}, or before an instrumented call of a {@code synchronized} method.
     *
     * <p>For a call of a {@code synchronized} method the result is ignored: the JVM takes the real monitor when the
     * method is invoked, whatever the handler answers. Because this hook runs before the invocation, a handler that
     * lets a thread through only when its model says the monitor is free ensures that the real monitor is free too.
     * The site's member names the called method ({@code "Account.deposit"}); for {@code MONITORENTER} it is empty.
     *
     * @return {@code true} when the handler acquired the monitor in its own model, so that the real monitor must not
     *         be taken; {@code false} to take the real monitor
     */
    default boolean monitorEnter(Object monitor, int site) {
        return false;
    }

    /**
     * Before {@code MONITOREXIT}, or after an instrumented call of a {@code synchronized} method has returned or
     * thrown (the JVM has released the real monitor by then; the result is ignored).
     *
     * <p>Must not throw: javac's handler for a {@code synchronized} block covers its own {@code MONITOREXIT}, so a
     * throwing hook would be called again, forever.
     *
     * @return {@code true} when the handler released the monitor in its own model (the real monitor was never taken)
     */
    default boolean monitorExit(Object monitor, int site) {
        return false;
    }

    /**
     * At entry of a {@code synchronized} method that keeps {@code ACC_SYNCHRONIZED}, once the JVM holds its real
     * monitor. Calls from instrumented code were announced by {@link #monitorEnter} before the invocation; an entry
     * that was not (a method reference, virtual dispatch to a synchronized override, reflection, uninstrumented code)
     * must acquire the monitor here.
     */
    default void synchronizedMethodEntered(Object monitor, int site) {
    }

    /** At every exit of such a method, by return or throwable, before the JVM releases the real monitor. */
    default void synchronizedMethodExited(Object monitor, int site) {
    }

    /** Replaces {@code Thread.holdsLock(monitor)}, which cannot see monitors the handler holds only in its model. */
    default boolean holdsLock(Object monitor, int site) {
        return Thread.holdsLock(monitor);
    }

    /** Replaces {@code Object.wait(millis, nanos)}; {@code millis == 0 && nanos == 0} waits without timeout. */
    default void objectWait(Object monitor, long millis, int nanos, int site) throws InterruptedException {
        monitor.wait(millis, nanos);
    }

    /** Replaces {@code Object.notify()}. */
    default void objectNotify(Object monitor, int site) {
        monitor.notify();
    }

    /** Replaces {@code Object.notifyAll()}. */
    default void objectNotifyAll(Object monitor, int site) {
        monitor.notifyAll();
    }

    /** Replaces {@code unit.timedWait(monitor, timeout)}: {@link #objectWait}; nothing when it is not positive. */
    default void timeUnitTimedWait(TimeUnit unit, Object monitor, long timeout, int site) throws InterruptedException {
        if (timeout > 0) {
            long nanos = unit.toNanos(timeout);
            long millis = TimeUnit.NANOSECONDS.toMillis(nanos);
            objectWait(monitor, millis, (int) (nanos - TimeUnit.MILLISECONDS.toNanos(millis)), site);
        }
    }
}
