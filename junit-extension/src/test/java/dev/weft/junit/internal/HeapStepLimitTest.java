package dev.weft.junit.internal;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class HeapStepLimitTest {

    private static final long MB = 1024 * 1024;

    @Test
    void aHeapLargeEnoughKeepsTheLimitAskedFor() {
        HeapStepLimit limit = HeapStepLimit.of(1_000_000, 6 * 1024 * MB, 2);

        assertThat(limit.held()).isEqualTo(1_000_000);
        assertThat(limit.lowered()).isFalse();
        assertThat(limit.note()).isEmpty();
    }

    /** 1 GB at 3 KB a step: 1,073,741,824 / 3,072 = 349,525 steps. */
    @Test
    void aSmallerHeapLowersTheLimitAndSaysSo() {
        HeapStepLimit limit = HeapStepLimit.of(1_000_000, 1024 * MB, 1);

        assertThat(limit.held()).isEqualTo(349_525);
        assertThat(limit.note()).contains("349525 rather than 1000000").contains("heap of 1024 MB")
                .contains("3 KB a step").contains("-Xmx").doesNotContain("workers");
    }

    /** Two workers each hold an execution: half the steps each. */
    @Test
    void eachWorkerHoldsItsOwnExecution() {
        HeapStepLimit limit = HeapStepLimit.of(1_000_000, 1024 * MB, 2);

        assertThat(limit.held()).isEqualTo(174_762);
        assertThat(limit.note()).contains("for each of its 2 workers");
    }
}
