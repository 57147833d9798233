package dev.weft.scheduler.runtime.threads;

import dev.weft.scheduler.hooks.IdentityHashes;
import dev.weft.scheduler.hooks.ThreadBuilders;
import dev.weft.scheduler.hooks.ThreadHookHandler;
import dev.weft.scheduler.runtime.ControlledHooks;
import dev.weft.scheduler.runtime.fibers.Fibers;
import dev.weft.scheduler.runtime.memory.ConstructedHashes;
import dev.weft.scheduler.runtime.pools.PoolModel;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import static dev.weft.scheduler.runtime.ControlledHooks.bind;
import static dev.weft.scheduler.runtime.ControlledHooks.current;
import static dev.weft.scheduler.runtime.ControlledHooks.ownProgram;
import static dev.weft.scheduler.runtime.ControlledHooks.visible;
import static dev.weft.scheduler.runtime.ControlledHooks.visibleTimed;

/**
 * The JVM runtime's handler of the thread hooks ({@link ThreadHookHandler}): the life cycle of threads, their
 * identity, interrupts and thread-local values, and the lists of live threads. On a thread no execution manages, or
 * where its operations are not visible, each hook does what the uninstrumented code would have done (see {@link
 * ControlledHooks}).
 */
public final class ControlledThreadHooks implements ThreadHookHandler {

    @Override
    public int threadNumber(int jdkNumber) {
        ManagedThread self = ownProgram();
        return self == null ? jdkNumber : self.execution.nextThreadNumber();
    }

    @Override
    public void threadStart(Thread thread, int site) {
        ManagedThread self = visible();
        if (self == null) {
            if (!startInsideAStep(thread, site)) {
                ThreadHookHandler.super.threadStart(thread, site);
            }
        } else {
            ThreadLifecycle.start(self, thread, site);
        }
    }

    @Override
    public void threadJoin(Thread thread, long millis, int site) throws InterruptedException {
        ManagedThread self = visibleTimed(millis > 0 ? TimeUnit.MILLISECONDS.toNanos(millis) : -1);
        ManagedThread target = self == null ? null : self.execution.managed(thread);
        ManagedThread hidden = current();
        if (hidden != null && self == null) {
            ThreadLifecycle.refuseWaitForDeferred(hidden, thread, site);
        }
        if (ThreadLooks.unstartedStandIn(thread)) {
            return; // a thread that was never started is not alive: join returns at once
        }
        if (target == null) {
            ThreadHookHandler.super.threadJoin(thread, millis, site);
        } else {
            ThreadLifecycle.join(self, target, millis, site);
        }
    }

    @Override
    public Thread threadBuilderStart(Object builder, Runnable task, int site) {
        ManagedThread self = visible();
        if (self == null) {
            ManagedThread hidden = current();
            if (hidden == null || hidden.classInitDepth == 0) {
                return ThreadHookHandler.super.threadBuilderStart(builder, task, site);
            }
            Thread thread = ThreadBuilders.unstarted(builder, task);
            ThreadLifecycle.startInsideAStep(hidden, thread, site);
            return thread;
        }
        Thread thread = ThreadBuilders.unstarted(builder, task);
        ThreadLifecycle.start(self, thread, site);
        return thread;
    }

    @Override
    public Thread startVirtualThread(Runnable task, int site) {
        if (current() == null) {
            return ThreadHookHandler.super.startVirtualThread(task, site);
        }
        return threadBuilderStart(ThreadBuilders.ofVirtual(), task, site);
    }

    @Override
    public boolean threadJoinFor(Thread thread, Duration duration, int site) throws InterruptedException {
        ManagedThread self = visibleTimed(duration.isNegative() ? 0 : saturatedNanos(duration));
        ManagedThread target = self == null ? null : self.execution.managed(thread);
        if (ThreadLooks.unstartedStandIn(thread)) {
            return false;
        }
        if (target == null) {
            return ThreadHookHandler.super.threadJoinFor(thread, duration, site);
        }
        return ThreadLifecycle.joinFor(self, target, TimeUnit.NANOSECONDS.convert(duration) > 0, site);
    }

    @Override
    public void threadYield(int site) {
        ManagedThread self = visible();
        if (self == null) {
            ThreadHookHandler.super.threadYield(site);
        } else {
            ThreadLifecycle.yield(self, site);
        }
    }

    @Override
    public void onSpinWait(int site) {
        ManagedThread self = visible();
        if (self == null) {
            ThreadHookHandler.super.onSpinWait(site);
        } else {
            ThreadLifecycle.yield(self, site);
        }
    }

    @Override
    public boolean threadIsAlive(Thread thread, int site) {
        ManagedThread self = visible();
        ManagedThread target = self == null ? null : self.execution.managed(thread);
        return target == null ? ThreadLooks.looksAlive(thread) : ThreadLifecycle.isAlive(self, target, site);
    }

    @Override
    public void threadInterrupt(Thread thread, int site) {
        ManagedThread self = visible();
        ManagedThread target = self == null ? null : self.execution.managed(thread);
        if (target == null) {
            if (!ThreadLooks.interruptBeforeStart(thread)) {
                ThreadHookHandler.super.threadInterrupt(thread, site);
            }
        } else {
            ThreadLifecycle.interrupt(self, target, site);
        }
    }

    @Override
    public boolean threadIsInterrupted(Thread thread, int site) {
        ManagedThread self = visible();
        ManagedThread target = self == null ? null : self.execution.managed(thread);
        if (target != null) {
            return ThreadLifecycle.isInterrupted(self, target, site);
        }
        Boolean beforeStart = ThreadLooks.interruptedBeforeStart(thread);
        return beforeStart != null ? beforeStart : thread.isInterrupted();
    }

