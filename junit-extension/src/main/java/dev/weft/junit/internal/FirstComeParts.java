package dev.weft.junit.internal;

import dev.weft.dpor.Parts;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The parts of a divided search, each to the first of several in-process workers that meets it. Every worker meets
 * the parts in the same order (0, 1, 2, ...) and has met every part below the one it asks for, each of them claimed by
 * then; so the lowest unclaimed part is the one asked for, and a compare-and-set on it decides who gets it.
 */
final class FirstComeParts implements Parts {

    private final int ways;
    private final AtomicLong unclaimed = new AtomicLong();

    /** @param ways into how many ways the search is divided ({@link Parts#ways()}) */
    FirstComeParts(int ways) {
        this.ways = ways;
    }

    @Override
    public int ways() {
        return ways;
    }

    @Override
    public boolean take(long part) {
        return unclaimed.compareAndSet(part, part + 1);
    }

    @Override
    public String toString() {
        return "first come, " + ways + " ways";
    }
}
