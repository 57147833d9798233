package dev.weft.samples.atomics;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.samples.support.Concurrently;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code LongAdder} and friends shared by threads: updates in any order give one result, a query sees some of them.
 * Run by {@link AdderTest}.
 */
class AdderPrograms {

    /** A thread reads the sum while another adds: it may see the sum before the add. */
    @ExhaustiveConcurrency
    void sumReadBeforeTheAdd() throws Exception {
        LongAdder hits = new LongAdder();
        long[] seen = new long[1];
        Concurrently.run(hits::increment, () -> seen[0] = hits.sum());
        assertThat(seen[0]).isEqualTo(1);
    }

    /** A reset in one thread loses another thread's increment when it comes after it. */
    @ExhaustiveConcurrency
    void sumThenResetLosesAnIncrement() throws Exception {
        LongAdder hits = new LongAdder();
        long[] drained = new long[1];
        Concurrently.run(hits::increment, () -> drained[0] = hits.sumThenReset());
        assertThat(drained[0] + hits.sum()).isEqualTo(1);
        assertThat(hits.sum()).isEqualTo(1);
    }

    /** Four threads add: the total is the same whatever their order. */
    @ExhaustiveConcurrency
    void fourThreadsAdd() throws Exception {
        LongAdder total = new LongAdder();
        DoubleAdder weight = new DoubleAdder();
        LongAccumulator highest = new LongAccumulator(Math::max, Long.MIN_VALUE);
        List<Thread> threads = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            int value = i;
            threads.add(new Thread(() -> {
                total.add(value);
                weight.add(value / 2.0);
                highest.accumulate(value);
            }));
        }
        for (Thread thread : threads) {
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        assertThat(total.sum()).isEqualTo(10);
        assertThat(weight.sum()).isEqualTo(5.0);
        assertThat(highest.get()).isEqualTo(4);
    }

    /** A reader of the sum beside two adders: it sees 0, 1 (either one's) or 3. */
    @ExhaustiveConcurrency
    void aSumBesideTwoAdds() throws Exception {
        LongAdder total = new LongAdder();
        long[] seen = new long[1];
        Thread reader = new Thread(() -> seen[0] = total.sum());
        Concurrently.run(() -> total.add(1), () -> total.add(2));
        reader.start();
        reader.join();
        assertThat(seen[0]).isEqualTo(3);
        total.reset();
        List<Long> sums = new ArrayList<>();
        Thread first = new Thread(() -> total.add(1));
        Thread second = new Thread(() -> total.add(2));
        Thread looker = new Thread(() -> sums.add(total.sum()));
        first.start();
        second.start();
        looker.start();
        first.join();
        second.join();
        looker.join();
        assertThat(sums.get(0)).isIn(0L, 1L, 2L, 3L);
    }
}
