package dev.weft.samples.races;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.samples.support.Concurrently;

import java.lang.reflect.Field;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fields read and written through reflection ({@code Field.getInt}, {@code Field.set}), as frameworks and tests that
 * reach private state do: each call is an access of the field, the same location as a plain access of it. Run by
 * {@link ReflectionTest}.
 */
class ReflectionPrograms {

    static final class Counter {
        int value;
        static int total;
    }

    private static final Field VALUE = field("value");
    private static final Field TOTAL = field("total");

    private static Field field(String name) {
        try {
            return Counter.class.getDeclaredField(name);
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Reads the field, then writes one more, through reflection: two threads can both read 0. */
    private static void incrementThroughReflection(Field field, Object owner) {
        try {
            field.setInt(owner, field.getInt(owner) + 1);
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    @ExhaustiveConcurrency
    void incrementThroughReflectionLosesAnUpdate() throws Exception {
        Counter counter = new Counter();
        Concurrently.run(() -> incrementThroughReflection(VALUE, counter),
                () -> incrementThroughReflection(VALUE, counter));
        assertThat(counter.value).isEqualTo(2);
    }

    @ExhaustiveConcurrency
    void staticIncrementThroughReflectionLosesAnUpdate() throws Exception {
        Counter.total = 0;
        Concurrently.run(() -> incrementThroughReflection(TOTAL, null), () -> incrementThroughReflection(TOTAL, null));
        assertThat(Counter.total).isEqualTo(2);
    }

    /** A plain increment against one through reflection: neither is atomic. */
    @ExhaustiveConcurrency
    void plainIncrementRacesWithReflection() throws Exception {
        Counter counter = new Counter();
        Concurrently.run(() -> counter.value++, () -> incrementThroughReflection(VALUE, counter));
        assertThat(counter.value).isEqualTo(2);
    }

    @ExhaustiveConcurrency
    void incrementsThroughReflectionUnderALock() throws Exception {
        Counter counter = new Counter();
        Runnable locked = () -> {
            synchronized (counter) {
                incrementThroughReflection(VALUE, counter);
            }
        };
        Concurrently.run(locked, locked);
        assertThat(counter.value).isEqualTo(2);
    }

    /** A plain write against a read through reflection, which sees 0 or 1. */
    @ExhaustiveConcurrency
    void readsThroughReflectionWhatAPlainWriteWrote() throws Exception {
        Counter counter = new Counter();
        int[] seen = new int[1];
        Concurrently.run(() -> counter.value = 1, () -> {
            try {
                seen[0] = VALUE.getInt(counter);
            } catch (IllegalAccessException e) {
                throw new AssertionError(e);
            }
        });
        assertThat(seen[0]).isBetween(0, 1);
    }
}
