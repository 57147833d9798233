package com.example;

/** Counts page hits. Not thread-safe: hits++ is a read and a write, and two hits can make one. */
public class RacyCounter {
    private int hits;

    public void hit() {
        hits++;
    }

    public int hits() {
        return hits;
    }
}
