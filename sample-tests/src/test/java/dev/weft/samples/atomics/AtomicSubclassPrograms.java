package dev.weft.samples.atomics;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.samples.support.Concurrently;

import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A subclass of an atomic class with methods of its own that share a name with the JDK's, as Jetty's
 * {@code AtomicBiInteger extends AtomicLong} has a {@code compareAndSet(long, int, int)} beside the inherited
 * {@code compareAndSet(long, long)}.
 */
class AtomicSubclassPrograms {

    /** Two ints in one long: its own compare-and-set takes the new halves apart. */
    static final class TwoCounts extends AtomicLong {

        static long encode(int hi, int lo) {
            return ((long) hi << 32) | (lo & 0xFFFF_FFFFL);
        }

        /** Not the JDK's method: it builds the new value and calls the inherited one. */
        boolean compareAndSet(long expected, int hi, int lo) {
            return compareAndSet(expected, encode(hi, lo));
        }

        void addToBoth(int delta) {
            while (true) {
                long now = get();
                if (compareAndSet(now, (int) (now >> 32) + delta, (int) now + delta)) {
                    return;
                }
            }
        }
    }

    /** Each thread adds to both halves through the subclass's own compare-and-set. */
    @ExhaustiveConcurrency
    void twoThreadsAddThroughTheSubclassesOwnMethod() throws InterruptedException {
        TwoCounts counts = new TwoCounts();
        Concurrently.run(() -> counts.addToBoth(1), () -> counts.addToBoth(2));
        assertThat(counts.get()).isEqualTo(TwoCounts.encode(3, 3));
    }

    /** The same increments by the inherited compare-and-set alone: the count to compare with. */
    @ExhaustiveConcurrency
    void twoThreadsAddThroughTheInheritedMethod() throws InterruptedException {
        TwoCounts counts = new TwoCounts();
        Runnable[] adds = new Runnable[2];
        for (int i = 0; i < 2; i++) {
            int delta = i + 1;
            adds[i] = () -> {
                while (true) {
                    long now = counts.get();
                    if (counts.compareAndSet(now, TwoCounts.encode((int) (now >> 32) + delta, (int) now + delta))) {
                        return;
                    }
                }
            };
        }
        Concurrently.run(adds[0], adds[1]);
        assertThat(counts.get()).isEqualTo(TwoCounts.encode(3, 3));
    }
}
