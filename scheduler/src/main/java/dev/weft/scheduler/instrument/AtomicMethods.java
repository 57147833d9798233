package dev.weft.scheduler.instrument;

import dev.weft.scheduler.hooks.Sites;
import java.lang.reflect.Method;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import net.bytebuddy.jar.asm.Type;

/**
 * The atomic classes of {@code java.util.concurrent.atomic} (the adders and accumulators too), and
 * {@code VarHandle}, and how each of their public methods accesses the value.
 * Methods not listed ({@code length()}, array {@code toString()}) touch no single value and are left alone.
 */
final class AtomicMethods {

    /** How the receiver of a call names the atomic value. */
    enum Shape {
        /** {@code AtomicInteger} and friends: the receiver is the value. */
        SCALAR,
        /** {@code AtomicIntegerArray} and friends: the receiver and the first argument (the index). */
        ARRAY,
        /** {@code AtomicIntegerFieldUpdater} and friends: the first argument is the object whose field is updated. */
        UPDATER,
        /**
         * {@code VarHandle}: the receiver is the handle, and its coordinates (an object, an array and an index, or none)
         * come first among the arguments; which of them it takes is known only from the handle, at run time.
         */
        VAR_HANDLE,
        /** {@code LongAdder} and friends: the receiver is the value, and its updates commute. */
        ADDER
    }

    /** How a compare-and-set reports whether it succeeded. */
    enum CasResult {
        /** not a compare-and-set */
        NONE,
        /** returns {@code true} on success */
        BOOLEAN,
        /** returns the witness value, equal to the expected value on success ({@code compareAndExchange}) */
        WITNESS
    }

    record Access(int access, CasResult casResult) {
    }

    private static final String PACKAGE = "java/util/concurrent/atomic/";

    private static final Map<String, Shape> CLASSES = Map.ofEntries(
            Map.entry(PACKAGE + "AtomicBoolean", Shape.SCALAR),
            Map.entry(PACKAGE + "AtomicInteger", Shape.SCALAR),
            Map.entry(PACKAGE + "AtomicLong", Shape.SCALAR),
            Map.entry(PACKAGE + "AtomicReference", Shape.SCALAR),
            Map.entry(PACKAGE + "AtomicStampedReference", Shape.SCALAR),
            Map.entry(PACKAGE + "AtomicMarkableReference", Shape.SCALAR),
            Map.entry(PACKAGE + "AtomicIntegerArray", Shape.ARRAY),
            Map.entry(PACKAGE + "AtomicLongArray", Shape.ARRAY),
            Map.entry(PACKAGE + "AtomicReferenceArray", Shape.ARRAY),
            Map.entry(PACKAGE + "AtomicIntegerFieldUpdater", Shape.UPDATER),
            Map.entry(PACKAGE + "AtomicLongFieldUpdater", Shape.UPDATER),
            Map.entry(PACKAGE + "AtomicReferenceFieldUpdater", Shape.UPDATER),
            Map.entry("java/lang/invoke/VarHandle", Shape.VAR_HANDLE),
            Map.entry(PACKAGE + "LongAdder", Shape.ADDER),
            Map.entry(PACKAGE + "DoubleAdder", Shape.ADDER),
            Map.entry(PACKAGE + "LongAccumulator", Shape.ADDER),
            Map.entry(PACKAGE + "DoubleAccumulator", Shape.ADDER));

    private static final Set<String> READS = Set.of(
            "get", "getPlain", "getOpaque", "getAcquire", "getReference", "getStamp", "isMarked",
            "intValue", "longValue", "floatValue", "doubleValue", "byteValue", "shortValue");
    private static final Set<String> WRITES = Set.of("set", "lazySet", "setPlain", "setOpaque", "setRelease");
    private static final Set<String> READ_WRITES = Set.of(
            "getAndSet", "getAndIncrement", "getAndDecrement", "getAndAdd", "incrementAndGet", "decrementAndGet",
            "addAndGet", "getAndUpdate", "updateAndGet", "getAndAccumulate", "accumulateAndGet");
    private static final Set<String> BOOLEAN_CAS = Set.of(
            "compareAndSet", "weakCompareAndSet", "weakCompareAndSetPlain", "weakCompareAndSetVolatile",
            "weakCompareAndSetAcquire", "weakCompareAndSetRelease", "attemptStamp", "attemptMark");
    private static final Set<String> WITNESS_CAS = Set.of(
            "compareAndExchange", "compareAndExchangeAcquire", "compareAndExchangeRelease");

