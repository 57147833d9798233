package dev.weft.scheduler.instrument.subjects;

public class Allocations {

    public static Object[] make() {
        Object builder = new StringBuilder("x"); // mark:object
        int[] ints = new int[3]; // mark:ints
        String[] strings = new String[2]; // mark:strings
        long[][] grid = new long[2][3]; // mark:grid
        Holder nested = new Holder(new Holder(null)); // mark:nested
        return new Object[] {builder, ints, strings, grid, nested}; // mark:result
    }

    public static final class Holder {
        final Object inner;

        Holder(Object inner) {
            this.inner = inner;
        }
    }

    /** The latest {@link Inner} made. */
    public Object lastInner;

    /**
     * A non-static inner class: its constructor stores the outer instance before calling super(). It publishes itself
     * before it sets {@code value}, so that write is visible (before, it would not be: nothing else could reach it).
     */
    public final class Inner {
        int value;

        public Inner(int value) {
            lastInner = this; // mark:innerPublished
            this.value = value; // mark:innerValue
        }
    }
}
