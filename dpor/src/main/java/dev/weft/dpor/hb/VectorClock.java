package dev.weft.dpor.hb;

import java.util.Arrays;

/**
 * A vector clock over the threads of one execution: entry {@code t} is how many events of thread {@code t} happen
 * before (or are) the event the clock belongs to. Mutable, grows as threads appear.
 */
public final class VectorClock {

    private int[] entries;

    public VectorClock() {
        this.entries = new int[4];
    }

    private VectorClock(int[] entries) {
        this.entries = entries;
    }

    public VectorClock copy() {
        return new VectorClock(entries.clone());
    }

    public int get(int thread) {
        return thread < entries.length ? entries[thread] : 0;
    }

    public void set(int thread, int value) {
        ensure(thread);
        entries[thread] = value;
    }

    /** Makes this clock the pointwise maximum of itself and {@code other}. */
    public void join(VectorClock other) {
        int[] theirs = other.entries;
        if (theirs.length > entries.length) {
            entries = Arrays.copyOf(entries, theirs.length);
        }
        for (int i = 0; i < theirs.length; i++) {
            if (theirs[i] > entries[i]) {
                entries[i] = theirs[i];
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

    private void ensure(int thread) {
        if (thread >= entries.length) {
            entries = Arrays.copyOf(entries, Math.max(thread + 1, entries.length * 2));
        }
    }

    @Override
    public String toString() {
        int last = entries.length - 1;
        while (last >= 0 && entries[last] == 0) {
            last--;
        }
        return Arrays.toString(Arrays.copyOf(entries, last + 1));
    }
}
