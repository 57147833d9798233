package dev.weft.scheduler.runtime;

import dev.weft.scheduler.hooks.HookHandler;
import dev.weft.scheduler.hooks.Hooks;
import dev.weft.scheduler.hooks.ThreadBuilders;
import dev.weft.scheduler.model.OpKind;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The hook handler of the JVM runtime: one instance for the whole JVM, which finds the execution through the calling
 * thread. On a thread that no execution manages, or inside a static initialiser, every hook does what the
 * uninstrumented code would have done (the {@link HookHandler} defaults), at the cost of one thread-local read.
 */
final class ControlledHooks implements HookHandler {

    private static final ControlledHooks INSTANCE = new ControlledHooks();

    /** The managed thread the current thread is, bound from its first hook to its end. */
    private static final ThreadLocal<ManagedThread> CURRENT = new ThreadLocal<>();

    /** Children between their start and their first hook, where they bind themselves. */
    private static final Map<Thread, ManagedThread> STARTING = new ConcurrentHashMap<>();

    private ControlledHooks() {
    }

    static synchronized void installIfAbsent() {
        if (Hooks.handler() != INSTANCE) {
            Hooks.install(INSTANCE);
        }
    }

    static void bind(ManagedThread thread) {
        CURRENT.set(thread);
    }

    static void unbind() {
        CURRENT.remove();
    }

    static void expectStart(Thread thread, ManagedThread managed) {
        STARTING.put(thread, managed);
    }

    /** At close: a child that never reached its first hook must not stay in {@link #STARTING}. */
    static void forgetStart(Thread thread) {
        STARTING.remove(thread);
    }

    /** The calling thread when its operations are visible: managed and not initialising a class. */
    private static ManagedThread visible() {
        ManagedThread thread = CURRENT.get();
        return thread != null && thread.classInitDepth == 0 ? thread : null;
    }

    @Override
    public void fieldRead(Object owner, int site) {
        ManagedThread self = visible();
        if (self != null) {
            MemoryAccess.field(self, owner, false, site);
        }
    }

    @Override
    public void fieldWrite(Object owner, int site) {
        ManagedThread self = visible();
        if (self != null) {
            MemoryAccess.field(self, owner, true, site);
        }
    }

    @Override
    public void arrayRead(Object array, int index, int site) {
        ManagedThread self = visible();
        if (self != null) {
            MemoryAccess.arrayElement(self, array, index, false, site);
        }
    }

    @Override
    public void arrayWrite(Object array, int index, int site) {
        ManagedThread self = visible();
        if (self != null) {
            MemoryAccess.arrayElement(self, array, index, true, site);
        }
    }

