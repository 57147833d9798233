package dev.weft.dpor.model;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Semaphores used as counters, not as mutexes: an acquisition that had a permit to spare, and releases by threads that
 * never acquired. A semaphore's acquisitions and releases change its count: an acquisition conflicts with every other
 * operation on it, a release with acquisitions and queries but not with another release (two releases commute).
 * Each count below is derived by hand in its comment; NAIVE, which runs every interleaving, must agree.
 */
class CountingSemaphoreTest {

    /**
     * {@code Semaphore(1)}; T1 {@code a: r = x; b: release}; T2 {@code c: acquire; d: x = 1}. Dependent pairs: (a, d)
     * on x and (b, c) on the semaphore. Of the four orders of the two pairs, d < a with b < c is impossible (a < b < c
     * < d); the other three are traces (c never waits: there is a permit to spare): a b c d and a c b d (T1 reads 0)
     * and c d a b (T1 reads 1). 3 traces; before the semaphore was a counting lock, DPOR ran only the first.
     */
    @Test
    void anAcquisitionWithAPermitToSpareRacesWithTheReleaseBeforeIt() {
        ModelProgram program = Programs.spareSemaphorePermit();
        Exploration dpor = Exploration.dpor(program);

        assertThat(dpor.result().completed()).as(dpor.summary()).isEqualTo(3);
        assertThat(dpor.result().sleepSetBlocked()).isZero();
        assertThat(dpor.log().distinctTraces()).isEqualTo(3);
        assertThat(readsOf(dpor, "main.1")).containsExactlyInAnyOrder(List.of(0), List.of(0), List.of(1));
        assertThat(outcomes(dpor)).isEqualTo(outcomes(Exploration.naive(program)));
    }

    /**
     * {@code Semaphore(0)}; W1 {@code a: release}; W2 {@code b: release; c: r = availablePermits}. The releases commute;
     * the only dependent pair is (a, c): 2 traces, W2 reading 2 (a before c) or 1 (c before a). Before, the releases
     * were ordered as they came and never reversed, and DPOR saw only 2.
     */
    @Test
    void releasesByThreadsThatNeverAcquiredAreSeenInEitherOrder() {
        ModelProgram program = Programs.releasesWithoutAcquisitions();
        Exploration dpor = Exploration.dpor(program);

        assertThat(dpor.result().completed()).as(dpor.summary()).isEqualTo(2);
        assertThat(dpor.result().sleepSetBlocked()).isZero();
        assertThat(dpor.log().distinctTraces()).isEqualTo(2);
        assertThat(readsOf(dpor, "main.2")).containsExactlyInAnyOrder(List.of(2), List.of(1));
        assertThat(outcomes(dpor)).isEqualTo(outcomes(Exploration.naive(program)));
    }

    private static List<List<Integer>> readsOf(Exploration exploration, String thread) {
        return exploration.log().ranToEnd().stream().map(e -> e.outcome().reads().get(thread)).toList();
    }

    private static Set<Outcome> outcomes(Exploration exploration) {
        return exploration.log().ranToEnd().stream().map(ExplorationLog.Execution::outcome)
                .collect(Collectors.toSet());
    }
}
