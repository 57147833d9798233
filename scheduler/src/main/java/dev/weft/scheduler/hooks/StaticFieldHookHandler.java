package dev.weft.scheduler.hooks;

/**
 * The hooks of static fields that an execution may keep a copy of its own of (runtime {@code StaticCopies}): when
 * parallel workers run executions side by side, each execution's writes of a static field of instrumented code go to
 * its own copy, and its reads find them there, so that no execution sees another's. The defaults keep every access on
 * the real field.
 *
 * <p>A read calls {@code staticRead...} with the value the real {@code GETSTATIC} loaded, and gets the value the code
 * goes on with. A write first asks {@link #staticWriteKept}; if the answer is {@code true} it calls
 * {@code staticWrite...} instead of {@code PUTSTATIC}. A {@code boolean}, {@code byte}, {@code char} or {@code short}
 * field goes through the {@code int} hooks, as the JVM's stack holds it.
 */
public interface StaticFieldHookHandler {

    default int staticReadInt(int value, int site) {
        return value;
    }

    default long staticReadLong(long value, int site) {
        return value;
    }

    default float staticReadFloat(float value, int site) {
        return value;
    }

    default double staticReadDouble(double value, int site) {
        return value;
    }

    default Object staticReadObject(Object value, int site) {
        return value;
    }

    /** Before {@code PUTSTATIC}: whether the execution keeps the value itself (then the instruction does not run). */
    default boolean staticWriteKept(int site) {
        return false;
    }

    /** Called only after {@link #staticWriteKept} answered {@code true}, in place of {@code PUTSTATIC}. */
    default void staticWrite(Object boxed, int site) {
        throw new IllegalStateException("a static write the handler did not keep");
    }
}
