package dev.weft.dpor.model;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.FailureKind;
import dev.weft.scheduler.model.OpKind;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Non-blocking lock operations ({@link OpKind#TRY_LOCK}, {@link OpKind#OBSERVE_LOCK}: a try-lock, a try-acquire, a
 * query of a semaphore's permits) can run before or after another thread's release with different results, so the explorer reverses that
 * order too, where a blocking acquisition could never have run before the release that let it go. Each count below
 * is derived by hand in its comment; NAIVE, which runs every interleaving, gives the outcomes to agree with.
 */
class TryLockTest {

    @Test
    void aTryLockIsPendingAsTryLockAndAFailedOneOnlyObserves() {
        try (ModelRun run = new ModelSubject(Programs.tryLockVsCriticalSection()).start()) {
            Script.steps(run, "main", "main.1");
            assertThat(Script.pendingOf(run, "main").operation().kind()).isEqualTo(OpKind.TRY_LOCK);
            assertThat(Script.pendingOf(run, "main").enabled()).isTrue();
            Event failed = Script.step(run, "main");
            assertThat(failed.operation().kind()).isEqualTo(OpKind.OBSERVE_LOCK);
            assertThat(failed.value()).isEqualTo("false");
            assertThat(run.outcome().reads().get("main")).containsExactly(0);
        }
    }

    /**
     * {@code Semaphore(0)}, W releases, main tries to acquire: the try before the release fails, after it succeeds.
     * 2 traces. Before the try was a lock operation of its own, DPOR ran only the first execution it met.
     */
    @Test
    void aTryAcquireRacesWithARelease() {
        Exploration dpor = Exploration.dpor(Programs.tryAcquireVsRelease(false));

        assertThat(dpor.result().completed()).as(dpor.summary()).isEqualTo(2);
        assertThat(dpor.log().distinctTraces()).isEqualTo(2);
        assertThat(readsOf(dpor, "main")).containsExactlyInAnyOrder(List.of(0), List.of(1));
        assertThat(dpor.result().sleepSetBlocked()).isZero();
    }

    /** The same program asserting that the try failed: one of the 2 traces fails, with the assertion. */
    @Test
    void anAssertionOnTheTrysResultIsFound() {
        Exploration dpor = Exploration.dpor(Programs.tryAcquireVsRelease(true));

        assertThat(dpor.result().executions()).as(dpor.summary()).isEqualTo(2);
        assertThat(dpor.result().completed()).isEqualTo(1);
        assertThat(dpor.result().failures()).extracting(f -> f.kind()).containsExactly(FailureKind.ASSERTION);
    }

    /**
     * W: {@code lock; x = 1; unlock}; main: {@code r = tryLock; if (r) unlock}. The try runs before W's lock (takes
     * it; W's lock then waits for main's unlock), inside W's critical section (fails) or after W's unlock (takes it):
     * 3 traces, main reading 1, 0, 1.
     */
    @Test
    void aTryLockRacesWithTheAcquisitionAndTheReleaseAroundIt() {
        Exploration dpor = Exploration.dpor(Programs.tryLockVsCriticalSection());

        assertThat(dpor.result().completed()).as(dpor.summary()).isEqualTo(3);
        assertThat(dpor.log().distinctTraces()).isEqualTo(3);
        assertThat(dpor.log().ranToEnd()).extracting(e -> e.outcome().reads().get("main"))
                .containsExactlyInAnyOrder(List.of(1), List.of(0), List.of(1));
        assertThat(outcomes(dpor)).isEqualTo(outcomes(Exploration.naive(Programs.tryLockVsCriticalSection())));
    }

    /**
     * {@code Semaphore(0)}, n releasers, main reads availablePermits once. Releases of a semaphore commute with each
     * other, not with the query: a trace is the set of releases that come before it, so 2^n executions, reading k for
     * C(n, k) of them. NAIVE, which also runs the orders of the releases among themselves, meets the same n + 1
     * outcomes. (Before semaphores were counting locks the releases were ordered as they came and never reversed: n + 1
     * executions, which met every outcome here only because the releasers are alike, and lost one where the query is
     * in a releaser: {@link CountingSemaphoreTest}.)
     */
    @Test
    void aQueryOfPermitsSeesEverySetOfEarlierReleasesOnce() {
        for (int n = 1; n <= 3; n++) {
            ModelProgram program = Programs.availableVsReleases(n);
            Exploration dpor = Exploration.dpor(program);

            assertThat(dpor.result().completed()).as(dpor.summary()).isEqualTo(1L << n);
            assertThat(dpor.log().distinctTraces()).isEqualTo(1L << n);
            assertThat(readsOf(dpor, "main").stream().map(r -> r.get(0)).collect(Collectors.toSet()))
                    .hasSize(n + 1);
            assertThat(outcomes(dpor)).isEqualTo(outcomes(Exploration.naive(program)));
        }
    }

    /** Programs without a non-blocking operation keep their counts: lockinc(n) has n! traces (ORACLES.md). */
    @Test
    void blockingAcquisitionsStillRaceOnlyWithAcquisitions() {
        assertThat(Exploration.dpor(Programs.lockinc(3)).result().completed()).isEqualTo(6);
        assertThat(Exploration.dpor(Programs.lockinc(4)).result().completed()).isEqualTo(24);
    }

    private static List<List<Integer>> readsOf(Exploration exploration, String thread) {
        return exploration.log().ranToEnd().stream().map(e -> e.outcome().reads().get(thread)).toList();
    }

    private static Set<Outcome> outcomes(Exploration exploration) {
        return exploration.log().ranToEnd().stream().map(ExplorationLog.Execution::outcome)
                .collect(Collectors.toSet());
    }
}
