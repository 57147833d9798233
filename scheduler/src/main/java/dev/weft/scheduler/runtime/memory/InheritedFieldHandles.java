package dev.weft.scheduler.runtime.memory;

import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The field a {@code VarHandle} reaches when the handle cannot say so itself: one made by {@code findVarHandle} on a
 * class for a field its superclass declares. The JDK's {@link VarHandle#describeConstable} looks for the field among
 * the receiver class's own fields only and throws {@code InternalError("Field not found at offset")} (JDK 17 to 25 at
 * least). Padded sequences and counters put their field in a superclass between padding classes and make the handle
 * on the subclass (the LMAX Disruptor's {@code Sequence}), so without this every access of theirs failed the test.
 *
 * <p>The only non-static field of the handle's type in the receiver class and its superclasses is the one. Where there
 * are several, the handle's own field offset (a private field of the JDK's handle classes, readable because Weft
 * opens {@code java.lang.invoke} to itself) is matched to a field by the JDK's own look-up, class by class up the
 * hierarchy. If that is not possible on this JDK, the handle stays undescribed and its access fails closed.
 */
final class InheritedFieldHandles {

    private InheritedFieldHandles() {
    }

    /** What the handle on an instance field reaches, or empty if it cannot be told. */
    static Optional<VarHandles.Target> find(VarHandle handle) {
        List<Class<?>> coordinates = handle.coordinateTypes();
        if (coordinates.size() != 1 || coordinates.get(0).isArray() || coordinates.get(0).isPrimitive()) {
            return Optional.empty();
        }
        Class<?> receiver = coordinates.get(0);
        List<Field> candidates = new ArrayList<>();
        for (Class<?> type = receiver; type != null; type = type.getSuperclass()) {
            for (Field field : type.getDeclaredFields()) {
                if (!Modifier.isStatic(field.getModifiers()) && field.getType() == handle.varType()) {
                    candidates.add(field);
                }
            }
        }
        Optional<Field> field = candidates.size() == 1 ? Optional.of(candidates.get(0))
                : candidates.isEmpty() ? Optional.empty() : byOffset(handle, receiver);
        return field.map(found -> new VarHandles.Target(VarHandles.Kind.INSTANCE_FIELD,
                found.getDeclaringClass().getName(), found.getName()));
    }

    private static Optional<Field> byOffset(VarHandle handle, Class<?> receiver) {
        try {
            Field offsetField = declaredUpwards(handle.getClass(), "fieldOffset");
            if (offsetField == null) {
                return Optional.empty();
            }
            offsetField.setAccessible(true);
            long offset = offsetField.getLong(handle);
            Method lookUp = Class.forName("java.lang.invoke.VarHandles")
                    .getDeclaredMethod("getFieldFromReceiverAndOffset", Class.class, long.class, Class.class);
            lookUp.setAccessible(true);
            for (Class<?> type = receiver; type != null; type = type.getSuperclass()) {
                try {
                    return Optional.of((Field) lookUp.invoke(null, type, offset, handle.varType()));
                } catch (InvocationTargetException notDeclaredThere) {
                    // the JDK's InternalError: the field is not one of this class's own; try its superclass
                }
            }
            return Optional.empty();
        } catch (ReflectiveOperationException | RuntimeException inaccessible) {
            return Optional.empty(); // another JDK's handle classes, or java.lang.invoke not opened
        }
    }

    private static Field declaredUpwards(Class<?> type, String name) {
        for (Class<?> each = type; each != null; each = each.getSuperclass()) {
            try {
                return each.getDeclaredField(name);
            } catch (NoSuchFieldException notHere) {
                // look in the superclass
            }
        }
        return null;
    }
}