    /** By JDK atomic class, the name and descriptor of each of its public methods, once a subclass's call asks. */
    private static final Map<String, Set<String>> PUBLIC_METHODS = new ConcurrentHashMap<>();

    /** The access modes of {@code VarHandle} ({@code VarHandle.AccessMode}), by method name. */
    private static final Map<String, Access> VAR_HANDLE_MODES = varHandleModes();

    /** The methods of the adders and accumulators, by name. */
    private static final Map<String, Access> ADDER_METHODS = adderMethods();

    private AtomicMethods() {
    }

    private static Map<String, Access> adderMethods() {
        Map<String, Access> methods = new HashMap<>();
        put(methods, Sites.ADD, CasResult.NONE, "add", "increment", "decrement", "accumulate");
        put(methods, Sites.READ, CasResult.NONE, "sum", "get", "intValue", "longValue", "floatValue", "doubleValue",
                "toString");
        put(methods, Sites.READ_WRITE, CasResult.NONE, "reset", "sumThenReset", "getThenReset");
        return Map.copyOf(methods);
    }

    private static Map<String, Access> varHandleModes() {
        Map<String, Access> modes = new HashMap<>();
        put(modes, Sites.READ, CasResult.NONE, "get", "getVolatile", "getAcquire", "getOpaque");
        put(modes, Sites.WRITE, CasResult.NONE, "set", "setVolatile", "setRelease", "setOpaque");
        for (String operation : List.of("getAndSet", "getAndAdd", "getAndBitwiseOr", "getAndBitwiseAnd",
                "getAndBitwiseXor")) {
            put(modes, Sites.READ_WRITE, CasResult.NONE, operation, operation + "Acquire", operation + "Release");
        }
        put(modes, Sites.CAS, CasResult.BOOLEAN, "compareAndSet", "weakCompareAndSet", "weakCompareAndSetPlain",
                "weakCompareAndSetAcquire", "weakCompareAndSetRelease");
        put(modes, Sites.CAS, CasResult.WITNESS, "compareAndExchange", "compareAndExchangeAcquire",
                "compareAndExchangeRelease");
        return Map.copyOf(modes);
    }

    private static void put(Map<String, Access> into, int access, CasResult casResult, String... names) {
        for (String name : names) {
            into.put(name, new Access(access, casResult));
        }
    }

    /** The JDK atomic classes, by internal name. */
    static Set<String> classes() {
        return CLASSES.keySet();
    }

    static Shape shape(String atomicClass) {
        return CLASSES.get(atomicClass);
    }

    /**
     * Whether the JDK atomic class (an internal name among {@link #classes()}) has a public method of that name and
     * descriptor, its own or inherited: what a call on a subclass must name to be the class's operation.
     */
    static boolean declares(String atomicClass, String name, String descriptor) {
        return PUBLIC_METHODS.computeIfAbsent(atomicClass, AtomicMethods::publicMethods).contains(name + descriptor);
    }

    private static Set<String> publicMethods(String atomicClass) {
        try {
            Set<String> methods = new HashSet<>();
            for (Method method : Class.forName(atomicClass.replace('/', '.')).getMethods()) {
                methods.add(method.getName() + Type.getMethodDescriptor(method));
            }
            return Set.copyOf(methods);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("the JDK has no " + atomicClass, e);
        }
    }

    static boolean isUpdater(String internalName) {
        return CLASSES.get(internalName) == Shape.UPDATER;
    }

    /** How the method accesses the value, or empty when it does not access one value. */
    static Optional<Access> access(String method, Shape shape) {
        if (shape == Shape.VAR_HANDLE) {
            return Optional.ofNullable(VAR_HANDLE_MODES.get(method));
        }
        if (shape == Shape.ADDER) {
            return Optional.ofNullable(ADDER_METHODS.get(method));
        }
        if (READS.contains(method)) {
            return Optional.of(new Access(Sites.READ, CasResult.NONE));
        }
        if (method.equals("toString") && shape == Shape.SCALAR) {
            return Optional.of(new Access(Sites.READ, CasResult.NONE));
        }
        if (WRITES.contains(method)) {
            return Optional.of(new Access(Sites.WRITE, CasResult.NONE));
        }
        if (READ_WRITES.contains(method)) {
            return Optional.of(new Access(Sites.READ_WRITE, CasResult.NONE));
        }
        if (BOOLEAN_CAS.contains(method)) {
            return Optional.of(new Access(Sites.CAS, CasResult.BOOLEAN));
        }
        if (WITNESS_CAS.contains(method)) {
            return Optional.of(new Access(Sites.CAS, CasResult.WITNESS));
        }
        return Optional.empty();
    }
}
