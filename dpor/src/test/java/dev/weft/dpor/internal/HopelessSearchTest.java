package dev.weft.dpor.internal;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * When a search gives way to the search by bound ({@link HopelessSearch}): on the rate at which its estimated share
 * grew lately, not since the start, so that a slow start (a fresh JVM) does not condemn a search that finishes.
 */
class HopelessSearchTest {

    private static final long SECOND = 1_000_000_000L;
    /** The exhaustive half of the default budget of 60 s. */
    private static final long BUDGET = 30 * SECOND;

    @Test
    void noLookBeforeAQuarterOfTheBudget() {
        HopelessSearch hopeless = new HopelessSearch(BUDGET);

        assertThat(hopeless.due(7 * SECOND)).isFalse();
        assertThat(hopeless.due(BUDGET / 4)).isTrue();
        assertThat(hopeless.due(BUDGET / 4 + 1)).as("the next look a little later").isFalse();
    }

    /**
     * big0's first test in a fresh JVM, in round figures: 1 % of the tree (by the estimate) after 7.5 s, then 3 % a
     * second. Since the start that is 750 s for the whole, more than 4 times the budget; at the recent rate the rest
     * takes 33 s, and the search goes on.
     */
    @Test
    void aSlowStartDoesNotMakeASearchHopeless() {
        HopelessSearch hopeless = new HopelessSearch(BUDGET);

        assertThat(hopeless.hopeless(0.01, 7_500_000_000L)).as("the first look only starts the window").isFalse();
        assertThat(hopeless.hopeless(0.025, 8_000_000_000L)).as("no full window yet").isFalse();
        assertThat(hopeless.hopeless(0.04, 8_500_000_000L)).isFalse();
        assertThat(8.5 / 0.04).as("what the rate since the start would have projected, in s")
                .isGreaterThan(4 * 30);
    }

    /** 0.02 % a second: 5,000 s for the whole, far beyond 4 × 30 s. */
    @Test
    void aSearchThatGrowsTooSlowlyIsHopeless() {
        HopelessSearch hopeless = new HopelessSearch(BUDGET);

        assertThat(hopeless.hopeless(0.0010, 7_500_000_000L)).isFalse();
        assertThat(hopeless.hopeless(0.0012, 8_500_000_000L)).isTrue();
    }

    /** Just under and just over the margin: 4 × 30 s = 120 s from the start of the budget. */
    @Test
    void theMarginIsFourTimesTheBudget() {
        // 10 s in, a tenth done, at 1 % a second: 10 + 90 = 100 s
        HopelessSearch within = new HopelessSearch(BUDGET);
        within.hopeless(0.09, 9 * SECOND);
        assertThat(within.hopeless(0.10, 10 * SECOND)).isFalse();
        // at 0.5 % a second: 10 + 180 = 190 s
        HopelessSearch beyond = new HopelessSearch(BUDGET);
        beyond.hopeless(0.095, 9 * SECOND);
        assertThat(beyond.hopeless(0.10, 10 * SECOND)).isTrue();
    }

    /** Races found add branches, and the estimate falls: a window in which it did not grow says nothing. */
    @Test
    void aWindowInWhichTheEstimateFellSaysNothing() {
        HopelessSearch hopeless = new HopelessSearch(BUDGET);

        hopeless.hopeless(0.05, 8 * SECOND);
        assertThat(hopeless.hopeless(0.01, 9 * SECOND)).isFalse();
        assertThat(hopeless.hopeless(0.0101, 9_500_000_000L)).as("the window is not full").isFalse();
        assertThat(hopeless.hopeless(0.0102, 10 * SECOND)).as("a full window, growing too slowly").isTrue();
    }

    @Test
    void withoutATimeBudgetNoLookIsEverDue() {
        HopelessSearch hopeless = new HopelessSearch(Long.MAX_VALUE);

        assertThat(hopeless.due(Long.MAX_VALUE - 1)).isFalse();
    }
}
