package dev.weft.scheduler.runtime.locks;

import dev.weft.scheduler.model.LockId;
import dev.weft.scheduler.runtime.Execution;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The monitors of one execution ({@code synchronized}, {@code wait}, {@code notify}), modelled for managed threads so
 * that the real monitor is never taken: a managed thread paused inside a critical section then cannot block another
 * managed thread inside the JVM, where the scheduler would not see it.
 *
 * <ul>
 *   <li>enter: {@code LOCK}, enabled while no other thread holds the monitor; nested enters only count.</li>
 *   <li>exit: {@code UNLOCK} on the outermost exit; {@link IllegalMonitorStateException} when not the owner.</li>
 *   <li>wait, notify, notifyAll: see {@link Waits}; {@link IllegalMonitorStateException} when not the owner.</li>
 * </ul>
 *
 * <p>The JVM takes the real monitor of {@code synchronized} methods of classes loaded before installation (the
 * flag cannot be removed by retransformation); the model still decides who holds the monitor. Calls from instrumented
 * code are announced at the call site, so the model hands out the monitor before the JVM takes it; any other entry
 * takes it in the model at the method's entry ({@link #methodEntered}). A thread paused inside such a method waits in
 * its real monitor ({@link ManagedThread#pauseAt}), as does a waiter in the monitor it waits on
 * ({@link ManagedThread#pauseInRealMonitor}), so the real monitor is free whenever the model hands it out.
 */
public final class Monitors {

    private record Monitor(LockState lock, WaitSet waitSet) {
    }

    private final Execution execution;
    private final Map<Object, Monitor> monitors = new IdentityHashMap<>();

    public Monitors(Execution execution) {
        this.execution = execution;
        execution.garbageCollection.holdsObjects(monitors);
    }

    public void enter(ManagedThread self, Object object, int site) {
        LockState lock = monitor(object, self).lock();
        if (lock.heldBy(self)) {
            lock.reenter();
        } else {
            self.pauseAt(new LockActions.Acquire(self, lock, site));
        }
    }

    /**
     * Entry of a {@code synchronized} method that keeps {@code ACC_SYNCHRONIZED}: the JVM holds its real monitor
     * already. The model takes the monitor here unless this thread holds it: then the entry is nested (its call was
     * announced at an instrumented call site, or it is reentrant) and only counts. An entry no call site announced (a
     * method reference, reflection, virtual dispatch, a call from the JDK) is thus a {@code LOCK} like any other; while
     * the thread waits for it, it waits in the real monitor ({@link MethodMonitors}), so the others can get in.
     */
    void methodEntered(ManagedThread self, Object object, int site) {
        boolean visible = self.classInitDepth == 0;
        self.methodMonitors.entered(object, visible);
        if (!visible) {
            return;
        }
        try {
            enter(self, object, site);
        } catch (RuntimeException | Error e) {
            self.methodMonitors.left();
            throw e;
        }
    }

    /** Exit of such a method, by return or throw, before the JVM releases the real monitor. */
    void methodExited(ManagedThread self, Object object, int site) {
        if (!self.methodMonitors.innermostIs(object)) {
            return; // entered before this thread was managed
        }
        try {
            if (self.methodMonitors.innermostModelled() && !execution.abandoned()) {
                exit(self, object, site);
            }
        } finally {
            self.methodMonitors.left();
        }
    }

    public void exit(ManagedThread self, Object object, int site) {
        LockState lock = owned(object, self, "exit the monitor of", site);
        if (lock.lastHold()) {
            self.pauseAt(new LockActions.Release(lock, site));
        } else {
            lock.exitNested();
        }
    }

    void await(ManagedThread self, Object object, long millis, int nanos, int site) throws InterruptedException {
        if (millis < 0 || nanos < 0 || nanos > 999_999) {
            throw new IllegalArgumentException("wait(" + millis + ", " + nanos + "): timeout out of range");
        }
        Monitor monitor = monitor(object, self);
        owned(object, self, "wait on", site);
        boolean timed = millis > 0 || nanos > 0;
        // Only the thread itself can ask whether it still holds the real monitor.
        boolean holdsRealMonitor = Thread.holdsLock(object);
        Waits.Wait wait = new Waits.Wait(self, monitor.lock(), monitor.waitSet(), timed, site);
        if (holdsRealMonitor) {
            self.pauseInRealMonitor(wait, object);
        } else {
            self.pauseAt(wait);
        }
        self.throwIfTold();
    }

    void notify(ManagedThread self, Object object, boolean all, int site) {
        Monitor monitor = monitor(object, self);
        owned(object, self, all ? "notifyAll on" : "notify on", site);
        self.pauseAt(new Waits.Notify(monitor.lock(), monitor.waitSet(), all, site));
    }

    /** Whether the thread holds the monitor in the model ({@code Thread.holdsLock} as the program sees it). */
    boolean holds(ManagedThread self, Object object) {
        Monitor monitor = monitors.get(object);
        return monitor != null && monitor.lock().heldBy(self);
    }

    private LockState owned(Object object, ManagedThread self, String what, int site) {
        LockState lock = monitor(object, self).lock();
        if (!lock.heldBy(self)) {
            throw new IllegalMonitorStateException(self + " cannot " + what + " " + lock.id.name() + " at "
                    + Execution.source(site) + ": it does not own it" + ownerText(lock));
        }
        return lock;
    }

    static String ownerText(LockState lock) {
        return lock.free() ? " (nobody does)" : " (" + lock.owner() + " does)";
    }

    private Monitor monitor(Object object, ManagedThread self) {
        Monitor monitor = monitors.get(object);
        if (monitor == null) {
            LockId lock = new LockId(execution.names.nameOfMonitor(object, self));
            monitor = new Monitor(new LockState(lock, true), new WaitSet());
            monitors.put(object, monitor);
        }
        return monitor;
    }
}
