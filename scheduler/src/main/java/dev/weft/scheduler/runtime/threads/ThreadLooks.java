package dev.weft.scheduler.runtime.threads;

import dev.weft.scheduler.runtime.Action;
import dev.weft.scheduler.runtime.InheritedMethod;
import dev.weft.scheduler.runtime.fibers.Fiber;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the test sees when it asks a {@code Thread} that Weft runs its own way about itself: a {@link Carrier} stand-in
 * is a platform thread alive long before the test starts it, and a {@link Fiber}'s thread is never started for real.
 * Both must look like a thread the JVM started when the test did and ended when its managed thread did. Any other
 * thread answers for itself.
 */
public final class ThreadLooks {

    /** Whether a class of thread leaves {@code getId()} to {@code Thread}: only then is the id Weft's to give. */
    private static final InheritedMethod KEEPS_THREADS_ID = new InheritedMethod("getId", Thread.class);
    private static final MethodHandle IS_VIRTUAL = isVirtualHandle();

    private ThreadLooks() {
    }

    /** Whether {@code thread}'s id is {@code Thread}'s, not one its own class computes. */
    static boolean ownsItsId(Thread thread) {
        return KEEPS_THREADS_ID.get(thread.getClass());
    }

    /** Whether {@code thread} is what {@code getState()} would call NEW: not started. */
    static boolean looksNew(Thread thread) {
        if (thread instanceof Carrier carrier) {
            return !carrier.launched();
        }
        return !Fiber.launched(thread) && thread.getState() == Thread.State.NEW;
    }

    /** {@code isAlive()} of a thread no execution manages (yet): a stand-in before its start is not. */
    static boolean looksAlive(Thread thread) {
        if (thread instanceof Carrier carrier) {
            return carrier.launched() && !carrier.ended();
        }
        if (!Fiber.launched(thread)) {
            return thread.isAlive();
        }
        Fiber fiber = Fiber.of(thread);
        return fiber != null && !fiber.managed.ended;
    }

    /** {@code getState()}: NEW before its start, TERMINATED once its managed thread has ended. */
    static Thread.State state(Thread thread) {
        if (thread instanceof Carrier carrier) {
            if (!carrier.launched()) {
                return Thread.State.NEW;
            }
            if (carrier.ended()) {
                return Thread.State.TERMINATED;
            }
            return thread.getState();
        }
        if (!Fiber.launched(thread)) {
            return thread.getState();
        }
        Fiber fiber = Fiber.of(thread);
        if (fiber == null || fiber.managed.ended) {
            return Thread.State.TERMINATED;
        }
        // a paused platform thread is parked
        return fiber.managed.state() == ManagedThread.State.RUNNING ? Thread.State.RUNNABLE : Thread.State.WAITING;
    }

    /**
     * {@code getState()} of a thread of the caller's execution: what the model says of it, not the state of the
     * platform thread that runs it, which is parked whenever another thread moves. Its next step tells
     * ({@link Action#stateWhilePending}): {@code BLOCKED} waiting for a monitor, {@code WAITING} or
     * {@code TIMED_WAITING} in any other wait, {@code RUNNABLE} while it could move (or has not yet reached its first
     * step). The answer is no scheduling point of its own (the JDK calls it a snapshot for monitoring, not for
     * synchronization).
     */
    static Thread.State state(ManagedThread self, ManagedThread target) {
        if (target.ended) {
            return Thread.State.TERMINATED;
        }
        if (target == self) {
            return Thread.State.RUNNABLE;
        }
        Action next = target.pending();
        return next == null ? Thread.State.RUNNABLE : next.stateWhilePending();
    }

    /**
     * What {@code Thread.enumerate} and {@code Thread.activeCount} see on a thread of an execution: the execution's
     * threads that are started and have not ended, platform threads only (the JDK leaves virtual threads out), in the
     * caller's thread group or one below it, in the order they started. Not the JVM's other threads: which of those
     * are alive depends on the machine's timing (Weft's idle threads, the build tool's, a pool's worker that ends on
     * its own), so the same schedule would see different threads, and beside other executions they include theirs.
     * Like {@link #state(ManagedThread, ManagedThread)}, no scheduling point: a snapshot for monitoring.
     */
    static List<Thread> liveInGroup(ManagedThread self) {
        ThreadGroup group = Thread.currentThread().getThreadGroup();
        List<Thread> live = new ArrayList<>();
        for (Thread thread : live(self)) {
            ThreadGroup its = thread.getThreadGroup();
            if (group == null || its == null || group.parentOf(its)) {
                live.add(thread);
            }
        }
        return live;
    }

    /**
     * What {@code Thread.getAllStackTraces} sees on a thread of an execution: each of the execution's live platform
     * threads (see {@link #liveInGroup}), in the order they started, with its stack trace.
     */
    static Map<Thread, StackTraceElement[]> stackTraces(ManagedThread self) {
        Map<Thread, StackTraceElement[]> traces = new LinkedHashMap<>();
        for (Thread thread : live(self)) {
            traces.put(thread, thread.getStackTrace());
        }
        return traces;
    }

    /** The execution's threads started and not ended, platform threads only, in the order they started. */
    private static List<Thread> live(ManagedThread self) {
        List<Thread> live = new ArrayList<>();
        for (ManagedThread managed : self.execution.threads()) {
            if (!managed.ended && !isVirtual(managed.thread)) {
                live.add(managed.thread);
            }
        }
        return live;
    }

    private static boolean isVirtual(Thread thread) {
        if (IS_VIRTUAL == null) {
            return false;
        }
        try {
            return (boolean) IS_VIRTUAL.invokeExact(thread);
        } catch (Throwable unexpected) {
            throw new IllegalStateException("Thread.isVirtual failed", unexpected);
        }
    }

    /** {@code Thread.isVirtual()} of JDK 21 and later; {@code null} before, where no thread is virtual. */
    private static MethodHandle isVirtualHandle() {
        try {
            return MethodHandles.publicLookup().findVirtual(Thread.class, "isVirtual",
                    MethodType.methodType(boolean.class));
        } catch (NoSuchMethodException | IllegalAccessException before21) {
            return null;
        }
    }

    /** {@code isDaemon()}. */
    static boolean daemon(Thread thread) {
        return thread instanceof Carrier carrier ? carrier.daemonFlag() : thread.isDaemon();
    }

    /** {@code setDaemon(on)}: kept until the start, then refused, as a real thread does. */
    static void setDaemon(Thread thread, boolean on) {
        if (thread instanceof Carrier carrier) {
            carrier.setDaemonFlag(on);
        } else if (Fiber.launched(thread)) {
            throw new IllegalThreadStateException(thread.getName() + " was already started");
        } else {
            thread.setDaemon(on);
        }
    }

    /**
     * {@code interrupt()} of a thread no execution manages: a stand-in not started yet keeps it for its start.
     *
     * @return whether {@code thread} was such a stand-in (else the caller interrupts it for real)
     */
    static boolean interruptBeforeStart(Thread thread) {
        if (thread instanceof Carrier carrier && !carrier.launched()) {
            carrier.interruptBeforeStart();
            return true;
        }
        return false;
    }

    /** {@code isInterrupted()} of a stand-in not started yet; {@code null} for any other thread. */
    static Boolean interruptedBeforeStart(Thread thread) {
        return thread instanceof Carrier carrier && !carrier.launched() ? carrier.interruptedBeforeStart() : null;
    }

    /** Whether {@code join} on a thread no execution manages returns at once: a stand-in that was never started. */
    static boolean unstartedStandIn(Thread thread) {
        return thread instanceof Carrier carrier && !carrier.launched();
    }
}
