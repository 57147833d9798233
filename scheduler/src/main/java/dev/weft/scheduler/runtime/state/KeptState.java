package dev.weft.scheduler.runtime.state;

import dev.weft.scheduler.runtime.WeakIdentityMap;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Static fields, and the objects they hold, that a test keeps across executions on purpose ({@code
 * KeepAcrossExecutions} of the JUnit extension): the {@link StateJournal} does not put them back.
 */
public final class KeptState {

    private static final Set<Field> FIELDS = ConcurrentHashMap.newKeySet();
    private static final WeakIdentityMap<Object, Boolean> OBJECTS = new WeakIdentityMap<>();

    private KeptState() {
    }

    /**
     * Keeps a static field, and the object it holds now, across executions.
     *
     * @throws IllegalArgumentException if the field is not static, or cannot be read
     */
    public static void keep(Field field) {
        if (!Modifier.isStatic(field.getModifiers())) {
            throw new IllegalArgumentException(field + " is not static: only static fields outlive an execution");
        }
        if (!field.trySetAccessible()) {
            throw new IllegalArgumentException(field + " cannot be made accessible to Weft");
        }
        FIELDS.add(field);
        try {
            Object value = field.get(null);
            if (value != null && !field.getType().isPrimitive()) {
                OBJECTS.computeIfAbsent(value, any -> Boolean.TRUE);
            }
        } catch (IllegalAccessException e) {
            throw new IllegalArgumentException(field + " cannot be read by Weft", e);
        }
    }

    static boolean kept(Field field) {
        return !FIELDS.isEmpty() && FIELDS.contains(field);
    }

    static boolean kept(Object object) {
        return !FIELDS.isEmpty() && OBJECTS.get(object) != null;
    }
}
