package dev.weft.scheduler.runtime;

import dev.weft.scheduler.hooks.Sites;
import dev.weft.scheduler.runtime.memory.VarHandles;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicMarkableReference;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.AtomicStampedReference;
import java.util.concurrent.atomic.DoubleAccumulator;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * What an event records when a run is asked for detail ({@link RuntimeSettings#detailFrom}), to report a failing
 * execution: the stack of the thread at the operation, and the value a memory access read or wrote. Never runs user
 * code: values are read by reflection or through the JDK's own atomics, and objects are shown by their stable name
 * (only if the execution already gave them one, so that names stay those of the run being reported) or their class.
 */
public final class Detail {

    /** Frames of the scheduler itself, and of what runs a test body: left out of a step's stack. */
    private static final List<String> NOT_USER = List.of("dev.weft.scheduler.", "dev.weft.junit.",
            "jdk.internal.reflect.", "java.lang.reflect.", "org.junit.");
    private static final int MAX_TEXT = 40;

    private Detail() {
    }

    /** The calling thread's stack from the code that reached the hook down to the test body, innermost first. */
    public static List<StackTraceElement> stack() {
        StackTraceElement[] frames = new Throwable().getStackTrace();
        int from = 0;
        while (from < frames.length && frames[from].getClassName().startsWith("dev.weft.scheduler.")) {
            from++;
        }
        List<StackTraceElement> result = new ArrayList<>();
        for (int i = from; i < frames.length && !notUser(frames[i]); i++) {
            result.add(frames[i]);
        }
        return result;
    }

    private static boolean notUser(StackTraceElement frame) {
        for (String prefix : NOT_USER) {
            if (frame.getClassName().startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Reads a field. Called once the access ran and before its thread's next operation, when the field holds the
     * value read or written.
     */
    public static Supplier<Object> field(Object owner, Sites.Site where, String fieldName, ClassLoader loader) {
        return () -> {
            Field field = owner == null ? readableStaticField(where, fieldName, loader)
                    : readableField(owner, where, fieldName);
            return field == null ? Unknown.VALUE : valueOf(field, owner);
        };
    }

    private static Field readableStaticField(Sites.Site where, String fieldName, ClassLoader loader) {
        try {
            Field field = Class.forName(where.declaringClass(), false, loader).getDeclaredField(fieldName);
            return field.trySetAccessible() ? field : null;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return null;
        }
    }

    /** The field's value in {@code owner} ({@code null} for a static field), or an unknown value if it cannot be read. */
    public static Object valueOf(Field field, Object owner) {
        try {
            return field.get(owner);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return Unknown.VALUE;
        }
    }

    /**
     * A field reflection reaches ({@code Field.get}): read through a {@code Field} of Weft's own, so that the user's
     * stays as accessible as it was.
     */
    public static Supplier<Object> reflective(Field field, Object owner) {
        return () -> {
            try {
                Field own = field.getDeclaringClass().getDeclaredField(field.getName());
                return own.trySetAccessible() ? own.get(owner) : Unknown.VALUE;
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                return Unknown.VALUE;
            }
        };
    }

    /**
     * The instance field an access of {@code owner} names, made accessible to Weft, or {@code null} if it cannot be
     * read; for a reader that asks again and again and keeps it ({@code MemoryAccess}'s writes in a waiting turn).
     */
    public static Field readableField(Object owner, Sites.Site where, String fieldName) {
        try {
            Field field = declared(owner.getClass(), where.declaringClass(), fieldName);
            return field.trySetAccessible() ? field : null;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return null;
        }
    }

    private static Field declared(Class<?> type, String declaringClass, String name) throws NoSuchFieldException {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            if (declaringClass.isEmpty() || c.getName().equals(declaringClass)) {
                try {
                    return c.getDeclaredField(name);
                } catch (NoSuchFieldException e) {
                    // an empty declaring class: look further up
                }
            }
        }
        throw new NoSuchFieldException(name);
    }

    public static Supplier<Object> arrayElement(Object array, int index) {
        return () -> index >= 0 && index < Array.getLength(array) ? Array.get(array, index) : Unknown.VALUE;
    }

    /** The variable a handle accessed, read through the handle itself. */
    public static Supplier<Object> through(VarHandle handle, VarHandles.Target target, Object coordinate, int index) {
        return () -> {
            try {
                MethodHandle get = handle.toMethodHandle(VarHandle.AccessMode.GET);
                return switch (target.kind()) {
                    case INSTANCE_FIELD -> get.invoke(coordinate);
                    case STATIC_FIELD -> get.invoke();
                    case ARRAY_ELEMENT -> index < Array.getLength(coordinate)
                            ? get.invoke(coordinate, index)
                            : Unknown.VALUE;
                };
            } catch (Throwable e) {
                return Unknown.VALUE;
            }
        };
    }

    /** The JDK's atomics, read through their own {@code get}; anything else is not shown. */
    public static Supplier<Object> atomic(Object atomic, int index) {
        return () -> {
            if (index < 0) {
                if (atomic instanceof AtomicInteger a) {
                    return a.get();
                } else if (atomic instanceof AtomicLong a) {
                    return a.get();
                } else if (atomic instanceof AtomicBoolean a) {
                    return a.get();
                } else if (atomic instanceof AtomicReference<?> a) {
                    return a.get();
                } else if (atomic instanceof AtomicStampedReference<?> a) {
                    return a.getReference();
                } else if (atomic instanceof AtomicMarkableReference<?> a) {
                    return a.getReference();
                } else if (atomic instanceof LongAdder a) {
                    return a.sum();
                } else if (atomic instanceof DoubleAdder a) {
                    return a.sum();
                } else if (atomic instanceof LongAccumulator a) {
                    return a.get();
                } else if (atomic instanceof DoubleAccumulator a) {
                    return a.get();
                }
            } else if (atomic instanceof AtomicIntegerArray a && index < a.length()) {
                return a.get(index);
            } else if (atomic instanceof AtomicLongArray a && index < a.length()) {
                return a.get(index);
            } else if (atomic instanceof AtomicReferenceArray<?> a && index < a.length()) {
                return a.get(index);
            }
            return Unknown.VALUE;
        };
    }

    /** A value as text for the event, or {@code null} when it could not be read. */
    public static String text(Object value, ObjectNames names) {
        if (value == Unknown.VALUE) {
            return null;
        } else if (value == null) {
            return "null";
        } else if (value instanceof String s) {
            return '"' + (s.length() > MAX_TEXT ? s.substring(0, MAX_TEXT) + "…" : s) + '"';
        } else if (value instanceof Character c) {
            return "'" + c + "'";
        } else if (value instanceof Boolean || (value instanceof Number
                && value.getClass().getName().startsWith("java.lang."))) {
            return value.toString();
        } else if (value instanceof Enum<?> e) {
            return e.getDeclaringClass().getSimpleName() + "." + e.name();
        }
        String name = names.nameIfMet(value);
        return name != null ? name : "a " + ObjectNames.simpleName(value.getClass());
    }

    /** Marks a value that could not be read. */
    /** Whether a probe read the value ({@code false}: the field or element could not be read). */
    public static boolean known(Object value) {
        return value != Unknown.VALUE;
    }

    private enum Unknown { VALUE }
}
