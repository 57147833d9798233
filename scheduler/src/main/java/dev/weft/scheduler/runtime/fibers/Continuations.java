package dev.weft.scheduler.runtime.fibers;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;

/**
 * The JDK's one-shot delimited continuations ({@code jdk.internal.vm.Continuation}, the machinery under virtual
 * threads), reached through method handles: Weft compiles against JDK 17, which has none. The instrumentation exports
 * {@code jdk.internal.vm} to Weft and opens {@code java.lang} (for {@code Thread.setCurrentThread}) when it is
 * installed; without those, or before JDK 24, {@link #available()} is {@code false} and the runtime uses platform
 * threads.
 *
 * <p>Why JDK 24: from then on a continuation can be suspended while its code holds a monitor (JEP 491). Before, a
 * {@code synchronized} block around a scheduling point would pin the continuation to its carrier, and JDK 21 to 23
 * could not be tested here.
 */
public final class Continuations {

    private static final int FIRST_FEATURE_RELEASE = 24;

    private Continuations() {
    }

    /** Whether this JDK's release is one whose continuations Weft uses, before anything else is asked of them. */
    public static boolean releasedInThisJdk() {
        return Runtime.version().feature() >= FIRST_FEATURE_RELEASE;
    }

    /** Whether managed threads can run as continuations on this JVM. */
    public static boolean available() {
        return Handles.UNAVAILABLE_BECAUSE == null;
    }

    /** A new continuation that runs {@code body} when first {@linkplain #run run}. */
    static Object create(Runnable body) {
        try {
            return Handles.CREATE.invoke(Handles.SCOPE, body);
        } catch (Throwable e) {
            throw unexpected(e);
        }
    }

    /** Runs {@code continuation} on the calling platform thread until it yields or its body returns. */
    static void run(Object continuation) {
        try {
            Handles.RUN.invoke(continuation);
        } catch (Throwable e) {
            throw unexpected(e);
        }
    }

    /** Whether its body has returned. */
    static boolean done(Object continuation) {
        try {
            return (boolean) Handles.IS_DONE.invoke(continuation);
        } catch (Throwable e) {
            throw unexpected(e);
        }
    }

    /**
     * Suspends the continuation the caller runs in, back to whoever {@linkplain #run ran} it.
     *
     * @return {@code false} if it cannot be suspended here (a native frame or a critical section of the JDK's pins it)
     */
    static boolean suspend() {
        try {
            return (boolean) Handles.YIELD.invoke(Handles.SCOPE);
        } catch (IllegalStateException pinned) {
            return false; // what Continuation.onPinned throws
        } catch (Throwable e) {
            throw unexpected(e);
        }
    }

    /**
     * Makes {@code thread} the one that runs on {@code carrier} (the calling platform thread): what
     * {@code Thread.currentThread()} answers, and the thread the JVM wakes when code elsewhere unparks or interrupts
     * {@code thread}. The JVM finds the OS thread of a {@code Thread} through its {@code eetop}, which a thread never
     * started for real does not have: without it, a {@code LockSupport.unpark} by another thread (a virtual thread
     * ending wakes its joiners so) would wake nobody, and the carrier would stay parked.
     */
    static void mount(Thread carrier, Thread thread) {
        try {
            Handles.EETOP.setVolatile(thread, (long) Handles.EETOP.getVolatile(carrier));
            Handles.SET_CURRENT_THREAD.invoke(carrier, thread);
        } catch (Throwable e) {
            throw unexpected(e);
        }
    }

    /** Undoes {@link #mount}: the carrier is its own current thread again, and {@code thread} has no OS thread. */
    static void unmount(Thread carrier, Thread thread) {
        try {
            Handles.SET_CURRENT_THREAD.invoke(carrier, carrier);
            Handles.EETOP.setVolatile(thread, 0L);
        } catch (Throwable e) {
            throw unexpected(e);
        }
    }

    private static RuntimeException unexpected(Throwable e) {
        if (e instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (e instanceof Error error) {
            throw error;
        }
        return new IllegalStateException(e);
    }

    /**
     * Looked up once, on first use: the extension installs the instrumentation (which exports and opens the packages)
     * before its first execution. An execution made before that (the runtime's own tests) leaves continuations
     * unavailable for the rest of the JVM's life: its executions use platform threads.
     */
    private static final class Handles {
        static final Object SCOPE;
        static final MethodHandle CREATE;
        static final MethodHandle RUN;
        static final MethodHandle IS_DONE;
        static final MethodHandle YIELD;
        static final MethodHandle SET_CURRENT_THREAD;
        /** {@code Thread.eetop}: where the JVM keeps a started thread's OS thread. */
        static final VarHandle EETOP;
        static final String UNAVAILABLE_BECAUSE;

        static {
            Object scope = null;
            MethodHandle create = null;
            MethodHandle run = null;
            MethodHandle isDone = null;
            MethodHandle yield = null;
            MethodHandle setCurrentThread = null;
            VarHandle eetop = null;
            String because = null;
            if (!releasedInThisJdk()) {
                because = "JDK " + Runtime.version().feature() + " is older than " + FIRST_FEATURE_RELEASE;
            } else {
                try {
                    MethodHandles.Lookup lookup = MethodHandles.lookup();
                    Class<?> continuation = Class.forName("jdk.internal.vm.Continuation");
                    Class<?> scopeType = Class.forName("jdk.internal.vm.ContinuationScope");
                    scope = lookup.findConstructor(scopeType, MethodType.methodType(void.class, String.class))
                            .invoke("weft");
                    create = lookup.findConstructor(continuation,
                            MethodType.methodType(void.class, scopeType, Runnable.class));
                    run = lookup.findVirtual(continuation, "run", MethodType.methodType(void.class));
                    isDone = lookup.findVirtual(continuation, "isDone", MethodType.methodType(boolean.class));
                    yield = lookup.findStatic(continuation, "yield", MethodType.methodType(boolean.class, scopeType));
                    MethodHandles.Lookup threads = MethodHandles.privateLookupIn(Thread.class, lookup);
                    setCurrentThread = threads.findVirtual(Thread.class, "setCurrentThread",
                            MethodType.methodType(void.class, Thread.class));
                    eetop = threads.findVarHandle(Thread.class, "eetop", long.class);
                } catch (Throwable e) {
                    because = "the JDK's continuations are not accessible (" + e + ")";
                }
            }
            SCOPE = scope;
            CREATE = create;
            RUN = run;
            IS_DONE = isDone;
            YIELD = yield;
            SET_CURRENT_THREAD = setCurrentThread;
            EETOP = eetop;
            UNAVAILABLE_BECAUSE = because;
        }
    }
}
