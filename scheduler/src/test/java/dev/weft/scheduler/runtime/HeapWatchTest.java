package dev.weft.scheduler.runtime;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The watch on a scripted heap of 1,000 MB: when it looks, when it collects, and what it calls full. */
class HeapWatchTest {

    private static final long MB = 1 << 20;

    /** A heap whose use is set by the test; a collection leaves what {@link #live} says. */
    private static final class ScriptedHeap implements HeapWatch.Heap {
        long used;
        long live;
        int collections;

        @Override
        public long used() {
            return used;
        }

        @Override
        public long max() {
            return 1_000 * MB;
        }

        @Override
        public void collect() {
            collections++;
            used = live;
        }
    }

    @Test
    void looksOnlyEveryFewThousandStepsAndCollectsOnlyWhenCrowded() {
        ScriptedHeap heap = new ScriptedHeap();
        HeapWatch watch = new HeapWatch(heap);
        heap.used = 950 * MB; // crowded, but not looked at before the first few thousand steps
        heap.live = 100 * MB;

        assertThat(watch.full(HeapWatch.EVERY - 1)).isFalse();
        assertThat(heap.collections).isZero();

        heap.used = 800 * MB; // in use, garbage and all, but not crowded: no collection
        assertThat(watch.full(HeapWatch.EVERY)).isFalse();
        assertThat(heap.collections).isZero();
    }

    @Test
    void isFullWhenWhatACollectionLeavesIsOverTheMark() {
        ScriptedHeap heap = new ScriptedHeap();
        HeapWatch watch = new HeapWatch(heap);
        heap.used = 990 * MB;
        heap.live = 900 * MB;

        assertThat(watch.full(HeapWatch.EVERY)).isTrue();
        assertThat(heap.collections).isEqualTo(1);
        assertThat(watch.describe()).isEqualTo("900 MB of 1,000 MB");
    }

    /**
     * An execution that holds 500 MB after 40,000 steps has 24,000 steps left before the mark at its pace: the next
     * look waits for half of them, rather than collect at every look while garbage piles up.
     */
    @Test
    void afterACollectionThatLeftRoomWaitsForHalfTheGrowthToFull() {
        ScriptedHeap heap = new ScriptedHeap();
        HeapWatch watch = new HeapWatch(heap);
        heap.used = 950 * MB;
        heap.live = 500 * MB;
        assertThat(watch.full(40_000)).isFalse();
        assertThat(heap.collections).isEqualTo(1);

        heap.used = 990 * MB;
        heap.live = 600 * MB;
        assertThat(watch.full(40_000 + 11_000)).isFalse();
        assertThat(heap.collections).isEqualTo(1);
        assertThat(watch.full(40_000 + 12_000)).isFalse();
        assertThat(heap.collections).isEqualTo(2);
    }
}
