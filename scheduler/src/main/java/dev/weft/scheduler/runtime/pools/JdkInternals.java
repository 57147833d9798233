package dev.weft.scheduler.runtime.pools;

import dev.weft.scheduler.runtime.Unchecked;
import dev.weft.scheduler.runtime.UnmodelledPrimitiveException;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The few private members of JDK synchronizers the models need and no public method gives: a {@code CyclicBarrier}'s
 * action, the {@code Sync} behind a {@code ReentrantReadWriteLock}'s views, the {@code StampedLock} behind its views,
 * the mutex of a {@code Collections.synchronized*} wrapper.
 * The instrumentation opens {@code java.util}, {@code java.util.concurrent} and {@code java.util.concurrent.locks} to
 * Weft when it is installed ({@code Instrumentation.redefineModule}); if a member is missing (another JDK), the
 * primitive fails closed.
 */
public final class JdkInternals {

    private static final Map<String, Field> FIELDS = new ConcurrentHashMap<>();
    private static final Map<String, Method> METHODS = new ConcurrentHashMap<>();

    private JdkInternals() {
    }

    /** The value of the field {@code name} declared by {@code declaring}. */
    public static Object field(Object target, Class<?> declaring, String name, int site) {
        try {
            Field field = FIELDS.computeIfAbsent(declaring.getName() + "." + name, key -> accessible(declaring, name));
            return field.get(target);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw unavailable(declaring, name, e, site);
        }
    }

    /**
     * Calls the no-argument method {@code name} declared by {@code declaring} or a superclass of it. What the method
     * itself throws is thrown on as it is: the member is there.
     */
    public static Object call(Object target, Class<?> declaring, String name, int site) {
        try {
            Method method = METHODS.computeIfAbsent(declaring.getName() + "." + name,
                    key -> accessibleMethod(declaring, name));
            return method.invoke(target);
        } catch (java.lang.reflect.InvocationTargetException e) {
            throw Unchecked.rethrow(e.getCause());
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw unavailable(declaring, name, e, site);
        }
    }

    private static Field accessible(Class<?> declaring, String name) {
        try {
            Field field = declaring.getDeclaredField(name);
            field.setAccessible(true);
            return field;
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Method accessibleMethod(Class<?> declaring, String name) {
        for (Class<?> type = declaring; type != null; type = type.getSuperclass()) {
            for (Method method : type.getDeclaredMethods()) {
                if (method.getName().equals(name) && method.getParameterCount() == 0) {
                    method.setAccessible(true);
                    return method;
                }
            }
        }
        throw new IllegalStateException("no method " + name + "() in " + declaring.getName());
    }

    private static UnmodelledPrimitiveException unavailable(Class<?> declaring, String name, Exception cause,
                                                            int site) {
        UnmodelledPrimitiveException failure = new UnmodelledPrimitiveException(declaring.getName()
                + " on this JDK (its member '" + name + "' cannot be read: " + cause + ")", site);
        failure.initCause(cause);
        return failure;
    }
}
