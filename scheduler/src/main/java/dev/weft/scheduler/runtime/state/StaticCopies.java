package dev.weft.scheduler.runtime.state;

import dev.weft.scheduler.hooks.Sites;
import dev.weft.scheduler.runtime.Execution;
import dev.weft.scheduler.runtime.ObjectNames;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One execution's own static fields, while parallel workers run executions side by side in one JVM: each
 * execution's writes of a static field of instrumented code go here instead of to the field, and its reads find
 * them here, so that no execution sees another's and the real fields keep the state every execution starts from. An
 * execution ends, and its copies with it: nothing needs putting back.
 *
 * <p>Covered: every static field whose accesses the instrumentation routes through the static-field hooks
 * ({@link Sites#isStaticCopyable}): fields of classes Weft instruments, final ones too where a static initialiser run
 * again assigns them ({@link StaticInitialisers}). Not covered, and so left to the {@link SharedStateWatch}: the
 * writes of the JVM's own initialisation of a class (the state every execution starts from), fields the test keeps
 * across executions ({@link KeptState}), fields reflection cannot find from the thread's class loader, and accesses
 * by variable handles or uninstrumented code, which see the real field. Reflection ({@code Field.get},
 * {@code Field.set}) in instrumented code sees the copies as the plain accesses do.
 *
 * <p>The threads of an execution move one at a time, so one map serves them all.
 */
public final class StaticCopies {

    /** What {@link #own} answers for a field the execution has not written. */
    public static final Object ABSENT = new Object();
    private static final Object NULL = new Object();
    /** The field an access site names, or {@link #NO_FIELD}: resolved once per JVM. */
    private static final Map<Integer, Object> FIELDS = new ConcurrentHashMap<>();
    /** The static field a {@code VarHandle} reaches, by {@code Class.field}, or {@link #NO_FIELD}: resolved once. */
    private static final Map<String, Object> HANDLE_FIELDS = new ConcurrentHashMap<>();
    private static final Object NO_FIELD = new Object();
    /** Executions with copies now: while none, a read of a static field costs one volatile read more. */
    private static final AtomicInteger OPEN = new AtomicInteger();

    private final Map<Field, Object> values = new HashMap<>();
    /** Fields a variable handle reached in this execution: from then on its accesses are to the real field. */
    private final Set<Field> handedOver = new HashSet<>();
    /** What initialisers run again in this execution made: theirs to change ({@link #writtenByInitialiser}). */
    private final Map<Object, Boolean> madeByInitialisers = new IdentityHashMap<>();
    private boolean closed;

    private StaticCopies() {
    }

    /** Copies for an execution that runs beside others; {@link #close} when it ended. */
    public static StaticCopies open() {
        OPEN.incrementAndGet();
        return new StaticCopies();
    }

    /** Whether any execution keeps copies now. */
    public static boolean anyOpen() {
        return OPEN.get() != 0;
    }

    public void close() {
        if (!closed) {
            closed = true;
            values.clear();
            handedOver.clear();
            madeByInitialisers.clear();
            OPEN.decrementAndGet();
        }
    }

    /**
     * Whether {@code self}'s access at {@code site} is to the execution's copy: the JVM's own initialisation of a class
     * writes the real field, as does a write to a field kept across executions or not found.
     */
    public boolean keeps(ManagedThread self, int site) {
        if (self.inTheJvmsInitialiser()) {
            return false;
        }
        Field field = field(site, self);
        return field != null && (handedOver.isEmpty() || !handedOver.contains(field));
    }

    /** The value the execution wrote to the field at {@code site}, or {@link #ABSENT}. */
    Object own(int site, ManagedThread self) {
        if (values.isEmpty()) {
            return ABSENT;
        }
        Field field = field(site, self);
        return field == null ? ABSENT : own(field);
    }

    /**
     * As {@link #own}, in the field's type, for a report: a {@code boolean}, {@code byte}, {@code char} or
     * {@code short} is kept as the {@code int} the JVM's stack holds.
     */
    public Object ownShown(int site, ManagedThread self) {
        Object own = own(site, self);
        return own instanceof Integer ? shown(field(site, self).getType(), own) : own;
    }

    /**
     * The execution's own value of a field reflection reaches ({@code Field.get}), or {@link #ABSENT}: boxed in the
     * field's type, as {@code Field.get} returns it.
     */
    public Object ownShown(Field field) {
        Object own = own(field);
        return own instanceof Integer ? shown(field.getType(), own) : own;
    }

    /** An {@code int} as kept for a field of the small primitives, in the field's type. */
    private static Object shown(Class<?> type, Object kept) {
        if (kept instanceof Integer value) {
            if (type == boolean.class) {
                return value != 0;
            } else if (type == char.class) {
                return (char) value.intValue();
            } else if (type == byte.class) {
                return value.byteValue();
            } else if (type == short.class) {
                return value.shortValue();
            }
        }
        return kept;
    }

    /**
     * Whether a write of the field through reflection goes to the execution's copy: where its plain writes do (a
     * field of a class Weft instruments, not final, not kept across executions, outside the JVM's initialisation).
     */
    public boolean keeps(ManagedThread self, Field field) {
        return !self.inTheJvmsInitialiser() && Modifier.isStatic(field.getModifiers()) && copiedByPlainAccesses(field)
                && !handedOver.contains(field);
    }

    /**
     * Whether an execution's plain accesses of the static field go to its copy (runtime side of the instrumentation's
     * {@code FieldAccessVisitor#mayHaveCopies}): a field of a class Weft instruments, not final, not kept across
     * executions.
     */
    private static boolean copiedByPlainAccesses(Field field) {
        return !Modifier.isFinal(field.getModifiers())
                && Sites.areStaticFieldsCopyable(field.getDeclaringClass().getName()) && !KeptState.kept(field);
    }

    /**
     * A {@code VarHandle} reaches the static field, which it reads and writes itself, past any copy: the execution's
     * copy, if it has one, goes to the real field (its old value recorded first, to be put back), and the execution's
     * plain and reflective accesses of the field are to the real field from now on. Executions side by side would then
     * share the field: the caller tells the watch.
     *
     * @param record records the real field's value before the copy is written to it ({@link StateJournal})
     * @return whether the execution keeps copies of this field, so that it could not stay the execution's own
     */
    public boolean handOver(ManagedThread self, String declaringClass, String name, Runnable record) {
        if (!Sites.areStaticFieldsCopyable(declaringClass)) {
            return false; // the cheap test first: a handle's every access comes here
        }
        Object resolved = HANDLE_FIELDS.computeIfAbsent(declaringClass + "." + name,
                any -> declaredField(declaringClass, name, self.thread.getContextClassLoader()));
        if (!(resolved instanceof Field field) || !copiedByPlainAccesses(field)) {
            return false;
        }
        if (!handedOver.add(field)) {
            return true;
        }
        Object own = ownShown(field);
        values.remove(field);
        if (own != ABSENT) {
            record.run();
            try {
                field.setAccessible(true);
                field.set(null, own);
            } catch (ReflectiveOperationException | RuntimeException e) {
                throw new IllegalStateException("Weft could not give " + field + " the execution's own value", e);
            }
        }
        return true;
    }

    /**
     * A write through reflection, where {@link #keeps} said so: the value converted as {@code Field.set} converts it
     * ({@link ReflectiveValues}).
     *
     * @throws IllegalArgumentException where {@code Field.set} throws it
     */
    void write(Field field, Object boxed) {
        Object kept = ReflectiveValues.asKept(field, boxed);
        values.put(field, kept == null ? NULL : kept);
    }

    /** The execution's own value as a field of {@code int}, {@code long}, ... ({@code Field.getInt}), or ABSENT. */
    Object own(Field field) {
        Object value = values.isEmpty() ? null : values.get(field);
        return value == null ? ABSENT : value == NULL ? null : value;
    }

    /** Called only where {@link #keeps} said so. */
    void write(int site, ManagedThread self, Object boxed) {
        values.put(field(site, self), boxed == null ? NULL : boxed);
    }

    /**
     * A static initialiser that runs in each execution (the JVM's own, the first time, or a copy run again) made
     * {@code object} in this execution (its allocation hook): the object is the execution's, as the class's state is.
     */
    public void madeByInitialiser(Object object) {
        madeByInitialisers.put(object, Boolean.TRUE);
    }

    public boolean isMadeByInitialiser(Object object) {
        return !madeByInitialisers.isEmpty() && madeByInitialisers.containsKey(object);
    }

    /**
     * An initialiser run again in this execution changes {@code object} (a field, an element, a modelled call, an
     * atomic), at {@code site}: its steps are not visible operations, so the watch hears here of a change to an object
     * the initialiser did not make, which other executions may share (registering itself in another class's static
     * map). A constructor's writes to the object it makes come before its allocation hook and are its own.
     *
     * @param constructorClass the class whose constructor makes the write, or {@code null}
     */
    public void writtenByInitialiser(ManagedThread self, Object object, String constructorClass, int site) {
        if (object != null && !isMadeByInitialiser(object)
                && (constructorClass == null || !ObjectNames.isA(object.getClass(), constructorClass))) {
            self.execution.watch.touchedObject(object, true, Execution.source(site));
        }
    }

    /** The field a copyable site accesses, if the execution may keep a copy of it; else {@code null}. */
    private static Field field(int site, ManagedThread self) {
        Object resolved = FIELDS.computeIfAbsent(site, s -> resolve(s, self.thread.getContextClassLoader()));
        return resolved instanceof Field field && !KeptState.kept(field) ? field : null;
    }

    private static Object resolve(int site, ClassLoader loader) {
        if (!Sites.isStaticCopyable(site)) {
            return NO_FIELD;
        }
        Sites.Site where = Sites.get(site);
        String member = where.member();
        return declaredField(where.declaringClass(), member.substring(member.lastIndexOf('.') + 1), loader);
    }

    /** The field, or {@link #NO_FIELD} when the class or the field cannot be found from the loader. */
    private static Object declaredField(String declaringClass, String name, ClassLoader loader) {
        try {
            return Class.forName(declaringClass, false, loader).getDeclaredField(name);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return NO_FIELD;
        }
    }
}
