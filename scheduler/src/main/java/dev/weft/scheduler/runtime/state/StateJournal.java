package dev.weft.scheduler.runtime.state;

import dev.weft.scheduler.hooks.Sites;
import dev.weft.scheduler.runtime.Execution;
import dev.weft.scheduler.runtime.JvmRun;
import dev.weft.scheduler.runtime.ObjectNames;
import dev.weft.scheduler.runtime.collections.CollectionClasses;
import dev.weft.scheduler.runtime.memory.VarHandles;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntFunction;
import java.util.function.ObjIntConsumer;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * What an execution changed of the state it did not create, with what it was before, put back when the execution
 * ends ({@link JvmRun#close}): so that every execution starts from the state the first one started from, as stateless
 * exploration assumes. The state: static fields of instrumented classes; the fields and array elements of objects the
 * execution did not allocate ({@link ObjectNames#madeByExecution}: made before it, typically reachable from a static
 * field or from a {@code PER_CLASS} test instance); such objects of the JDK that Weft sees changed through their API
 * (the atomics, the adders, the collections it models, {@link CollectionClasses}, semaphores); and the JVM's
 * settings (system properties, the default locale and time zone).
 *
 * <p>Each location is recorded at its first change in the execution, before the change (the hooks run before the
 * instruction), by reflection; later changes of it need nothing. A write to a field of an object under construction
 * is recorded too (its allocation is reported once its constructor returned) and dropped at the allocation
 * ({@link #forget}). What a static initialiser does is not recorded: it belongs to the class's initialisation.
 *
 * <p>A static field the test keeps across executions on purpose, and the object it holds ({@link KeptState}), are not
 * recorded.
 *
 * <p>Writes through a {@code VarHandle} are recorded as the plain writes of the same field or element.
 *
 * <p>What the journal cannot put back (a field reflection may not set, a collection behind a view, a JDK object of
 * another kind) it names, for the message of a later divergence ({@link #unrestorable}).
 */
public final class StateJournal {

    /** The field a site names, by site number, or {@link #NO_FIELD}: resolved once per JVM. */
    private static final Map<Integer, Object> STATIC_FIELDS = new ConcurrentHashMap<>();
    private static final ClassValue<Map<Integer, Object>> INSTANCE_FIELDS = new ClassValue<>() {
        @Override
        protected Map<Integer, Object> computeValue(Class<?> type) {
            return new ConcurrentHashMap<>();
        }
    };
    private static final Object NO_FIELD = new Object();

    private final ObjectNames names;
    private final Map<Field, Object> statics = new HashMap<>();
    private final Map<Object, Map<Object, Object>> objects = new IdentityHashMap<>();
    /** Objects restored as a whole (a collection, an atomic), each by the action recorded at its first change. */
    private final Map<Object, Runnable> wholes = new IdentityHashMap<>();
    private final Map<String, String> unrestorable = new LinkedHashMap<>();
    /**
     * The JVM's settings, each put back by the action recorded at its first change: a system property by its key, the
     * default locale and time zone by their class.
     */
    private final Map<Object, Runnable> settings = new HashMap<>();

    public StateJournal(ObjectNames names) {
        this.names = names;
    }

    /** A write of a static field, before it happens. */
    public void staticFieldWrite(int site, ClassLoader loader) {
        Object resolved = STATIC_FIELDS.computeIfAbsent(site, s -> {
            Sites.Site where = Sites.get(s);
            return resolveStatic(where.declaringClass(), fieldName(where.member()), loader);
        });
        if (resolved instanceof Field field) {
            recordStatic(field);
        } else {
            Sites.Site where = Sites.get(site);
            cannotRestore(where.declaringClass() + "." + fieldName(where.member()), site);
        }
    }

    /** A write of an instance field, before it happens. */
    public void fieldWrite(Object owner, int site) {
        if (!recordable(owner)) {
            return;
        }
        Object resolved = INSTANCE_FIELDS.get(owner.getClass()).computeIfAbsent(site, s -> {
            Sites.Site where = Sites.get(s);
            return resolveInstance(owner.getClass(), where.declaringClass(), fieldName(where.member()));
        });
        recordField(owner, resolved, site);
    }

    private void recordStatic(Field field) {
        if (!statics.containsKey(field) && !KeptState.kept(field)) {
            statics.put(field, read(field, null));
        }
    }

    /** @param resolved the field, or {@link #NO_FIELD} */
    private void recordField(Object owner, Object resolved, int site) {
        if (resolved instanceof Field field) {
            Map<Object, Object> before = objects.computeIfAbsent(owner, o -> new HashMap<>());
            if (!before.containsKey(field)) {
                before.put(field, read(field, owner));
            }
        } else {
            cannotRestore("a field of an object of " + ObjectNames.shownClass(owner.getClass()).getName(), site);
        }
    }

    /**
     * A write through a variable handle, before it happens: of the field or array element the handle's target names
     * ({@link VarHandles}). Resolved each time (a handle site may reach many targets), after the cheap checks.
     */
    public void handleWrite(VarHandles.Target target, Object coordinate, int index, ClassLoader loader, int site) {
        switch (target.kind()) {
            case ARRAY_ELEMENT -> arrayWrite(coordinate, index);
            case INSTANCE_FIELD -> {
                if (recordable(coordinate)) {
                    Object resolved = resolveInstance(coordinate.getClass(), target.declaringClass(), target.field());
                    recordField(coordinate, resolved, site);
                }
            }
            case STATIC_FIELD -> {
                Object resolved = resolveStatic(target.declaringClass(), target.field(), loader);
                if (resolved instanceof Field field) {
                    recordStatic(field);
                } else {
                    cannotRestore(target.declaringClass() + "." + target.field(), site);
                }
            }
        }
    }

    /** A write of an array element, before it happens. */
    public void arrayWrite(Object array, int index) {
        if (index < 0 || !firstChangeOfWhole(array) || index >= Array.getLength(array)) {
            return;
        }
        Map<Object, Object> before = objects.computeIfAbsent(array, o -> new HashMap<>());
        if (!before.containsKey(index)) {
            before.put(index, Array.get(array, index));
        }
    }

    /** A write of every element of an array (a JDK call that fills or copies into it), before it happens. */
    public void arrayBulkWrite(Object array) {
        if (!firstChangeOfWhole(array)) {
            return;
        }
        int length = Array.getLength(array);
        Object copy = Array.newInstance(array.getClass().getComponentType(), length);
        System.arraycopy(array, 0, copy, 0, length);
        objects.remove(array); // the copy is older than any element recorded after it, and those were recorded first
        wholes.put(array, () -> System.arraycopy(copy, 0, array, 0, length));
    }

    /** A change of an atomic or an adder through its API (of an atomic array: all its elements are recorded). */
    public void atomicWrite(Object atomic, int site) {
        if (!firstChangeOfWhole(atomic)) {
            return;
        }
        Runnable restore = AtomicRestore.of(atomic);
        if (restore == null) {
            cannotRestore("an object of " + atomic.getClass().getName(), site);
        } else {
            wholes.put(atomic, restore);
        }
    }

    /** A call that may change a collection the runtime models (its first argument for {@code putAll} etc.). */
    public void collectionWrite(Object collection, int site) {
        if (!firstChangeOfWhole(collection)) {
            return;
        }
        Runnable restore = contentsRestore(collection);
        if (restore == null) {
            cannotRestore("an object of " + collection.getClass().getName(), site);
        } else {
            wholes.put(collection, restore);
        }
    }

    /** A semaphore's permits are about to change: put back by draining it and releasing what it had. */
    public void semaphoreChange(Semaphore semaphore) {
        if (!firstChangeOfWhole(semaphore)) {
            return;
        }
        int before = semaphore.availablePermits();
        wholes.put(semaphore, () -> {
            semaphore.drainPermits();
            if (before > 0) {
                semaphore.release(before);
            }
        });
    }

    /**
     * Whether a change of this object is one to record: the execution did not make it, the test does not keep it
     * ({@link KeptState}), and it is not recorded whole already (an array's elements are recorded one by one until a
     * bulk write records it whole).
     */
    private boolean firstChangeOfWhole(Object object) {
        return recordable(object) && !wholes.containsKey(object);
    }

    /** Whether the journal keeps the object's changes: the execution did not make it, nor does the test keep it. */
    private boolean recordable(Object object) {
        return !names.madeByExecution(object) && !KeptState.kept(object);
    }

    /** A JDK object the execution did not make is about to change in a way its API cannot undo (a latch's count). */
    public void changedForGood(Object object, int site) {
        if (!names.madeByExecution(object)) {
            cannotRestore("a " + ObjectNames.simpleName(object.getClass()) + " made before the execution", site);
        }
    }

    /** A system property is about to be set or cleared. */
    void systemProperty(String key) {
        settings.computeIfAbsent(key, any -> {
            String before = System.getProperty(key);
            return before == null ? () -> System.clearProperty(key) : () -> System.setProperty(key, before);
        });
    }

    /** The default locale is about to be set (for every category, as {@code Locale.setDefault(Locale)} does). */
    void defaultLocale() {
        settings.computeIfAbsent(Locale.class, any -> {
            Locale whole = Locale.getDefault();
            Locale display = Locale.getDefault(Locale.Category.DISPLAY);
            Locale format = Locale.getDefault(Locale.Category.FORMAT);
            return () -> {
                Locale.setDefault(whole);
                Locale.setDefault(Locale.Category.DISPLAY, display);
                Locale.setDefault(Locale.Category.FORMAT, format);
            };
        });
    }

    /** The JVM's default handler of uncaught exceptions is about to be set. */
    void defaultUncaughtExceptionHandler() {
        settings.computeIfAbsent(Thread.UncaughtExceptionHandler.class, any -> {
            Thread.UncaughtExceptionHandler before = Thread.getDefaultUncaughtExceptionHandler();
            return () -> Thread.setDefaultUncaughtExceptionHandler(before);
        });
    }

    /** The default time zone is about to be set. */
    void defaultTimeZone() {
        settings.computeIfAbsent(TimeZone.class, any -> {
            TimeZone before = TimeZone.getDefault();
            return () -> TimeZone.setDefault(before);
        });
    }

    /**
     * The execution registered an MBean with a server of the JDK's (the platform MBean server): unregistered at its
     * end if it still is, so that the next execution registers on the same names. A pool that registers itself under
     * the first free name of "pool", "pool1", ... otherwise makes one name more in each execution whose pool a test
     * leaves registered, and every object after it gets another number (commons-pool's testBorrowObjectFairness).
     */
    void mbeanRegistered(MBeanServer server, ObjectName name, int site) {
        settings.putIfAbsent(new Registration(server, name), () -> {
            try {
                if (server.isRegistered(name)) {
                    server.unregisterMBean(name);
                }
            } catch (JMException | RuntimeException e) {
                // the MBean refused to go (its preDeregister threw): left registered, and named if runs diverge
                cannotRestore("the MBean registered as " + name + ", which would not be unregistered (" + e + ")",
                        site);
            }
        });
    }

    /** A registration with an MBean server, by the server's identity and the name. */
    private record Registration(MBeanServer server, ObjectName name) {
        @Override
        public boolean equals(Object other) {
            return other instanceof Registration that && that.server == server && that.name.equals(name);
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(server) * 31 + name.hashCode();
        }
    }

    /** The object was allocated in this execution after all: what its constructor changed is its own. */
    public void forget(Object object) {
        if (!objects.isEmpty()) {
            objects.remove(object);
        }
    }

    /** Whether the execution changed state it did not create that the journal could not record. */
    public Map<String, String> unrestorable() {
        return unrestorable;
    }

    /** Puts everything back as it was before the execution's first change of it; once all its threads have ended. */
    public void restore() {
        // fields first: a collection's restore hashes its elements, whose hash may depend on their fields
        statics.forEach(StateJournal::write);
        objects.forEach((object, before) -> before.forEach((location, value) -> {
            if (location instanceof Field field) {
                write(field, object, value);
            } else {
                Array.set(object, (Integer) location, value);
            }
        }));
        wholes.values().forEach(Runnable::run);
        settings.values().forEach(Runnable::run);
        statics.clear();
        objects.clear();
        wholes.clear();
        settings.clear();
    }

    private void cannotRestore(String what, int site) {
        unrestorable.putIfAbsent(what, Execution.source(site).toString());
    }

    private static Object resolveStatic(String declaringClass, String name, ClassLoader loader) {
        try {
            Field field = Class.forName(declaringClass, false, loader).getDeclaredField(name);
            return settable(field) ? field : NO_FIELD;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return NO_FIELD;
        }
    }

    /** @param declaringClass its binary name, or empty when unknown: the nearest field of that name */
    private static Object resolveInstance(Class<?> type, String declaringClass, String name) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            if (declaringClass.isEmpty() || c.getName().equals(declaringClass)) {
                for (Field field : c.getDeclaredFields()) {
                    if (field.getName().equals(name) && !Modifier.isStatic(field.getModifiers())) {
                        return settable(field) ? field : NO_FIELD;
                    }
                }
            }
        }
        return NO_FIELD;
    }

    private static boolean settable(Field field) {
        return !Modifier.isFinal(field.getModifiers()) && field.trySetAccessible();
    }

    private static Object read(Field field, Object owner) {
        try {
            return field.get(owner);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("Weft could not read " + field + " to record it", e);
        }
    }

    private static void write(Field field, Object value) {
        write(field, null, value);
    }

    private static void write(Field field, Object owner, Object value) {
        try {
            field.set(owner, value);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("Weft could not put back " + field, e);
        }
    }

    /** {@code "balance"} stays, {@code "Config.flag"} (how sites name static fields) becomes {@code "flag"}. */
    private static String fieldName(String member) {
        return member.substring(member.lastIndexOf('.') + 1);
    }

    /**
     * Puts back a collection's contents: emptied and filled again in the order it had, so that a hash table keeps its
     * order (its capacity never shrinks, so once grown it is the same in every execution). Only the JDK's own classes
     * the runtime models, whose {@code clear} and {@code addAll}/{@code put} are theirs; a view, a user's subclass, a
     * queue that hands elements over ({@code SynchronousQueue}) are not restored.
     */
    private static Runnable contentsRestore(Object collection) {
        CollectionClasses.Kind kind = CollectionClasses.kind(collection.getClass());
        if (!collection.getClass().getName().startsWith("java.util.") || kind == CollectionClasses.Kind.NONE
                || kind == CollectionClasses.Kind.SYNCHRONOUS_QUEUE) {
            return null;
        }
        if (collection instanceof Map<?, ?> map) {
            @SuppressWarnings("unchecked")
            Map<Object, Object> target = (Map<Object, Object>) map;
            List<Map.Entry<Object, Object>> before = new ArrayList<>(target.size());
            target.forEach((key, value) -> before.add(Map.entry(key, value)));
            return () -> {
                target.clear();
                before.forEach(entry -> target.put(entry.getKey(), entry.getValue()));
            };
        }
        if (collection instanceof Collection<?> elements) {
            @SuppressWarnings("unchecked")
            Collection<Object> target = (Collection<Object>) elements;
            List<Object> before = new ArrayList<>(target);
            return () -> {
                target.clear();
                target.addAll(before);
            };
        }
        if (collection instanceof BitSet bits) {
            BitSet before = (BitSet) bits.clone();
            return () -> {
                bits.clear();
                bits.or(before);
            };
        }
        return null;
    }

    /** The atomics and adders, put back through their API. */
    private static final class AtomicRestore {

        private AtomicRestore() {
        }

        static Runnable of(Object atomic) {
            if (atomic instanceof AtomicInteger value) {
                int before = value.get();
                return () -> value.set(before);
            }
            if (atomic instanceof AtomicLong value) {
                long before = value.get();
                return () -> value.set(before);
            }
            if (atomic instanceof AtomicBoolean value) {
                boolean before = value.get();
                return () -> value.set(before);
            }
            if (atomic instanceof AtomicReference<?> value) {
                @SuppressWarnings("unchecked")
                AtomicReference<Object> target = (AtomicReference<Object>) value;
                Object before = target.get();
                return () -> target.set(before);
            }
            if (atomic instanceof LongAdder adder) {
                long before = adder.sum();
                return () -> {
                    adder.reset();
                    adder.add(before);
                };
            }
            if (atomic instanceof DoubleAdder adder) {
                double before = adder.sum();
                return () -> {
                    adder.reset();
                    adder.add(before);
                };
            }
            return ofArray(atomic);
        }

        private static Runnable ofArray(Object atomic) {
            if (atomic instanceof AtomicIntegerArray array) {
                return elementwise(array.length(), array::get, (value, i) -> array.set(i, (Integer) value));
            }
            if (atomic instanceof AtomicLongArray array) {
                return elementwise(array.length(), array::get, (value, i) -> array.set(i, (Long) value));
            }
            if (atomic instanceof AtomicReferenceArray<?> array) {
                @SuppressWarnings("unchecked")
                AtomicReferenceArray<Object> target = (AtomicReferenceArray<Object>) array;
                return elementwise(target.length(), target::get, (value, i) -> target.set(i, value));
            }
            return null;
        }

        /** Records every element now; the action sets each back. Boxed: a restore is rare, once per execution. */
        private static Runnable elementwise(int length, IntFunction<Object> get, ObjIntConsumer<Object> set) {
            Object[] before = new Object[length];
            for (int i = 0; i < length; i++) {
                before[i] = get.apply(i);
            }
            return () -> {
                for (int i = 0; i < length; i++) {
                    set.accept(before[i], i);
                }
            };
        }
    }
}
