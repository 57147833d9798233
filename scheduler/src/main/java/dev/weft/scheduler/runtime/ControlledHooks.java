package dev.weft.scheduler.runtime;

import dev.weft.scheduler.hooks.HookHandlers;
import dev.weft.scheduler.hooks.Hooks;
import dev.weft.scheduler.hooks.Sites;
import dev.weft.scheduler.runtime.collections.ControlledCollectionHooks;
import dev.weft.scheduler.runtime.locks.ControlledLockHooks;
import dev.weft.scheduler.runtime.locks.ControlledMonitorHooks;
import dev.weft.scheduler.runtime.memory.ControlledMemoryHooks;
import dev.weft.scheduler.runtime.pools.ControlledForkJoinHooks;
import dev.weft.scheduler.runtime.pools.ControlledPoolHooks;
import dev.weft.scheduler.runtime.state.ControlledInitialiserHooks;
import dev.weft.scheduler.runtime.state.ControlledJvmStateHooks;
import dev.weft.scheduler.runtime.state.ControlledRandomnessHooks;
import dev.weft.scheduler.runtime.state.ControlledStaticFieldHooks;
import dev.weft.scheduler.runtime.state.StaticCopies;
import dev.weft.scheduler.runtime.synchronizers.ControlledSynchronizerHooks;
import dev.weft.scheduler.runtime.threads.ControlledThreadHooks;
import dev.weft.scheduler.runtime.threads.ManagedThread;
import dev.weft.scheduler.runtime.threads.ThreadLifecycle;
import dev.weft.scheduler.runtime.time.ControlledTimeHooks;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The hook handlers of the JVM runtime, one per family ({@link HookHandlers}), and what they share: one instance of
 * each for the whole JVM, which finds the execution through the calling thread. On a thread that no execution
 * manages, or inside a static initialiser, every hook does what the uninstrumented code would have done (the
 * interfaces' defaults), at the cost of one thread-local read.
 */
public final class ControlledHooks {

    private static final HookHandlers HANDLERS = new HookHandlers(
            new ControlledMemoryHooks(),
            new ControlledMonitorHooks(),
            new ControlledInitialiserHooks(),
            new ControlledThreadHooks(),
            new ControlledTimeHooks(),
            new ControlledRandomnessHooks(),
            new ControlledLockHooks(),
            new ControlledSynchronizerHooks(),
            new ControlledCollectionHooks(),
            new ControlledPoolHooks(),
            new ControlledJvmStateHooks(),
            new ControlledForkJoinHooks(),
            new ControlledStaticFieldHooks());

    /** The managed thread the current thread is, bound from its first hook to its end. */
    private static final ThreadLocal<ManagedThread> CURRENT = new ThreadLocal<>();

    /** Children between their start and their first hook, where they bind themselves. */
    private static final Map<Thread, ManagedThread> STARTING = new ConcurrentHashMap<>();

    private ControlledHooks() {
    }

    static synchronized void installIfAbsent() {
        if (Hooks.handlers() != HANDLERS) {
            Hooks.install(HANDLERS);
        }
    }

    public static void bind(ManagedThread thread) {
        CURRENT.set(thread);
    }

    public static void unbind() {
        CURRENT.remove();
    }

    public static void expectStart(Thread thread, ManagedThread managed) {
        STARTING.put(thread, managed);
    }

    /** The managed thread {@code thread} was started as, if it has not reached its first hook yet; taken out. */
    public static ManagedThread takeStarting(Thread thread) {
        return STARTING.remove(thread);
    }

    /** At close: a child that never reached its first hook must not stay in {@link #STARTING}. */
    static void forgetStart(Thread thread) {
        STARTING.remove(thread);
    }

    /** The calling thread if it is a thread of an execution, visible or not. */
    public static ManagedThread current() {
        return CURRENT.get();
    }

    /** The calling thread when its operations are visible: managed and not initialising a class. */
    public static ManagedThread visible() {
        ManagedThread thread = CURRENT.get();
        if (thread == null || thread.classInitDepth != 0) {
            return null;
        }
        if (!thread.deferredStarts.isEmpty()) {
            // The first hook after the static initialisers returned: their threads start before what it does, which
            // may look at them (a join of such a thread must wait for it, not find it unstarted).
            ThreadLifecycle.startDeferred(thread);
        }
        if (thread.deferredRefusal != null) {
            UnmodelledPrimitiveException refusal = thread.deferredRefusal;
            thread.deferredRefusal = null;
            throw refusal;
        }
        return thread;
    }

    /**
     * {@link #visible()}, for a timed call: the thread keeps the call's deadline on the execution's clock
     * ({@code nanos} from now, or none if negative) until the call waits at its timed action, which then times out
     * there ({@code ManagedThread.giveDeadline}).
     */
    public static ManagedThread visibleTimed(long nanos) {
        ManagedThread self = visible();
        timedCall(self, nanos);
        return self;
    }

    /** The timed call of {@code self} (if managed) times out {@code nanos} from now (none if negative). */
    public static void timedCall(ManagedThread self, long nanos) {
        if (self != null) {
            self.timedCallDeadline = nanos < 0 ? -1 : self.execution.clock.deadlineIn(nanos);
            self.timedCallBegun = self.execution.clock.elapsed();
        }
    }

    /**
     * The calling thread if its execution keeps its own static fields ({@link StaticCopies}), else {@code null}; while
     * no execution does, at the cost of one volatile read.
     */
    public static ManagedThread withStaticCopies() {
        if (!StaticCopies.anyOpen()) {
            return null;
        }
        ManagedThread self = CURRENT.get();
        return self == null || self.execution.staticCopies == null ? null : self;
    }

    /**
     * A change to {@code object} where the calling thread's operations are not visible: inside a static initialiser
     * run again beside other executions, the watch hears of it ({@link StaticCopies#writtenByInitialiser}).
     */
    public static void changedByInitialiserCopy(Object object, int site) {
        ManagedThread hidden = inInitialiserCopy();
        if (hidden != null) {
            hidden.execution.staticCopies.writtenByInitialiser(hidden, object, null, site);
        }
    }

    /** The calling thread if it runs a static initialiser again beside other executions, else {@code null}. */
    public static ManagedThread inInitialiserCopy() {
        ManagedThread hidden = withStaticCopies();
        return hidden != null && hidden.inInitialiserCopy() ? hidden : null;
    }

    /**
     * The current managed thread where what it does is its own program's, to be the same in every execution: not
     * {@link #visible()} alone, since what a modelled call runs (a {@code computeIfAbsent}'s function) is the
     * thread's all the same; not in a static initialiser, which runs once, in whichever execution comes first.
     */
    public static ManagedThread ownProgram() {
        ManagedThread thread = CURRENT.get();
        return thread != null && thread.staticInitDepth == 0 ? thread : null;
    }
}
