package dev.weft.scheduler.runtime.state;

import java.lang.reflect.Field;
import java.util.List;
import java.util.Map;

/**
 * The value {@code Field.set} stores, for an execution's own copy of a static field ({@link StaticCopies}): the value
 * unwrapped and widened to a primitive field's type as {@code set} does it (an {@code Integer} into a {@code long}
 * field), kept as the JVM's stack holds it ({@code int} for {@code boolean}, {@code byte}, {@code char} and
 * {@code short}); refused with the {@code IllegalArgumentException} {@code set} would throw.
 */
final class ReflectiveValues {

    /** For each primitive field type, the wrappers whose values widen to it (JLS 5.1.2) or are it. */
    private static final Map<Class<?>, List<Class<?>>> TAKES = Map.of(
            boolean.class, List.of(Boolean.class),
            byte.class, List.of(Byte.class),
            short.class, List.of(Byte.class, Short.class),
            char.class, List.of(Character.class),
            int.class, List.of(Byte.class, Short.class, Character.class, Integer.class),
            long.class, List.of(Byte.class, Short.class, Character.class, Integer.class, Long.class),
            float.class, List.of(Byte.class, Short.class, Character.class, Integer.class, Long.class, Float.class),
            double.class, List.of(Byte.class, Short.class, Character.class, Integer.class, Long.class, Float.class,
                    Double.class));

    private ReflectiveValues() {
    }

    /** @throws IllegalArgumentException where {@code field.set(null, value)} throws it */
    static Object asKept(Field field, Object value) {
        Class<?> type = field.getType();
        if (!type.isPrimitive()) {
            if (value == null || type.isInstance(value)) {
                return value;
            }
            throw cannotSet(field, value);
        }
        if (value == null || !TAKES.get(type).contains(value.getClass())) {
            throw cannotSet(field, value);
        }
        if (value instanceof Boolean flag) {
            return flag ? 1 : 0;
        }
        Number number = value instanceof Character c ? Integer.valueOf(c) : (Number) value;
        if (type == long.class) {
            return number.longValue();
        } else if (type == float.class) {
            return number.floatValue();
        } else if (type == double.class) {
            return number.doubleValue();
        }
        return number.intValue();
    }

    /** The JDK's words for it: "Can not set static int field a.B.c to java.lang.String". */
    private static IllegalArgumentException cannotSet(Field field, Object value) {
        return new IllegalArgumentException("Can not set static " + field.getType().getName() + " field "
                + field.getDeclaringClass().getName() + "." + field.getName() + " to "
                + (value == null ? "null value" : value.getClass().getName()));
    }
}
