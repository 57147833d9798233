package dev.weft.dpor.internal;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** A set of threads must answer as a {@link BitSet} with the same history would, for members near and far apart. */
class ThreadSetTest {

    @Test
    void answersAsABitSetWithTheSameHistory() {
        Random random = new Random(40);
        for (int round = 0; round < 300; round++) {
            List<ThreadSet> sets = new ArrayList<>(List.of(new ThreadSet()));
            List<BitSet> expected = new ArrayList<>(List.of(new BitSet()));
            int spread = random.nextBoolean() ? 130 : 5_000;
            for (int op = 0; op < 80; op++) {
                int i = random.nextInt(sets.size());
                int j = random.nextInt(sets.size());
                int thread = random.nextInt(4) == 0 ? random.nextInt(3) : random.nextInt(spread);
                ThreadSet set = sets.get(i);
                BitSet bits = expected.get(i);
                switch (random.nextInt(8)) {
                    case 0 -> {
                        sets.add(set.copy());
                        expected.add((BitSet) bits.clone());
                    }
                    case 1, 2 -> {
                        set.set(thread);
                        bits.set(thread);
                    }
                    case 3 -> {
                        int member = bits.nextSetBit(random.nextInt(spread));
                        set.clear(member < 0 ? thread : member);
                        bits.clear(member < 0 ? thread : member);
                    }
                    case 4 -> {
                        set.or(sets.get(j));
                        bits.or(expected.get(j));
                    }
                    case 5 -> {
                        set.and(sets.get(j));
                        bits.and(expected.get(j));
                    }
                    case 6 -> {
                        set.andNot(sets.get(j));
                        bits.andNot(expected.get(j));
                    }
                    default -> assertThat(set.intersects(sets.get(j))).isEqualTo(bits.intersects(expected.get(j)));
                }
                for (int k = 0; k < sets.size(); k++) {
                    assertSame(sets.get(k), expected.get(k), random.nextInt(spread));
                    for (int l = 0; l < sets.size(); l++) {
                        assertThat(sets.get(k).equals(sets.get(l))).isEqualTo(expected.get(k).equals(expected.get(l)));
                    }
                }
            }
        }
    }

    private static void assertSame(ThreadSet set, BitSet bits, int probe) {
        assertThat(set.toString()).isEqualTo(bits.toString());
        assertThat(set.cardinality()).isEqualTo(bits.cardinality());
        assertThat(set.isEmpty()).isEqualTo(bits.isEmpty());
        assertThat(set.get(probe)).isEqualTo(bits.get(probe));
        assertThat(set.nextSetBit(probe)).isEqualTo(bits.nextSetBit(probe));
        for (int t = bits.nextSetBit(0); t >= 0; t = bits.nextSetBit(t + 1)) {
            assertThat(set.get(t)).isTrue();
            assertThat(set.nextSetBit(t)).isEqualTo(t);
            assertThat(set.nextSetBit(t + 1)).isEqualTo(bits.nextSetBit(t + 1));
        }
        if (set.equals(ThreadSet.of(3))) {
            assertThat(set.hashCode()).isEqualTo(ThreadSet.of(3).hashCode());
        }
    }
}
