package dev.weft.dpor.internal;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * When a search gives way to the search by bound ({@link HopelessSearch}): on the executions its estimate leaves at
 * the rate of the last second, not since the start, so that a slow start (a fresh JVM) does not condemn a search that
 * finishes.
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
     * big0's first test in a fresh JVM, in round figures: 6,000 executions after 7.5 s, then 3,500 a second, with 5 %
     * of the tree done by the estimate. The rate since the start would give 170 s for the whole, more than 4 times
     * the budget; at the recent rate the 180,500 executions the estimate leaves take 52 s, and the search goes on.
     */
    @Test
    void aSlowStartDoesNotMakeASearchHopeless() {
        HopelessSearch hopeless = new HopelessSearch(BUDGET);

        assertThat(hopeless.hopeless(0.04, 6_000, 7_500_000_000L)).as("the first look only starts the window")
                .isFalse();
        assertThat(hopeless.hopeless(0.045, 7_700, 8_000_000_000L)).as("no full window yet").isFalse();
        assertThat(hopeless.hopeless(0.05, 9_500, 8_500_000_000L)).isFalse();
        assertThat(8.5 / 0.05).as("what the rate since the start would have projected, in s").isGreaterThan(4 * 30);
    }

    /** 100 executions a second, and a million to go by the estimate: 10,000 s, far beyond 4 × 30 s. */
    @Test
    void aSearchThatGoesTooSlowlyIsHopeless() {
        HopelessSearch hopeless = new HopelessSearch(BUDGET);

        assertThat(hopeless.hopeless(0.0010, 1_000, 7_500_000_000L)).isFalse();
        assertThat(hopeless.hopeless(0.0011, 1_100, 8_500_000_000L)).isTrue();
    }

    /** Just under and just over the margin: 4 × 30 s = 120 s from the start of the budget. */
    @Test
    void theMarginIsFourTimesTheBudget() {
        // 10 s in, a tenth of 100,000 done, 1,000 a second: 10 + 90 = 100 s
        HopelessSearch within = new HopelessSearch(BUDGET);
        within.hopeless(0.09, 9_000, 9 * SECOND);
        assertThat(within.hopeless(0.10, 10_000, 10 * SECOND)).isFalse();
        // 500 a second: 10 + 180 = 190 s
        HopelessSearch beyond = new HopelessSearch(BUDGET);
        beyond.hopeless(0.095, 9_500, 9 * SECOND);
        assertThat(beyond.hopeless(0.10, 10_000, 10 * SECOND)).isTrue();
    }

    /** One execution that lasts the whole window (a long one, a collection) gives no rate: it decides nothing. */
    @Test
    void aWindowWithoutExecutionsSaysNothing() {
        HopelessSearch hopeless = new HopelessSearch(BUDGET);

        hopeless.hopeless(0.001, 1_000, 8 * SECOND);
        assertThat(hopeless.hopeless(0.001, 1_000, 9 * SECOND)).isFalse();
        assertThat(hopeless.hopeless(0.0011, 1_100, 9_500_000_000L)).as("the window is not full").isFalse();
        assertThat(hopeless.hopeless(0.0012, 1_200, 10 * SECOND)).as("a full window, far too slow").isTrue();
    }

    @Test
    void withoutATimeBudgetNoLookIsEverDue() {
        HopelessSearch hopeless = new HopelessSearch(Long.MAX_VALUE);

        assertThat(hopeless.due(Long.MAX_VALUE - 1)).isFalse();
    }
}
