package com.example;

/** Counts page hits. Thread-safe: the read and the write of an increment happen under one lock. */
public class Counter {
    private int hits;

    public synchronized void hit() {
        hits++;
    }

    public synchronized int hits() {
        return hits;
    }
}
