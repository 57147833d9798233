package dev.weft.scheduler.hooks;

import java.lang.reflect.Field;

/**
 * The memory hooks, one family of {@link HookHandlers}: field and array accesses, allocations, atomics and var handles
 * (the memory the test's threads share). The default methods do exactly what the uninstrumented code would have done,
 * without control.
 */
public interface MemoryHookHandler {

    /** Before {@code GETFIELD} (owner is the object) or {@code GETSTATIC} (owner is {@code null}). */
    default void fieldRead(Object owner, int site) {
    }

    /** Before {@code PUTFIELD} (owner is the object) or {@code PUTSTATIC} (owner is {@code null}). */
    default void fieldWrite(Object owner, int site) {
    }

    /**
     * Before a JDK call that reads or writes the elements of an array in bulk ({@code clone()},
     * {@code Arrays.copyOf}, {@code Arrays.fill}, ...): it reads or writes {@code first}, and reads {@code second}
     * ({@code System.arraycopy}'s source, the other array of {@code Arrays.equals}) unless that is {@code null}. Either
     * may be {@code null} or no array, when the real call throws.
     */
    default void arrayBulk(Object first, boolean firstWritten, Object second, int site) {
    }

    /** Before an array element load. */
    default void arrayRead(Object array, int index, int site) {
    }

    /** Before an array element store. */
    default void arrayWrite(Object array, int index, int site) {
    }

    /** After an object or array was allocated (its constructor has returned). */
    default void allocated(Object object, int site) {
    }

    /**
     * In the constructor of a class directly below {@code Object} (or {@code Thread}), once its {@code super()} call
     * returned, or where a lambda that captures values was just made: the object exists, and nothing has asked for its
     * hash yet.
     */
    default void constructing(Object self) {
    }

    /**
     * Before a method of an atomic variable ({@code java.util.concurrent.atomic}) runs; the method itself runs when
     * this returns. For compare-and-set methods {@link #casResult} follows with the outcome.
     *
     * @param atomic the atomic object (an {@code AtomicInteger}, an {@code AtomicIntegerArray}, a {@code LongAdder},
     *               or the object an updater updates)
     * @param index  the array index for atomic arrays, else {@code -1}
     * @param access one of {@link Sites#READ}, {@link Sites#WRITE}, {@link Sites#READ_WRITE}, {@link Sites#CAS},
     *               {@link Sites#ADD} (an adder's update)
     */
    default void atomicAccess(Object atomic, int index, int access, int site) {
    }

    /**
     * Before an access method of a {@code VarHandle} ({@code get}, {@code setRelease}, {@code compareAndSet},
     * {@code getAndAdd}, ...) runs; the method itself runs when this returns. For compare-and-set methods
     * {@link #casResult} follows with the outcome.
     *
     * @param varHandle  the variable handle
     * @param coordinate the call's first argument if it is a reference (the object of a field, or the array), else
     *                   {@code null}; which of them the handle takes is known only from the handle
     * @param index      the call's second argument if it is an {@code int} (an array handle's index), else {@code -1}
     * @param access     one of {@link Sites#READ}, {@link Sites#WRITE}, {@link Sites#READ_WRITE}, {@link Sites#CAS}
     */
    default void varHandleAccess(Object varHandle, Object coordinate, int index, int access, int site) {
    }

    /**
     * Before a field of {@code java.lang.reflect.Field} reads or writes the field ({@code get}, {@code getInt},
     * {@code set}, {@code setLong}, ...); the method itself runs when this returns, with the caller's access checks.
     *
     * @param field the field the call reaches
     * @param owner the call's object: the field's owner, ignored for a static field
     * @param write whether the call is a {@code set}
     */
    default void reflectiveFieldAccess(Field field, Object owner, boolean write, int site) {
    }

    /** After a compare-and-set of an atomic ran; returns its result unchanged. */
    default boolean casResult(boolean success, int site) {
        return success;
    }
}
