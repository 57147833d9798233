package dev.weft.sleepsets;

import dev.weft.scheduler.model.Dependence;
import dev.weft.scheduler.model.Operation;

import java.util.Arrays;
import java.util.StringJoiner;

/**
 * The threads that need not be tried at a state, each with the operation it would perform there (Godefroid's sleep
 * sets). A thread sleeps at a state when a sibling branch already ran it from an equivalent state: running it again
 * first could only reach traces already explored. It stays asleep along a branch as long as the steps taken are
 * independent of its operation, and wakes at the first dependent one.
 *
 * <p>The operation stored for a thread is the one it <em>performed</em> when its branch was explored, so a
 * compare-and-set is known to be a read (failed) or a write (succeeded); independence is decided on that.
 *
 * <p>Immutable: every change returns a new set. Sets are small (at most the number of threads), so they are arrays.
 */
public final class SleepSet {

    private static final SleepSet EMPTY = new SleepSet(new int[0], new Operation[0]);

    private final int[] threads;
    private final Operation[] operations;

    private SleepSet(int[] threads, Operation[] operations) {
        this.threads = threads;
        this.operations = operations;
    }

    public static SleepSet empty() {
        return EMPTY;
    }

    public boolean isEmpty() {
        return threads.length == 0;
    }

    public int size() {
        return threads.length;
    }

    /** The {@code i}-th sleeping thread, in the order they fell asleep. */
    public int thread(int i) {
        return threads[i];
    }

    /** The operation the {@code i}-th sleeping thread sleeps on. */
    public Operation operation(int i) {
        return operations[i];
    }

    public boolean contains(int thread) {
        for (int t : threads) {
            if (t == thread) {
                return true;
            }
        }
        return false;
    }

    /** The set with {@code thread} asleep on {@code operation} (replacing what it slept on before, if anything). */
    public SleepSet with(int thread, Operation operation) {
        for (int i = 0; i < threads.length; i++) {
            if (threads[i] == thread) {
                Operation[] ops = operations.clone();
                ops[i] = operation;
                return new SleepSet(threads, ops);
            }
        }
        int[] ts = Arrays.copyOf(threads, threads.length + 1);
        Operation[] ops = Arrays.copyOf(operations, operations.length + 1);
        ts[threads.length] = thread;
        ops[operations.length] = operation;
        return new SleepSet(ts, ops);
    }

    /**
     * The sleep set after {@code thread} performed {@code executed}: the sleepers whose operations are independent of
     * it stay asleep, the others wake. The thread that moved is never asleep afterwards, and neither is one asleep on
     * an offer that lapses ({@link Operation#lapses()}): another thread's step took the offer away, so what it sleeps
     * on can no longer happen, and its next operation is another one.
     */
    public SleepSet after(int thread, Operation executed) {
        if (threads.length == 0) {
            return this;
        }
        int kept = 0;
        int[] ts = new int[threads.length];
        Operation[] ops = new Operation[threads.length];
        for (int i = 0; i < threads.length; i++) {
            if (threads[i] != thread && !operations[i].lapses() && !Dependence.dependent(operations[i], executed)) {
                ts[kept] = threads[i];
                ops[kept] = operations[i];
                kept++;
            }
        }
        if (kept == threads.length) {
            return this;
        }
        return kept == 0 ? EMPTY : new SleepSet(Arrays.copyOf(ts, kept), Arrays.copyOf(ops, kept));
    }

    /** The set without the thread (itself when the thread is not asleep). */
    public SleepSet without(int thread) {
        for (int i = 0; i < threads.length; i++) {
            if (threads[i] == thread) {
                int[] ts = new int[threads.length - 1];
                Operation[] ops = new Operation[threads.length - 1];
                System.arraycopy(threads, 0, ts, 0, i);
                System.arraycopy(threads, i + 1, ts, i, ts.length - i);
                System.arraycopy(operations, 0, ops, 0, i);
                System.arraycopy(operations, i + 1, ops, i, ops.length - i);
                return ts.length == 0 ? EMPTY : new SleepSet(ts, ops);
            }
        }
        return this;
    }

    /** The same threads asleep on the same operations, fallen asleep in the same order. */
    @Override
    public boolean equals(Object other) {
        return other instanceof SleepSet that && Arrays.equals(threads, that.threads)
                && Arrays.equals(operations, that.operations);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(threads) + Arrays.hashCode(operations);
    }

    @Override
    public String toString() {
        StringJoiner joiner = new StringJoiner(", ", "{", "}");
        for (int i = 0; i < threads.length; i++) {
            joiner.add(threads[i] + ": " + operations[i]);
        }
        return joiner.toString();
    }
}
