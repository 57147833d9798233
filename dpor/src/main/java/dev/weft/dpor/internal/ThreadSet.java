package dev.weft.dpor.internal;

import java.util.Arrays;
import java.util.StringJoiner;

/**
 * A set of thread indices, as {@link java.util.BitSet} would hold them, but as small as its members: it keeps only
 * the 64-bit words that have a member, each with its position.
 *
 * <p>Why not a {@code BitSet}: every state of an execution keeps several sets of threads (enabled, tried, to try,
 * ...), and a {@code BitSet} holding thread 3,000 is 47 words long even when its only other member is main. A test
 * that starts threads one after another by the thousand (commons-pool's evictor tests) then kept about 1.2 KB of
 * sets per step: most of what a long execution held. Here a state of such an execution keeps two words per set.
 */
final class ThreadSet {

    private static final int[] NO_KEYS = {};
    private static final long[] NO_WORDS = {};

    /** the positions ({@code thread >>> 6}) of the words in use, ascending */
    private int[] keys = NO_KEYS;
    /** the words in use, none of them zero */
    private long[] words = NO_WORDS;
    private int size;

    ThreadSet() {
    }

    private ThreadSet(int[] keys, long[] words, int size) {
        this.keys = keys;
        this.words = words;
        this.size = size;
    }

    static ThreadSet of(int thread) {
        ThreadSet set = new ThreadSet();
        set.set(thread);
        return set;
    }

    boolean get(int thread) {
        int i = find(thread >>> 6);
        return i >= 0 && (words[i] & (1L << thread)) != 0;
    }

    void set(int thread) {
        int key = thread >>> 6;
        if (size == 0 || key > keys[size - 1]) {
            insert(size, key, 1L << thread); // the common case: threads added in the order of their indices
            return;
        }
        int i = find(key);
        if (i >= 0) {
            words[i] |= 1L << thread;
        } else {
            insert(-i - 1, key, 1L << thread);
        }
    }

    void clear(int thread) {
        int i = find(thread >>> 6);
        if (i >= 0) {
            words[i] &= ~(1L << thread);
            if (words[i] == 0) {
                remove(i);
            }
        }
    }

    /** The lowest member at or above {@code from}, or -1. */
    int nextSetBit(int from) {
        if (from < 0) {
            throw new IndexOutOfBoundsException("from < 0: " + from);
        }
        int key = from >>> 6;
        int i = find(key);
        if (i >= 0) {
            long word = words[i] & (-1L << from);
            if (word != 0) {
                return key * 64 + Long.numberOfTrailingZeros(word);
            }
            i++;
        } else {
            i = -i - 1;
        }
        return i < size ? keys[i] * 64 + Long.numberOfTrailingZeros(words[i]) : -1;
    }

    int cardinality() {
        int count = 0;
        for (int i = 0; i < size; i++) {
            count += Long.bitCount(words[i]);
        }
        return count;
    }

    boolean isEmpty() {
        return size == 0;
    }

    void or(ThreadSet other) {
        if (other.size == 0 || other == this) {
            return;
        }
        int[] mergedKeys = new int[size + other.size];
        long[] mergedWords = new long[size + other.size];
        int n = 0;
        int i = 0;
        int j = 0;
        while (i < size || j < other.size) {
            int mine = i < size ? keys[i] : Integer.MAX_VALUE;
            int theirs = j < other.size ? other.keys[j] : Integer.MAX_VALUE;
            mergedKeys[n] = Math.min(mine, theirs);
            mergedWords[n++] = (mine <= theirs ? words[i++] : 0) | (theirs <= mine ? other.words[j++] : 0);
        }
        keys = mergedKeys;
        words = mergedWords;
        size = n;
    }

    void and(ThreadSet other) {
        keep(other, true);
    }

    void andNot(ThreadSet other) {
        keep(other, false);
    }

    boolean intersects(ThreadSet other) {
        for (int i = 0, j = 0; i < size && j < other.size; ) {
            if (keys[i] < other.keys[j]) {
                i++;
            } else if (keys[i] > other.keys[j]) {
                j++;
            } else if ((words[i++] & other.words[j++]) != 0) {
                return true;
            }
        }
        return false;
    }

    ThreadSet copy() {
        return size == 0 ? new ThreadSet() : new ThreadSet(Arrays.copyOf(keys, size), Arrays.copyOf(words, size), size);
    }

    /** Each word ANDed with the other's word there ({@code both}) or with its complement, the zero words dropped. */
    private void keep(ThreadSet other, boolean both) {
        int n = 0;
        int j = 0;
        for (int i = 0; i < size; i++) {
            while (j < other.size && other.keys[j] < keys[i]) {
                j++;
            }
            long theirs = j < other.size && other.keys[j] == keys[i] ? other.words[j] : 0;
            long word = words[i] & (both ? theirs : ~theirs);
            if (word != 0) {
                keys[n] = keys[i];
                words[n++] = word;
            }
        }
        size = n;
    }

    private int find(int key) {
        return Arrays.binarySearch(keys, 0, size, key);
    }

    private void insert(int at, int key, long word) {
        if (size == keys.length) {
            int capacity = Math.max(2, size * 2);
            keys = Arrays.copyOf(keys, capacity);
            words = Arrays.copyOf(words, capacity);
        }
        System.arraycopy(keys, at, keys, at + 1, size - at);
        System.arraycopy(words, at, words, at + 1, size - at);
        keys[at] = key;
        words[at] = word;
        size++;
    }

    private void remove(int at) {
        System.arraycopy(keys, at + 1, keys, at, size - at - 1);
        System.arraycopy(words, at + 1, words, at, size - at - 1);
        size--;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ThreadSet other && size == other.size
                && Arrays.equals(keys, 0, size, other.keys, 0, size)
                && Arrays.equals(words, 0, size, other.words, 0, size);
    }

    @Override
    public int hashCode() {
        int hash = 1;
        for (int i = 0; i < size; i++) {
            hash = 31 * (31 * hash + keys[i]) + Long.hashCode(words[i]);
        }
        return hash;
    }

    @Override
    public String toString() {
        StringJoiner members = new StringJoiner(", ", "{", "}");
        for (int t = nextSetBit(0); t >= 0; t = nextSetBit(t + 1)) {
            members.add(Integer.toString(t));
        }
        return members.toString();
    }
}
