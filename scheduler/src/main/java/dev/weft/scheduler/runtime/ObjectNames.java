package dev.weft.scheduler.runtime;

import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Stable names for the objects of one execution. An object is named by the first managed thread that meets it — at
 * its allocation hook, or at the first visible operation on it, whichever comes first — after that thread and the
 * thread's own count of objects met: {@code Account@2} is the main thread's second, {@code Account@main.1#3} thread
 * {@code main.1}'s third. Both depend only on the thread's program order, so the same schedule gives the same names.
 *
 * <p>Caveat: an object that no managed thread allocated under instrumentation (a static created before the test, an
 * object made inside uninstrumented library code) is named by whichever thread touches it first, so when two threads
 * race to touch it first its name differs between executions.
 *
 * <p>Identity, not {@code equals}: two equal strings are still two objects. The map holds the objects strongly, for
 * one execution only.
 */
final class ObjectNames {

    private final Map<Object, String> names = new IdentityHashMap<>();

    String nameOf(Object object, ManagedThread meeting) {
        String name = names.get(object);
        if (name == null) {
            name = simpleName(object.getClass()) + "@" + meeting.nextObjectSuffix();
            names.put(object, name);
        }
        return name;
    }

    /**
     * Like {@link #nameOf(Object, ManagedThread)}, but named after {@code typeName}: for an object users never see
     * whose name stands for one they do (the state shared by a {@code ReentrantReadWriteLock}'s two views).
     */
    String nameAs(Object object, String typeName, ManagedThread meeting) {
        return names.computeIfAbsent(object, any -> typeName + "@" + meeting.nextObjectSuffix());
    }

    /** The object's name if a thread met it already, else {@code null}; never names it (for reports only). */
    String nameIfMet(Object object) {
        return names.get(object);
    }

    /** Names the object now if nobody met it before (its allocation). */
    void allocated(Object object, ManagedThread allocating) {
        nameOf(object, allocating);
    }

    private static String simpleName(Class<?> type) {
        String simple = type.getSimpleName();
        if (!simple.isEmpty()) {
            return simple;
        }
        // anonymous and hidden classes: the binary name after the package
        String name = type.getName();
        return name.substring(name.lastIndexOf('.') + 1);
    }
}
