package dev.weft.scheduler.runtime;

import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which JDK collections the runtime models, and how, decided on a receiver's class. A user subclass is modelled as
 * its nearest JDK superclass, except for the methods it overrides (see {@link #overrides}).
 */
final class CollectionClasses {

    /** How calls on a collection of a class are modelled. */
    enum Kind {
        /** each call is one atomic step on the object's state ({@code Location.objectState}) */
        THREAD_SAFE,
        /** like {@link #THREAD_SAFE}; {@code put}/{@code take} are guarded real calls ({@link CollectionStep}) */
        BLOCKING_QUEUE,
        /** a rendezvous, modelled in the runtime ({@link SynchronousQueues}) */
        SYNCHRONOUS_QUEUE,
        /** each call is one atomic step on an object that is not thread-safe ({@code Location.unsafeObject}) */
        UNSAFE,
        /** not modelled: calls run unchanged, without a scheduling point */
        NONE
    }

    private static final Map<String, Kind> JDK_CLASSES = Map.ofEntries(
            Map.entry("java.util.concurrent.ConcurrentHashMap", Kind.THREAD_SAFE),
            Map.entry("java.util.concurrent.ConcurrentHashMap$KeySetView", Kind.THREAD_SAFE),
            Map.entry("java.util.concurrent.ConcurrentLinkedQueue", Kind.THREAD_SAFE),
            Map.entry("java.util.concurrent.ConcurrentLinkedDeque", Kind.THREAD_SAFE),
            Map.entry("java.util.concurrent.CopyOnWriteArrayList", Kind.THREAD_SAFE),
            Map.entry("java.util.concurrent.CopyOnWriteArraySet", Kind.THREAD_SAFE),
            Map.entry("java.util.concurrent.ConcurrentSkipListMap", Kind.THREAD_SAFE),
            Map.entry("java.util.concurrent.ConcurrentSkipListSet", Kind.THREAD_SAFE),
            Map.entry("java.util.concurrent.ArrayBlockingQueue", Kind.BLOCKING_QUEUE),
            Map.entry("java.util.concurrent.LinkedBlockingQueue", Kind.BLOCKING_QUEUE),
            Map.entry("java.util.concurrent.LinkedBlockingDeque", Kind.BLOCKING_QUEUE),
            Map.entry("java.util.concurrent.PriorityBlockingQueue", Kind.BLOCKING_QUEUE),
            Map.entry("java.util.concurrent.SynchronousQueue", Kind.SYNCHRONOUS_QUEUE),
            Map.entry("java.util.HashMap", Kind.UNSAFE),
            Map.entry("java.util.LinkedHashMap", Kind.UNSAFE),
            Map.entry("java.util.TreeMap", Kind.UNSAFE),
            Map.entry("java.util.IdentityHashMap", Kind.UNSAFE),
            Map.entry("java.util.HashSet", Kind.UNSAFE),
            Map.entry("java.util.LinkedHashSet", Kind.UNSAFE),
            Map.entry("java.util.TreeSet", Kind.UNSAFE),
            Map.entry("java.util.ArrayList", Kind.UNSAFE),
            Map.entry("java.util.LinkedList", Kind.UNSAFE),
            Map.entry("java.util.ArrayDeque", Kind.UNSAFE),
            Map.entry("java.util.PriorityQueue", Kind.UNSAFE));

    /**
     * The thread-safe maps and sets whose calls on different keys commute (each key a location of its own,
     * {@link MapKeys}). Not the collections that are not thread-safe: there a call that adds or removes a key changes
     * the structure every other call walks, and is a data race with any of them, whatever their keys.
     */
    private static final Set<String> KEYED = Set.of(
            "java.util.concurrent.ConcurrentHashMap",
            "java.util.concurrent.ConcurrentHashMap$KeySetView",
            "java.util.concurrent.ConcurrentSkipListMap",
            "java.util.concurrent.ConcurrentSkipListSet");

    private record Classified(Kind kind, boolean userSubclass, boolean keyed) {
    }

    private static final ClassValue<Classified> CLASSIFIED = new ClassValue<>() {
        @Override
        protected Classified computeValue(Class<?> type) {
            Class<?> jdk = type;
            while (jdk != null && !isJdk(jdk)) {
                jdk = jdk.getSuperclass();
            }
            Kind kind = jdk == null ? Kind.NONE : JDK_CLASSES.getOrDefault(jdk.getName(), Kind.NONE);
            return new Classified(kind, jdk != type, jdk != null && KEYED.contains(jdk.getName()));
        }
    };

    /** Per user subclass: method name + descriptor → whether a user class below the JDK declares it. */
    private static final ClassValue<Map<String, Boolean>> OVERRIDES = new ClassValue<>() {
        @Override
        protected Map<String, Boolean> computeValue(Class<?> type) {
            return new ConcurrentHashMap<>();
        }
    };

    private static final Set<String> JDK_PREFIXES = Set.of("java.", "javax.", "jdk.", "sun.");

    private CollectionClasses() {
    }

    static Kind kind(Class<?> type) {
        return CLASSIFIED.get(type).kind();
    }

    /** Whether calls on one key of a collection of this class touch that key only ({@link MapKeys}). */
    static boolean keyed(Class<?> type) {
        return CLASSIFIED.get(type).keyed();
    }

    /**
     * Whether a call of {@code name descriptor} on an instance of {@code type} (a modelled kind) runs code of a user
     * subclass: then its visible operations are its own, and the call is not one atomic step (the JDK code it reaches
     * through {@code super} is bracketed there).
     */
    static boolean overrides(Class<?> type, String name, String descriptor) {
        if (!CLASSIFIED.get(type).userSubclass()) {
            return false;
        }
        return OVERRIDES.get(type).computeIfAbsent(name + descriptor, any -> declaredBelowJdk(type, name, descriptor));
    }

    private static boolean declaredBelowJdk(Class<?> type, String name, String descriptor) {
        for (Class<?> current = type; current != null && !isJdk(current); current = current.getSuperclass()) {
            for (Method method : current.getDeclaredMethods()) {
                if (method.getName().equals(name) && MethodType.methodType(method.getReturnType(),
                        method.getParameterTypes()).toMethodDescriptorString().equals(descriptor)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean isJdk(Class<?> type) {
        String name = type.getName();
        int dot = name.indexOf('.');
        return dot > 0 && JDK_PREFIXES.contains(name.substring(0, dot + 1));
    }
}
