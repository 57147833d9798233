package dev.weft.scheduler.runtime.state;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link ReflectiveValues} against the JVM itself: for every field type and every kind of value, what an execution's
 * copy keeps is what {@code Field.set} stores in the real field, and a value {@code set} refuses is refused alike.
 */
class ReflectiveValuesTest {

    static boolean aBoolean;
    static byte aByte;
    static short aShort;
    static char aChar;
    static int anInt;
    static long aLong;
    static float aFloat;
    static double aDouble;
    static Object anObject;
    static Number aNumber;
    static String aString;

    private static final List<Object> VALUES = List.of(true, (byte) -3, (short) -300, 'A', -70_000, 1L << 40, 1.5f,
            2.25, "text", new Object(), List.of());

    @Test
    void keepsWhatFieldSetStoresAndRefusesWhatItRefuses() throws Exception {
        List<String> compared = new ArrayList<>();
        for (Field field : ReflectiveValuesTest.class.getDeclaredFields()) {
            if (field.getName().equals("VALUES")) {
                continue;
            }
            List<Object> values = new ArrayList<>(VALUES);
            values.add(null);
            for (Object value : values) {
                Object real;
                try {
                    field.set(null, value);
                    real = field.getType().isPrimitive() ? kept(field.get(null)) : field.get(null);
                } catch (IllegalArgumentException refused) {
                    real = IllegalArgumentException.class;
                }
                Object ours;
                try {
                    ours = ReflectiveValues.asKept(field, value);
                } catch (IllegalArgumentException refused) {
                    ours = IllegalArgumentException.class;
                }
                assertThat(ours).as("%s set to %s", field, value).isEqualTo(real);
                compared.add(field.getName() + "=" + value);
            }
        }
        assertThat(compared).hasSize(11 * 12);
    }

    /** A primitive field's value as a copy keeps it: an {@code int} for the small primitives. */
    private static Object kept(Object value) {
        if (value instanceof Boolean flag) {
            return flag ? 1 : 0;
        } else if (value instanceof Character c) {
            return (int) c;
        } else if (value instanceof Byte || value instanceof Short) {
            return ((Number) value).intValue();
        }
        return value;
    }
}