    @Override
    public void allocated(Object object, int site) {
        ManagedThread self = visible();
        if (self != null) {
            self.execution.names.allocated(object, self);
        }
    }

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
        ManagedThread self = visible();
        if (self != null && !self.execution.monitors.holds(self, monitor)) {
            throw new UnmodelledPrimitiveException("a synchronized method entered without its call being seen"
                    + " (reflection, a call from uninstrumented code, or virtual dispatch to a synchronized override"
                    + " of a method that is not synchronized)", site);
        }
    }

    @Override
    public boolean holdsLock(Object monitor, int site) {
        ManagedThread self = visible();
        return self == null ? Thread.holdsLock(monitor) : self.execution.monitors.holds(self, monitor);
    }

    @Override
    public void classInitStart() {
        ManagedThread self = CURRENT.get();
        if (self != null) {
            self.classInitDepth++;
        }
    }

    @Override
    public void classInitEnd() {
        ManagedThread self = CURRENT.get();
        if (self != null && self.classInitDepth > 0) {
            self.classInitDepth--;
        }
    }

    @Override
    public void objectWait(Object monitor, long millis, int nanos, int site) throws InterruptedException {
        ManagedThread self = visible();
        if (self == null) {
            HookHandler.super.objectWait(monitor, millis, nanos, site);
        } else {
            self.execution.monitors.await(self, monitor, millis, nanos, site);
        }
    }

    @Override
    public void objectNotify(Object monitor, int site) {
        ManagedThread self = visible();
        if (self == null) {
            HookHandler.super.objectNotify(monitor, site);
        } else {
            self.execution.monitors.notify(self, monitor, false, site);
        }
    }

    @Override
    public void objectNotifyAll(Object monitor, int site) {
        ManagedThread self = visible();
        if (self == null) {
            HookHandler.super.objectNotifyAll(monitor, site);
        } else {
            self.execution.monitors.notify(self, monitor, true, site);
        }
    }

    @Override
    public void threadStart(Thread thread, int site) {
        ManagedThread self = visible();
        if (self == null) {
            HookHandler.super.threadStart(thread, site);
        } else {
            ThreadLifecycle.start(self, thread, site);
        }
    }

    @Override
    public void threadJoin(Thread thread, long millis, int site) throws InterruptedException {
        ManagedThread self = visible();
        ManagedThread target = self == null ? null : self.execution.managed(thread);
        if (target == null) {
            HookHandler.super.threadJoin(thread, millis, site);
        } else {
            ThreadLifecycle.join(self, target, millis, site);
        }
    }

    @Override
    public void threadSleep(long millis, int site) throws InterruptedException {
        ManagedThread self = visible();
        if (self == null) {
            HookHandler.super.threadSleep(millis, site);
        } else {
            ThreadLifecycle.sleep(self, millis, site);
        }
    }

    @Override
    public Thread threadBuilderStart(Object builder, Runnable task, int site) {
        ManagedThread self = visible();
        if (self == null) {
            return HookHandler.super.threadBuilderStart(builder, task, site);
        }
        Thread thread = ThreadBuilders.unstarted(builder, task);
        ThreadLifecycle.start(self, thread, site);
        return thread;
    }

    @Override
    public Thread startVirtualThread(Runnable task, int site) {
        ManagedThread self = visible();
        if (self == null) {
            return HookHandler.super.startVirtualThread(task, site);
        }
        return threadBuilderStart(ThreadBuilders.ofVirtual(), task, site);
    }

    @Override
    public void threadSleepFor(Duration duration, int site) throws InterruptedException {
        ManagedThread self = visible();
        if (self == null) {
            HookHandler.super.threadSleepFor(duration, site);
        } else {
            if (!duration.isNegative()) {
                ThreadLifecycle.sleep(self, TimeUnit.MILLISECONDS.convert(duration), site);
            }
        }
    }

    @Override
    public boolean threadJoinFor(Thread thread, Duration duration, int site) throws InterruptedException {
        ManagedThread self = visible();
        ManagedThread target = self == null ? null : self.execution.managed(thread);
        if (target == null) {
            return HookHandler.super.threadJoinFor(thread, duration, site);
        }
        return ThreadLifecycle.joinFor(self, target, TimeUnit.NANOSECONDS.convert(duration) > 0, site);
    }

    @Override
    public void threadYield(int site) {
        ManagedThread self = visible();
        if (self == null) {
            HookHandler.super.threadYield(site);
        } else {
            ThreadLifecycle.yield(self, site);
        }
    }

    @Override
    public void onSpinWait(int site) {
        ManagedThread self = visible();
        if (self == null) {
            HookHandler.super.onSpinWait(site);
        } else {
            ThreadLifecycle.yield(self, site);
        }
    }

    @Override
    public boolean threadIsAlive(Thread thread, int site) {
        ManagedThread self = visible();
        ManagedThread target = self == null ? null : self.execution.managed(thread);
        return target == null ? thread.isAlive() : ThreadLifecycle.isAlive(self, target, site);
    }

    @Override
    public void threadInterrupt(Thread thread, int site) {
        ManagedThread self = visible();
        ManagedThread target = self == null ? null : self.execution.managed(thread);
        if (target == null) {
            HookHandler.super.threadInterrupt(thread, site);
        } else {
            ThreadLifecycle.interrupt(self, target, site);
        }
    }

    @Override
    public boolean threadIsInterrupted(Thread thread, int site) {
        ManagedThread self = visible();
        ManagedThread target = self == null ? null : self.execution.managed(thread);
        return target == null ? thread.isInterrupted() : ThreadLifecycle.isInterrupted(self, target, site);
    }

    @Override
    public boolean threadInterrupted(int site) {
        ManagedThread self = visible();
        return self == null ? Thread.interrupted() : ThreadLifecycle.interrupted(self, site);
    }

    @Override
    public void park(Object blocker, long nanos, int site) {
        ManagedThread self = visible();
        if (self == null) {
            HookHandler.super.park(blocker, nanos, site);
        } else {
            Parking.park(self, nanos, site);
        }
    }

    @Override
    public void unpark(Thread thread, int site) {
        ManagedThread self = visible();
        ManagedThread target = self == null || thread == null ? null : self.execution.managed(thread);
        if (target == null) {
            HookHandler.super.unpark(thread, site);
        } else {
            Parking.unpark(self, target, site);
        }
    }

    @Override
    public void threadRunBegins(Thread thread) {
        ManagedThread starting = STARTING.remove(Thread.currentThread());
        if (starting != null) {
            bind(starting);
        }
    }

    @Override
    public void threadRunEnds(Thread thread, Throwable thrown) {
        ManagedThread self = CURRENT.get();
        if (self != null) {
            ThreadLifecycle.runEnds(self, thrown);
        }
    }

    @Override
    public void atomicAccess(Object atomic, int index, int access, int site) {
        ManagedThread self = visible();
        if (self != null) {
            MemoryAccess.atomic(self, atomic, index, access, site);
        }
    }

    @Override
    public boolean casResult(boolean success, int site) {
        ManagedThread self = visible();
        if (self != null) {
            self.casOutcome = success ? OpKind.CAS_SUCCESS : OpKind.CAS_FAILURE;
        }
        return success;
    }

    /** The calling thread when it is visible and the lock is one the runtime models; else {@code null}. */
    private static ManagedThread visibleWith(Lock lock, int site) {
        ManagedThread self = visible();
        if (self != null && !(lock instanceof ReentrantLock)) {
            throw new UnmodelledPrimitiveException(lock.getClass().getName() + " (only ReentrantLock is modelled)",
                    site);
        }
        return self;
    }

    @Override
    public void lock(Lock lock, int site) {
        ManagedThread self = visibleWith(lock, site);
        if (self == null) {
            HookHandler.super.lock(lock, site);
        } else {
            self.execution.locks.lock(self, lock, site);
        }
    }

    @Override
    public void lockInterruptibly(Lock lock, int site) throws InterruptedException {
        ManagedThread self = visibleWith(lock, site);
        if (self == null) {
            HookHandler.super.lockInterruptibly(lock, site);
            return;
        }
        if (ThreadLifecycle.interrupted(self, site)) {
            throw new InterruptedException();
        }
        self.execution.locks.lock(self, lock, site);
    }

    @Override
    public boolean tryLock(Lock lock, int site) {
        ManagedThread self = visibleWith(lock, site);
        return self == null ? lock.tryLock() : self.execution.locks.tryLock(self, lock, site);
    }

    @Override
    public void unlock(Lock lock, int site) {
        ManagedThread self = visibleWith(lock, site);
        if (self == null) {
            HookHandler.super.unlock(lock, site);
        } else {
            self.execution.locks.unlock(self, lock, site);
        }
    }

    @Override
    public boolean conditionAwait(Condition condition, long nanos, int site) throws InterruptedException {
        ManagedThread self = visible();
        return self == null
                ? HookHandler.super.conditionAwait(condition, nanos, site)
                : self.execution.locks.await(self, condition, nanos, site);
    }

    @Override
    public long conditionAwaitNanos(Condition condition, long nanos, int site) throws InterruptedException {
        ManagedThread self = visible();
        if (self == null) {
            return HookHandler.super.conditionAwaitNanos(condition, nanos, site);
        }
        // Time is not modelled: a signalled await reports the whole timeout left, a timed-out one none.
        boolean signalled = self.execution.locks.await(self, condition, Math.max(nanos, 0), site);
        return signalled ? Math.max(nanos, 1) : 0;
    }

    @Override
    public void conditionSignal(Condition condition, int site) {
        ManagedThread self = visible();
        if (self == null) {
            HookHandler.super.conditionSignal(condition, site);
        } else {
            self.execution.locks.signal(self, condition, false, site);
        }
    }

    @Override
    public void conditionSignalAll(Condition condition, int site) {
        ManagedThread self = visible();
        if (self == null) {
            HookHandler.super.conditionSignalAll(condition, site);
        } else {
            self.execution.locks.signal(self, condition, true, site);
        }
    }
}
