package dev.weft.scheduler.hooks;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * {@code Thread.Builder} (JDK 21+) for code compiled for Java 17: the calls that instrumented code makes on a builder
 * reach the hooks with the builder typed as {@code Object}, and are made here through method handles, looked up the
 * first time such a call happens (which can only be on a JDK that has builders).
 */
public final class ThreadBuilders {

    private ThreadBuilders() {
    }

    private static final class Handles {
        static final MethodHandle START;
        static final MethodHandle UNSTARTED;
        static final MethodHandle OF_VIRTUAL;

        static {
            try {
                MethodHandles.Lookup lookup = MethodHandles.publicLookup();
                Class<?> builder = Class.forName("java.lang.Thread$Builder");
                MethodType onTask = MethodType.methodType(Thread.class, Runnable.class);
                START = lookup.findVirtual(builder, "start", onTask);
                UNSTARTED = lookup.findVirtual(builder, "unstarted", onTask);
                OF_VIRTUAL = lookup.findStatic(Thread.class, "ofVirtual",
                        MethodType.methodType(Class.forName("java.lang.Thread$Builder$OfVirtual")));
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }
    }

    /** {@code builder.start(task)}. */
    public static Thread start(Object builder, Runnable task) {
        try {
            return (Thread) Handles.START.invoke(builder, task);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code builder.unstarted(task)}: the thread a builder's {@code start(task)} would start. */
    public static Thread unstarted(Object builder, Runnable task) {
        try {
            return (Thread) Handles.UNSTARTED.invoke(builder, task);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code Thread.ofVirtual()}, as {@code Thread.startVirtualThread} uses it. */
    public static Object ofVirtual() {
        try {
            return Handles.OF_VIRTUAL.invoke();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }
}