    /**
     * A plain {@code Thread} constructed by a managed thread is replaced by a reused platform thread that stands in
     * for it ({@link Carrier}), unless the settings say not to or the reuse is not possible on this JVM. An execution
     * that runs its threads as {@link Fibers} needs no stand-in: it runs the test's own {@code Thread}.
     */
    @Override
    public Thread threadConstructed(Thread thread, int site) {
        ManagedThread self = visible();
        return self == null ? thread : Carrier.forTestThread(self, thread);
    }

    @Override
    public Thread.State threadGetState(Thread thread, int site) {
        ManagedThread self = visible();
        ManagedThread target = self == null ? null : self.execution.managed(thread);
        return target == null ? ThreadLooks.state(thread) : ThreadLooks.state(self, target);
    }

    /**
     * The flag the test sees: a thread of the current execution has its own ({@link ManagedThread#daemon}), whatever
     * the thread that carries it is. {@code Thread}'s constructors ask this of their creator too, so a new thread
     * inherits the creator's flag as the test sees it.
     */
    @Override
    public boolean threadIsDaemon(Thread thread, int site) {
        ManagedThread self = current();
        ManagedThread target = self == null ? null : self.execution.managed(thread);
        return target != null ? target.daemon : ThreadLooks.daemon(thread);
    }

    /**
     * A thread of the test answers its stable identity hash ({@link ConstructedHashes}) as its id: like the hash, it
     * depends only on the program order of the thread that made it, so the same schedule, and any schedule that only
     * reorders independent steps, gives the same ids. The JVM's ids count every thread it ever made (Weft's reused
     * ones and fibers too), so a map keyed by {@code getId()} had new keys in every execution. A thread without a
     * stable hash (made before the test or by uninstrumented code) keeps the JVM's id, and a subclass that overrides
     * {@code getId()} answers its own.
     */
    @Override
    public long threadId(Thread thread, int site) {
        int stable = ThreadLooks.ownsItsId(thread) ? IdentityHashes.remembered(thread) : 0;
        return stable != 0 ? stable : ThreadHookHandler.super.threadId(thread, site);
    }

    @Override
    public void threadSetDaemon(Thread thread, boolean on, int site) {
        ThreadLooks.setDaemon(thread, on);
    }

    @Override
    public boolean threadInterrupted(int site) {
        ManagedThread self = visible();
        return self == null ? Thread.interrupted() : ThreadLifecycle.interrupted(self, site);
    }

    @Override
    public void threadRunBegins(Thread thread) {
        ManagedThread starting = ControlledHooks.takeStarting(Thread.currentThread());
        if (starting != null) {
            bind(starting);
        }
    }

    @Override
    public void threadRunEnds(Thread thread, Throwable thrown) {
        ManagedThread self = current();
        if (self != null) {
            ThreadLifecycle.runEnds(self, thrown);
        }
    }

    @Override
    public boolean startsManagedThread(Thread thread, int site) {
        ManagedThread self = visible();
        if (self == null) {
            return false;
        }
        ThreadLifecycle.start(self, thread, site);
        return true;
    }

    /** The execution's own live threads ({@link ThreadLooks#liveInGroup}), as many as the array holds. */
    @Override
    public int threadEnumerate(Thread[] threads, int site) {
        ManagedThread self = current();
        if (self == null) {
            return ThreadHookHandler.super.threadEnumerate(threads, site);
        }
        List<Thread> live = ThreadLooks.liveInGroup(self);
        int count = Math.min(live.size(), threads.length);
        for (int i = 0; i < count; i++) {
            threads[i] = live.get(i);
        }
        return count;
    }

    @Override
    public int threadActiveCount(int site) {
        ManagedThread self = current();
        return self == null ? ThreadHookHandler.super.threadActiveCount(site) : ThreadLooks.liveInGroup(self).size();
    }

    @Override
    public java.util.Map<Thread, StackTraceElement[]> allStackTraces(int site) {
        ManagedThread self = current();
        return self == null ? ThreadHookHandler.super.allStackTraces(site) : ThreadLooks.stackTraces(self);
    }

    @Override
    public Thread currentThread(int site) {
        identityObserved();
        return Thread.currentThread();
    }

    @Override
    public Object threadLocalGet(ThreadLocal<Object> local, int site) {
        identityObserved();
        return local.get();
    }

    @Override
    public void threadLocalSet(ThreadLocal<Object> local, Object value, int site) {
        identityObserved();
        local.set(value);
    }

    @Override
    public void threadLocalRemove(ThreadLocal<Object> local, int site) {
        identityObserved();
        local.remove();
    }

    /**
     * A managed thread whose operations are hidden inside one step (a static initialiser, the function of
     * {@code ConcurrentHashMap.compute}) cannot start a thread there, or the child would run uncontrolled: one started
     * by a static initialiser is started once it has returned, any other fails ({@link ThreadLifecycle#startInsideAStep}).
     *
     * @return whether the start was taken care of so (else the caller starts the thread as an unmanaged one would)
     */
    private static boolean startInsideAStep(Thread thread, int site) {
        ManagedThread self = current();
        if (self == null || self.classInitDepth == 0) {
            return false;
        }
        ThreadLifecycle.startInsideAStep(self, thread, site);
        return true;
    }

    private static long saturatedNanos(Duration duration) {
        try {
            return duration.toNanos();
        } catch (ArithmeticException tooLong) {
            return Long.MAX_VALUE;
        }
    }

    /** The calling execution looks at every live thread of the JVM: the watch hears of it. */
    /** A managed thread other than the main one looked at its identity ({@link PoolModel#takenBy}). */
    private static void identityObserved() {
        ManagedThread self = current();
        if (self != null && self.id.index() != 0) {
            self.execution.threadIdentityObserved = true;
        }
    }
}
