package dev.weft.scheduler.hooks;

import java.lang.reflect.Field;

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
 *
 * <p>The same copies answer reflection ({@code Field.get...} and {@code Field.set...} in instrumented code): a read
 * calls {@code reflectiveRead...} with the value the real call returned; a write first asks
 * {@link #reflectiveWriteKept}, and if the answer is {@code true} the call site checks the caller's access with a
 * real {@code Field.get} and calls {@link #reflectiveWrite} instead of the real {@code set}.
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

    /** After {@code Field.getInt} (also {@code getBoolean}, {@code getByte}, {@code getChar}, {@code getShort}). */
    default int reflectiveReadInt(int value, Field field, int site) {
        return value;
    }

    default long reflectiveReadLong(long value, Field field, int site) {
        return value;
    }

    default float reflectiveReadFloat(float value, Field field, int site) {
        return value;
    }

    default double reflectiveReadDouble(double value, Field field, int site) {
        return value;
    }

    /** After {@code Field.get}: the field's value boxed, as {@code get} returns it. */
    default Object reflectiveReadObject(Object value, Field field, int site) {
        return value;
    }

    /** Before {@code Field.set...}: whether the execution keeps the value itself (then the real call does not run). */
    default boolean reflectiveWriteKept(Field field, int site) {
        return false;
    }

    /**
     * Called only after {@link #reflectiveWriteKept} answered {@code true}, in place of {@code Field.set...}: the value
     * is boxed as {@code Field.set} takes it ({@code setInt(o, 1)} is {@code set(o, Integer.valueOf(1))}).
     *
     * @throws IllegalArgumentException where {@code Field.set} throws it: a value the field's type does not take
     */
    default void reflectiveWrite(Field field, Object boxed, int site) {
        throw new IllegalStateException("a reflective write the handler did not keep");
    }
}
