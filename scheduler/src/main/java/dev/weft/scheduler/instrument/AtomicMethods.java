package dev.weft.scheduler.instrument;

import dev.weft.scheduler.hooks.Sites;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The atomic classes of {@code java.util.concurrent.atomic} and how each of their public methods accesses the value.
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
        UPDATER
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

    private static final Map<String, Shape> CLASSES = Map.of(
            PACKAGE + "AtomicBoolean", Shape.SCALAR,
            PACKAGE + "AtomicInteger", Shape.SCALAR,
            PACKAGE + "AtomicLong", Shape.SCALAR,
            PACKAGE + "AtomicReference", Shape.SCALAR,
            PACKAGE + "AtomicIntegerArray", Shape.ARRAY,
            PACKAGE + "AtomicLongArray", Shape.ARRAY,
            PACKAGE + "AtomicReferenceArray", Shape.ARRAY,
            PACKAGE + "AtomicIntegerFieldUpdater", Shape.UPDATER,
            PACKAGE + "AtomicLongFieldUpdater", Shape.UPDATER,
            PACKAGE + "AtomicReferenceFieldUpdater", Shape.UPDATER);

    private static final Set<String> READS = Set.of(
            "get", "getPlain", "getOpaque", "getAcquire",
            "intValue", "longValue", "floatValue", "doubleValue", "byteValue", "shortValue");
    private static final Set<String> WRITES = Set.of("set", "lazySet", "setPlain", "setOpaque", "setRelease");
    private static final Set<String> READ_WRITES = Set.of(
            "getAndSet", "getAndIncrement", "getAndDecrement", "getAndAdd", "incrementAndGet", "decrementAndGet",
            "addAndGet", "getAndUpdate", "updateAndGet", "getAndAccumulate", "accumulateAndGet");
    private static final Set<String> BOOLEAN_CAS = Set.of(
            "compareAndSet", "weakCompareAndSet", "weakCompareAndSetPlain", "weakCompareAndSetVolatile",
            "weakCompareAndSetAcquire", "weakCompareAndSetRelease");
    private static final Set<String> WITNESS_CAS = Set.of(
            "compareAndExchange", "compareAndExchangeAcquire", "compareAndExchangeRelease");

    private AtomicMethods() {
    }

    /** The JDK atomic classes, by internal name. */
    static Set<String> classes() {
        return CLASSES.keySet();
    }

    static Shape shape(String atomicClass) {
        return CLASSES.get(atomicClass);
    }

    static boolean isUpdater(String internalName) {
        return CLASSES.get(internalName) == Shape.UPDATER;
    }

    /** How the method accesses the value, or empty when it does not access one value. */
    static Optional<Access> access(String method, Shape shape) {
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
