package dev.weft.scheduler.instrument.subjects;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.function.Supplier;

/**
 * Lists, deques and arrays a method makes: kept in its frame (no hooks needed) or let out of it (hooks needed). Each
 * method returns something computed from the object, so that the test also sees the code still runs.
 */
public final class LocalObjects {

    public static List<Integer> published;
    public static int total;

    private LocalObjects() {
    }

    /** A test's start loop: add, then iterate; the list never leaves the frame. */
    public static int listKeptInFrame() {
        List<Integer> values = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            values.add(i);
        }
        int sum = 0;
        for (int value : values) {
            sum += value;
        }
        return sum + values.size() + values.get(0);
    }

    /** An array filled and read by index and by a for-each loop (a copy of the variable), with its length. */
    public static int arrayKeptInFrame(int n) {
        long[] values = new long[n];
        for (int i = 0; i < values.length; i++) {
            values[i] = i * 2L;
        }
        long sum = 0;
        for (long value : values) {
            sum += value;
        }
        return (int) sum;
    }

    /** A list kept in the frame and traversed by {@code forEach}: the callback's own accesses stay visible. */
    public static int listTraversedByForEach() {
        List<Integer> values = new ArrayList<>();
        values.add(2);
        values.add(3);
        total = 0;
        values.forEach(LocalObjects::addToTotal);
        return total;
    }

    private static void addToTotal(int value) {
        total += value;
    }

    /** Counts in an array incremented in place ({@code dup2} of the array and the index). */
    public static int countsKeptInFrame() {
        int[] counts = new int[3];
        for (int i = 0; i < 6; i++) {
            counts[i % 3]++;
        }
        return counts[0] + counts[1] * 10 + counts[2] * 100;
    }

    /** A deque used as a stack, sized by its constructor. */
    public static int dequeKeptInFrame() {
        Deque<String> stack = new ArrayDeque<>(4);
        stack.push("a");
        stack.push("bc");
        return stack.pop().length() + stack.size();
    }

    public static List<Integer> listReturned() {
        List<Integer> values = new ArrayList<>();
        values.add(1);
        return values;
    }

    public static int listCapturedByALambda() {
        List<Integer> values = new ArrayList<>();
        values.add(1);
        Supplier<Integer> size = () -> values.size();
        return size.get();
    }

    public static int listStoredInAField() {
        List<Integer> values = new ArrayList<>();
        values.add(1);
        published = values;
        return values.size();
    }

    public static int arrayPassedOn() {
        int[] values = new int[2];
        values[0] = 1;
        return sum(values);
    }

    public static int listGivenAsParameter(List<Integer> values) {
        values.add(1);
        return values.size();
    }

    /** An iterator of a list from elsewhere is a view of it, though the iterator stays in the frame. */
    public static int sumOfParameter(List<Integer> values) {
        int sum = 0;
        for (int value : values) {
            sum += value;
        }
        return sum;
    }

    /** The list is kept, but its iterator is passed on: both keep their hooks. */
    public static int iteratorPassedOn() {
        List<Integer> values = new ArrayList<>();
        values.add(5);
        Iterator<Integer> iterator = values.iterator();
        return first(iterator);
    }

    /** One variable for a fresh list and for a list from elsewhere: it keeps its hooks. */
    public static int variableAlsoHoldsAForeignList(boolean fresh) {
        List<Integer> values = new ArrayList<>();
        if (!fresh) {
            values = published;
        }
        values.add(1);
        return values.size();
    }

    /**
     * A test's usual helper: a loop over the list it is given, then loops over its own list. javac gives the second
     * loop's iterator the slot of the first's, which iterates a parameter; the own list is still kept in the frame.
     */
    public static int ownListAfterALoopOverAParameter(List<Integer> given) {
        List<Integer> own = new ArrayList<>();
        for (int value : given) {
            own.add(value * 10);
        }
        int sum = 0;
        for (int value : own) {
            sum += value;
        }
        return sum;
    }

    /** The same slots, in the other order: the loop over the own list first, then over the parameter. */
    public static int loopOverAParameterAfterOwnList(List<Integer> given) {
        List<Integer> own = new ArrayList<>();
        own.add(1);
        int sum = 0;
        for (int value : own) {
            sum += value;
        }
        for (int value : given) {
            sum += value;
        }
        return sum;
    }

    /** One variable, a fresh list on one path and the parameter on the other, met by the same loads: not kept. */
    public static int ownOrGivenList(List<Integer> given, boolean fresh) {
        List<Integer> values = given;
        if (fresh) {
            values = new ArrayList<>();
        }
        values.add(1);
        return values.size();
    }

    /**
     * A fresh list in a {@code try} whose handler reads the variable after another value was stored in its slot
     * there: the handler can see either, so the variable is not kept.
     */
    public static int listSeenByAHandler(List<Integer> given) {
        List<Integer> values = new ArrayList<>();
        try {
            values.add(1);
            values = given;
            values.add(2);
            throw new IllegalStateException();
        } catch (IllegalStateException e) {
            return values.size();
        }
    }

    /** A list from a copy constructor reads its argument: not the allowed constructor shapes, so it keeps its hooks. */
    public static int listCopiedFromAnother() {
        List<Integer> values = new ArrayList<>(published);
        return values.size();
    }

    private static int sum(int[] values) {
        return values[0] + values[1];
    }

    private static int first(Iterator<Integer> iterator) {
        return iterator.next();
    }
}
