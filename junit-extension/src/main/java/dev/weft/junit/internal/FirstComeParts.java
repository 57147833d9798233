package dev.weft.junit.internal;

import dev.weft.dpor.Parts;
import dev.weft.dpor.Shard;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The parts of a divided search, each to the first of several in-process workers that meets it; within a shard, the
 * shard's parts only. Every worker meets the parts in the same order (0, 1, 2, ...) and has met every part below the
 * one it asks for, each of them passed by then (claimed, or left to another shard); so the lowest part not passed is
 * the one asked for, and a compare-and-set on it decides who passes it first.
 */
final class FirstComeParts implements Parts {

    private final int ways;
    private final Shard shard;
    private final AtomicLong unclaimed = new AtomicLong();

    /**
     * @param ways  into how many ways the search is divided ({@link Parts#ways()}) when it is whole
     * @param shard the shard the workers explore; a sharded search is divided as its other shards divide it, which
     *              may run with any number of workers
     */
    FirstComeParts(int ways, Shard shard) {
        this.ways = shard.whole() ? ways : shard.ways();
        this.shard = shard;
    }

    @Override
    public int ways() {
        return ways;
    }

    @Override
    public boolean take(long part) {
        return unclaimed.compareAndSet(part, part + 1) && shard.take(part);
    }

    @Override
    public String toString() {
        return shard.whole() ? "first come, " + ways + " ways" : shard + ", first come";
    }
}
