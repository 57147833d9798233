package dev.weft.scheduler.runtime.threads;

import java.lang.reflect.Field;
import java.lang.reflect.Method;

/**
 * The thread-local values of a platform thread that Weft reuses ({@link Carrier}): dropped after each task; before the
 * next, the inheritable ones are copied from the launching thread, as {@code new Thread} would, or taken over from the
 * {@code Thread} the carrier stands in for, which made its copies when it was constructed. {@code Thread}
 * keeps them in private fields; the instrumentation opens {@code java.lang} to Weft when it is installed. Without that
 * (or on a JDK whose members differ) {@link #available()} is false and carriers are not reused.
 */
public final class ThreadLocalMaps {

    private static final Field LOCALS;
    private static final Field INHERITABLE;
    private static final Method CREATE_INHERITED;

    static {
        Field locals = null;
        Field inheritable = null;
        Method createInherited = null;
        try {
            locals = Thread.class.getDeclaredField("threadLocals");
            inheritable = Thread.class.getDeclaredField("inheritableThreadLocals");
            Class<?> mapType = inheritable.getType();
            createInherited = ThreadLocal.class.getDeclaredMethod("createInheritedMap", mapType);
            locals.setAccessible(true);
            inheritable.setAccessible(true);
            createInherited.setAccessible(true);
        } catch (ReflectiveOperationException | RuntimeException notOpen) {
            locals = null;
        }
        LOCALS = locals;
        INHERITABLE = inheritable;
        CREATE_INHERITED = createInherited;
    }

    private ThreadLocalMaps() {
    }

    static boolean available() {
        return LOCALS != null;
    }

    /** Drops every thread-local value of {@code thread}; {@code false} if that cannot be done here. */
    public static boolean clear(Thread thread) {
        if (!available()) {
            return false;
        }
        try {
            LOCALS.set(thread, null);
            INHERITABLE.set(thread, null);
            return true;
        } catch (IllegalAccessException e) {
            return false;
        }
    }

    /** Moves {@code from}'s inheritable thread-local values (its own copies) to {@code to}. */
    static void takeOver(Thread to, Thread from) {
        if (!available()) {
            return;
        }
        try {
            INHERITABLE.set(to, INHERITABLE.get(from));
            INHERITABLE.set(from, null);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot move the inheritable thread-local values of " + from, e);
        }
    }

    /** Gives {@code child} copies of {@code parent}'s inheritable thread-local values, as its constructor would. */
    public static void inherit(Thread child, Thread parent) {
        if (!available()) {
            return;
        }
        try {
            Object parentMap = INHERITABLE.get(parent);
            INHERITABLE.set(child, parentMap == null ? null : CREATE_INHERITED.invoke(null, parentMap));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot copy the inheritable thread-local values of " + parent, e);
        }
    }
}
