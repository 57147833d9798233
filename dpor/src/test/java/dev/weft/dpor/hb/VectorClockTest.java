package dev.weft.dpor.hb;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The clocks share chunks and keep one entry apart; whatever is done to one of them, each must read as its own array
 * of entries would. Checked against plain arrays over random copies, sets and joins, across several chunks.
 */
class VectorClockTest {

    private static final int THREADS = 150;

    @Test
    void everyClockReadsAsAPlainArrayWouldWhateverWasDoneToTheOthers() {
        Random random = new Random(46);
        for (int round = 0; round < 200; round++) {
            List<VectorClock> clocks = new ArrayList<>(List.of(new VectorClock()));
            List<int[]> expected = new ArrayList<>(List.<int[]>of(new int[THREADS]));
            for (int op = 0; op < 300; op++) {
                int i = random.nextInt(clocks.size());
                switch (random.nextInt(4)) {
                    case 0 -> {
                        clocks.add(clocks.get(i).copy());
                        expected.add(expected.get(i).clone());
                    }
                    case 1, 2 -> {
                        // mostly a few threads, as an execution's events are; sometimes any, sometimes lower
                        int thread = random.nextBoolean() ? random.nextInt(3) : random.nextInt(THREADS);
                        int value = Math.max(0, expected.get(i)[thread] + random.nextInt(5) - 1);
                        clocks.get(i).set(thread, value);
                        expected.get(i)[thread] = value;
                    }
                    default -> {
                        int j = random.nextInt(clocks.size());
                        clocks.get(i).join(clocks.get(j));
                        int[] into = expected.get(i);
                        int[] from = expected.get(j);
                        for (int t = 0; t < THREADS; t++) {
                            into[t] = Math.max(into[t], from[t]);
                        }
                    }
                }
                for (int k = 0; k < clocks.size(); k++) {
                    assertThat(entries(clocks.get(k))).as("clock %d after op %d of round %d", k, op, round)
                            .isEqualTo(expected.get(k));
                }
            }
        }
    }

    @Test
    void includesAndToStringReadTheEntries() {
        VectorClock clock = new VectorClock();
        clock.set(40, 3);
        VectorClock copy = clock.copy();
        copy.set(2, 1);
        clock.join(copy);

        assertThat(clock.includes(40, 2)).isTrue();
        assertThat(clock.includes(40, 3)).isFalse();
        assertThat(clock.includes(2, 0)).isTrue();
        assertThat(clock.includes(99, 0)).isFalse();
        assertThat(copy.toString()).isEqualTo(Arrays.toString(entries(copy, 41)));
    }

    private static int[] entries(VectorClock clock) {
        return entries(clock, THREADS);
    }

    private static int[] entries(VectorClock clock, int threads) {
        int[] entries = new int[threads];
        for (int t = 0; t < threads; t++) {
            entries[t] = clock.get(t);
        }
        return entries;
    }
}
