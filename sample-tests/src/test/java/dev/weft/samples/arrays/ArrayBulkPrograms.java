package dev.weft.samples.arrays;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.samples.support.Concurrently;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Arrays read or written by JDK calls ({@code clone}, {@code System.arraycopy}, {@code Arrays.*}) while another thread
 * writes or reads them: the JDK touches the elements one by one, and so does the model. Run by {@link ArrayBulkTest}.
 */
class ArrayBulkPrograms {

    /** A thread publishes a result into a slot; a reporter copies the slots and expects it there. */
    @ExhaustiveConcurrency
    void cloneTakenBeforeTheWrite() throws Exception {
        int[] slots = new int[2];
        int[][] copy = new int[1][];
        Concurrently.run(() -> slots[1] = 42, () -> copy[0] = slots.clone());
        assertThat(copy[0][1]).isEqualTo(42);
    }

    /**
     * Two counters, the first counted before the second, and a copy that checks that order: the copy is one step, so
     * it comes before, between or after the two increments, and never sees the second ahead.
     */
    @ExhaustiveConcurrency
    void cloneSeesTheWritesInOrder() throws Exception {
        long[] counters = new long[2];
        long[][] copy = new long[1][];
        Concurrently.run(() -> {
            counters[0]++;
            counters[1]++;
        }, () -> copy[0] = counters.clone());
        assertThat(copy[0][0]).isGreaterThanOrEqualTo(copy[0][1]);
    }

    @ExhaustiveConcurrency
    void arraycopySeesEitherValue() throws Exception {
        int[] data = {1};
        int[] copy = new int[1];
        Concurrently.run(() -> data[0] = 2, () -> System.arraycopy(data, 0, copy, 0, 1));
        assertThat(copy[0]).isIn(1, 2);
    }

    @ExhaustiveConcurrency
    void copyOfRangeSeesEitherValue() throws Exception {
        String[] names = {"a", "b", "c"};
        String[][] copy = new String[1][];
        Concurrently.run(() -> names[1] = "B", () -> copy[0] = Arrays.copyOfRange(names, 1, 2));
        assertThat(copy[0][0]).isIn("b", "B");
    }

    /** A fill writes both flags in one step; a reader reads the second, then the first. */
    @ExhaustiveConcurrency
    void fillWritesInOrder() throws Exception {
        boolean[] flags = new boolean[2];
        Concurrently.run(() -> Arrays.fill(flags, true), () -> {
            boolean second = flags[1];
            boolean first = flags[0];
            assertThat(!second || first).as("the second set without the first").isTrue();
        });
    }

    @ExhaustiveConcurrency
    void toStringSeesEitherValue() throws Exception {
        int[] data = {1};
        String[] text = new String[1];
        Concurrently.run(() -> data[0] = 2, () -> text[0] = Arrays.toString(data));
        assertThat(text[0]).isIn("[1]", "[2]");
    }

    /** A list view of an array writes through to it: the view's set and a read of the element are ordered. */
    @ExhaustiveConcurrency
    void asListWritesThroughToTheArray() throws Exception {
        Integer[] data = {1, 2};
        java.util.List<Integer> view = Arrays.asList(data);
        int[] seen = new int[1];
        Concurrently.run(() -> view.set(0, 3), () -> seen[0] = data[0]);
        assertThat(seen[0]).isIn(1, 3);
    }

    /** A copy of an array nobody else touches, after the threads ended: no race, one execution. */
    @ExhaustiveConcurrency
    void copyAfterTheJoins() throws Exception {
        int[] data = {1, 2};
        Concurrently.run(() -> data[0] = 3, () -> data[1] = 4);
        assertThat(Arrays.copyOf(data, 2)).containsExactly(3, 4);
    }
}
