package dev.weft.scheduler.runtime.collections;

import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which JDK collections the runtime models, and how, decided on a receiver's class. A user subclass is modelled as
 * its nearest JDK superclass, except for the methods it overrides (see {@link #overrides}).
 */
public final class CollectionClasses {

    /** How calls on a collection of a class are modelled. */
    public enum Kind {
        /** each call is one atomic step on the object's state ({@code Location.objectState}) */
        THREAD_SAFE,
        /** like {@link #THREAD_SAFE}; {@code put}/{@code take} are guarded real calls ({@link CollectionStep}) */
        BLOCKING_QUEUE,
        /** a rendezvous, modelled in the runtime ({@link Rendezvous}) */
        SYNCHRONOUS_QUEUE,
        /** each call is one atomic step on an object that is not thread-safe ({@code Location.unsafeObject}) */
        UNSAFE,
        /**
         * each call holds a monitor while it runs (the object's own, or a synchronized wrapper's mutex,
         * {@link SynchronizedCollections}) and is one atomic step on the state that monitor guards
         */
        SYNCHRONIZED,
        /**
         * a {@code Properties}: each call is one atomic step on the object's state ({@code Location.objectState}), key
         * by key, and holds the object's monitor exactly when the JDK's method is {@code synchronized} (its changes;
         * its queries read a concurrent map without it), see {@link #isSynchronized}
         */
        SYNCHRONIZED_CHANGES,
        /**
         * a Java array behind a view ({@code Arrays.asList}, {@link BackedViews}): each call on the view is one step on
         * every element of the array ({@code Location.arrayElements})
         */
        ARRAY,
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
            Map.entry("java.util.concurrent.LinkedTransferQueue", Kind.BLOCKING_QUEUE),
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
            Map.entry("java.util.PriorityQueue", Kind.UNSAFE),
            Map.entry("java.util.WeakHashMap", Kind.UNSAFE),
            Map.entry("java.util.BitSet", Kind.UNSAFE),
            Map.entry("java.util.EnumMap", Kind.UNSAFE),
            Map.entry("java.util.RegularEnumSet", Kind.UNSAFE),
            Map.entry("java.util.JumboEnumSet", Kind.UNSAFE),
            Map.entry("java.util.Vector", Kind.SYNCHRONIZED),
            Map.entry("java.util.Stack", Kind.SYNCHRONIZED),
            Map.entry("java.util.Hashtable", Kind.SYNCHRONIZED),
            Map.entry("java.lang.StringBuffer", Kind.SYNCHRONIZED),
            Map.entry("java.util.Properties", Kind.SYNCHRONIZED_CHANGES),
            Map.entry("java.util.Collections$SynchronizedCollection", Kind.SYNCHRONIZED),
            Map.entry("java.util.Collections$SynchronizedList", Kind.SYNCHRONIZED),
            Map.entry("java.util.Collections$SynchronizedRandomAccessList", Kind.SYNCHRONIZED),
            Map.entry("java.util.Collections$SynchronizedSet", Kind.SYNCHRONIZED),
            Map.entry("java.util.Collections$SynchronizedSortedSet", Kind.SYNCHRONIZED),
            Map.entry("java.util.Collections$SynchronizedNavigableSet", Kind.SYNCHRONIZED),
            Map.entry("java.util.Collections$SynchronizedMap", Kind.SYNCHRONIZED),
            Map.entry("java.util.Collections$SynchronizedSortedMap", Kind.SYNCHRONIZED),
            Map.entry("java.util.Collections$SynchronizedNavigableMap", Kind.SYNCHRONIZED));

    /** How calls on one key of a map or set are modelled. */
    enum Keying {
        /** every call touches the whole collection */
        NONE,
        /** a call on one key touches that key only ({@link MapKeys}): the concurrent maps and sets */
        BY_KEY,
        /**
         * a query of one key, and a change of one key that keeps the collection's structure (its size), touch that
         * key only; a change that adds or removes a key touches the whole collection, because it changes the
         * structure every other call walks (a resize, a rebalancing) and is a data race with any of them, whatever
         * their keys. The maps and sets that are not thread-safe, but not an access-ordered {@code LinkedHashMap}
         * (whose {@code get} moves the entry) nor an {@code IdentityHashMap} (whose keys are equal by identity).
         */
        BY_KEY_UNLESS_STRUCTURAL
    }

    private static final Map<String, Keying> KEYED = Map.of(
            "java.util.Properties", Keying.BY_KEY,
            "java.util.concurrent.ConcurrentHashMap", Keying.BY_KEY,
            "java.util.concurrent.ConcurrentHashMap$KeySetView", Keying.BY_KEY,
            "java.util.concurrent.ConcurrentSkipListMap", Keying.BY_KEY,
            "java.util.concurrent.ConcurrentSkipListSet", Keying.BY_KEY,
            "java.util.HashMap", Keying.BY_KEY_UNLESS_STRUCTURAL,
            "java.util.TreeMap", Keying.BY_KEY_UNLESS_STRUCTURAL,
            "java.util.HashSet", Keying.BY_KEY_UNLESS_STRUCTURAL,
            "java.util.LinkedHashSet", Keying.BY_KEY_UNLESS_STRUCTURAL,
            "java.util.TreeSet", Keying.BY_KEY_UNLESS_STRUCTURAL);

    private record Classified(Kind kind, boolean userSubclass, Keying keying) {
    }

    private static final ClassValue<Classified> CLASSIFIED = new ClassValue<>() {
        @Override
        protected Classified computeValue(Class<?> type) {
            if (type.isArray()) {
                return new Classified(Kind.ARRAY, false, Keying.NONE);
            }
            Class<?> jdk = type;
            while (jdk != null && !isJdk(jdk)) {
                jdk = jdk.getSuperclass();
            }
            Kind kind = jdk == null ? Kind.NONE : JDK_CLASSES.getOrDefault(jdk.getName(), Kind.NONE);
            return new Classified(kind, jdk != type,
                    jdk == null ? Keying.NONE : KEYED.getOrDefault(jdk.getName(), Keying.NONE));
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

    public static Kind kind(Class<?> type) {
        return CLASSIFIED.get(type).kind();
    }

    /** How calls on one key of a collection of this class are modelled ({@link MapKeys}). */
    static Keying keying(Class<?> type) {
        return CLASSIFIED.get(type).keying();
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

    /** Per class: method name + descriptor → whether the nearest declaration of it is {@code synchronized}. */
    private static final ClassValue<Map<String, Boolean>> SYNCHRONIZED_METHODS = new ClassValue<>() {
        @Override
        protected Map<String, Boolean> computeValue(Class<?> type) {
            return new ConcurrentHashMap<>();
        }
    };

    /** Whether the method {@code name descriptor} that an instance of {@code type} runs is {@code synchronized}. */
    static boolean isSynchronized(Class<?> type, String name, String descriptor) {
        return SYNCHRONIZED_METHODS.get(type).computeIfAbsent(name + descriptor, any -> {
            for (Class<?> current = type; current != null; current = current.getSuperclass()) {
                Method declared = declared(current, name, descriptor);
                if (declared != null) {
                    return Modifier.isSynchronized(declared.getModifiers());
                }
            }
            return false;
        });
    }

    private static Method declared(Class<?> type, String name, String descriptor) {
        for (Method method : type.getDeclaredMethods()) {
            if (method.getName().equals(name) && MethodType.methodType(method.getReturnType(),
                    method.getParameterTypes()).toMethodDescriptorString().equals(descriptor)) {
                return method;
            }
        }
        return null;
    }

    private static boolean declaredBelowJdk(Class<?> type, String name, String descriptor) {
        for (Class<?> current = type; current != null && !isJdk(current); current = current.getSuperclass()) {
            if (declared(current, name, descriptor) != null) {
                return true;
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
