package dev.weft.samples.atomics;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.samples.support.Concurrently;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicMarkableReference;
import java.util.concurrent.atomic.AtomicStampedReference;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code AtomicMarkableReference} and {@code AtomicStampedReference}, a reference paired with a mark or a stamp, as
 * lock-free code uses them against the ABA problem. Run by {@link ReferencePairTest}.
 */
class ReferencePairPrograms {

    /** Two threads claim a one-time job: look at the mark, then set it. Both may claim it. */
    @ExhaustiveConcurrency
    void markLookedAtThenSet() throws Exception {
        AtomicMarkableReference<String> job = new AtomicMarkableReference<>("job", false);
        AtomicInteger claims = new AtomicInteger();
        Runnable claim = () -> {
            if (!job.isMarked()) {
                job.set("job", true);
                claims.incrementAndGet();
            }
        };
        Concurrently.run(claim, claim);
        assertThat(claims.get()).isEqualTo(1);
    }

    /** The same claim as one compare-and-set of the mark: exactly one thread wins. */
    @ExhaustiveConcurrency
    void markClaimedByCompareAndSet() throws Exception {
        AtomicMarkableReference<String> job = new AtomicMarkableReference<>("job", false);
        AtomicInteger claims = new AtomicInteger();
        Runnable claim = () -> {
            if (job.compareAndSet("job", "job", false, true)) {
                claims.incrementAndGet();
            }
        };
        Concurrently.run(claim, claim);
        assertThat(claims.get()).isEqualTo(1);
    }

    /** A stamped counter incremented by two compare-and-set loops, each reading the value with its stamp. */
    @ExhaustiveConcurrency
    void stampedCounterCountsBoth() throws Exception {
        AtomicStampedReference<Integer> counter = new AtomicStampedReference<>(0, 0);
        Runnable increment = () -> {
            while (true) {
                int[] stamp = new int[1];
                Integer seen = counter.get(stamp);
                if (counter.compareAndSet(seen, seen + 1, stamp[0], stamp[0] + 1)) {
                    return;
                }
            }
        };
        Concurrently.run(increment, increment);
        assertThat(counter.getReference()).isEqualTo(2);
        assertThat(counter.getStamp()).isEqualTo(2);
    }
}
