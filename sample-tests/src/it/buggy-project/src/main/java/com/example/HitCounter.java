package com.example;

/** Counts page hits. Not thread-safe: hits++ is a read and a write. */
public class HitCounter {
    private int hits;

    public void hit() {
        hits++;
    }

    public int hits() {
        return hits;
    }
}
