package dev.weft.dpor.hb;

import java.util.Arrays;

/**
 * A vector clock over the threads of one execution: entry {@code t} is how many events of thread {@code t} happen
 * before (or are) the event the clock belongs to. Mutable, grows as threads appear; each clock is a value of its own
 * (changing one never changes another, copies included).
 *
 * <p>Why it is not one array of ints: the explorer keeps a clock for every event of an execution, and most events
 * learn nothing from other threads, so their clock is the one before with their own thread's entry one higher. With
 * one array per clock, an execution that starts threads by the thousand kept an int per thread number for each of its
 * hundreds of thousands of events (commons-pool's evictor test: 5.5 GB at 505,000 steps). So the entries live in
 * chunks of {@value #CHUNK} that clocks share and never change (a change makes a new chunk), and the entry an event
 * sets for its own thread is kept beside them ({@link #pinned}): a copy costs a few words, an event that learns
 * nothing new costs nothing more, and a join skips the chunks both clocks share without reading them.
 */
public final class VectorClock {

    private static final int SHIFT = 5;
    private static final int CHUNK = 1 << SHIFT;
    private static final int MASK = CHUNK - 1;
    private static final int[][] NO_CHUNKS = new int[0][];

    /**
     * Entries by chunk ({@code t >>> SHIFT}); a {@code null} chunk is all zeros. Chunks are never written once in
     * place, so they are shared freely; the array of them is written only while {@link #ownsChunks} says no other
     * clock has it.
     */
    private int[][] chunks;
    private boolean ownsChunks;
    /**
     * The thread whose entry is kept in {@link #pinnedValue} rather than in the chunks, or -1. Its entry in the
     * chunks is never above {@link #pinnedValue}, so a join that reads the chunks alone never learns more than the
     * clock holds.
     */
    private int pinned = -1;
    private int pinnedValue;

    public VectorClock() {
        this.chunks = NO_CHUNKS;
    }

    private VectorClock(int[][] chunks, int pinned, int pinnedValue) {
        this.chunks = chunks;
        this.pinned = pinned;
        this.pinnedValue = pinnedValue;
    }

    public VectorClock copy() {
        ownsChunks = false; // the copy shares them now
        return new VectorClock(chunks, pinned, pinnedValue);
    }

    public int get(int thread) {
        return thread == pinned ? pinnedValue : chunked(thread);
    }

    public void set(int thread, int value) {
        if (pinned >= 0 && pinned != thread) {
            write(pinned, pinnedValue);
        }
        if (chunked(thread) > value) {
            write(thread, value);
        }
        pinned = thread;
        pinnedValue = value;
    }

    /** Makes this clock the pointwise maximum of itself and {@code other}. */
    public void join(VectorClock other) {
        if (other == this) {
            return;
        }
        int[][] theirs = other.chunks;
        for (int c = 0; c < theirs.length; c++) {
            int[] their = theirs[c];
            int[] mine = c < chunks.length ? chunks[c] : null;
            if (their == null || their == mine) {
                continue;
            }
            int[] merged = mine == null ? their : max(mine, their);
            if (merged != mine) {
                install(c, merged);
            }
        }
        if (pinned >= 0) {
            pinnedValue = Math.max(pinnedValue, chunked(pinned));
        }
        if (other.pinned >= 0) {
            if (other.pinned == pinned) {
                pinnedValue = Math.max(pinnedValue, other.pinnedValue);
            } else if (chunked(other.pinned) < other.pinnedValue) {
                write(other.pinned, other.pinnedValue);
            }
        }
    }

    /**
     * Whether the event that is step {@code threadStep} (from 0) of {@code thread} happens before (or is) the event
     * this clock belongs to.
     */
    public boolean includes(int thread, int threadStep) {
        return get(thread) > threadStep;
    }

    private int chunked(int thread) {
        int c = thread >>> SHIFT;
        int[] chunk = c < chunks.length ? chunks[c] : null;
        return chunk == null ? 0 : chunk[thread & MASK];
    }

    private void write(int thread, int value) {
        int c = thread >>> SHIFT;
        int[] chunk = c < chunks.length ? chunks[c] : null;
        int[] changed = chunk == null ? new int[CHUNK] : chunk.clone();
        changed[thread & MASK] = value;
        install(c, changed);
    }

    /** Puts the chunk in place, first making the array of chunks this clock's own (and large enough). */
    private void install(int c, int[] chunk) {
        if (!ownsChunks || c >= chunks.length) {
            chunks = Arrays.copyOf(chunks, Math.max(chunks.length, c + 1));
            ownsChunks = true;
        }
        chunks[c] = chunk;
    }

    /** The pointwise maximum: one of the two itself when it holds the other, else a new chunk. */
    private static int[] max(int[] a, int[] b) {
        boolean aHolds = true;
        boolean bHolds = true;
        for (int i = 0; i < CHUNK; i++) {
            if (a[i] < b[i]) {
                aHolds = false;
            } else if (a[i] > b[i]) {
                bHolds = false;
            }
        }
        if (aHolds) {
            return a;
        }
        if (bHolds) {
            return b;
        }
        int[] result = new int[CHUNK];
        for (int i = 0; i < CHUNK; i++) {
            result[i] = Math.max(a[i], b[i]);
        }
        return result;
    }

    @Override
    public String toString() {
        int last = Math.max(chunks.length * CHUNK, pinned + 1) - 1;
        while (last >= 0 && get(last) == 0) {
            last--;
        }
        int[] entries = new int[last + 1];
        for (int t = 0; t <= last; t++) {
            entries[t] = get(t);
        }
        return Arrays.toString(entries);
    }
}
