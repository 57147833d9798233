package dev.weft.junit.internal;

import dev.weft.dpor.ExplorationFailure;
import dev.weft.dpor.ExplorationResult;
import dev.weft.dpor.Schedule;
import dev.weft.scheduler.model.FailureKind;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What stands when one worker explores again after the workers found a failure. The end-to-end tests
 * (sample-tests' {@code ParallelWorkersTest}) cannot force a worker other than the first to find a failure first,
 * which is what leads here with nothing shared; so the rule is tested here on its own, on every combination.
 */
class WorkersFailureRecheckTest {

    private static final ExplorationFailure WORKERS_FAILURE = failure(FailureKind.ASSERTION,
            "expected 2 but was 1\n\tat the second line");
    private static final ExplorationFailure ONE_WORKERS_FAILURE = failure(FailureKind.DEADLOCK, "both wait");

    @Test
    void aFailureOfOneWorkerIsTheVerdictWhateverTheWorkersFound() {
        ExplorationResult oneWorker = result(false, ONE_WORKERS_FAILURE);

        for (boolean shared : new boolean[] {false, true}) {
            WorkersFailureRecheck.Verdict verdict = WorkersFailureRecheck.of(oneWorker, WORKERS_FAILURE, shared, 2);

            assertOneWorkersResultStandsSilently(verdict, oneWorker);
        }
    }

    @Test
    void aPassIsThePassWhenTheWorkersFoundNothing() {
        ExplorationResult oneWorker = result(true);

        WorkersFailureRecheck.Verdict verdict = WorkersFailureRecheck.of(oneWorker, null, false, 2);

        assertOneWorkersResultStandsSilently(verdict, oneWorker);
    }

    @Test
    void aFailureOfExecutionsThatSharedNothingFailsTheTestWhenOneWorkerFindsNone() {
        ExplorationResult oneWorker = result(true);

        WorkersFailureRecheck.Verdict verdict = WorkersFailureRecheck.of(oneWorker, WORKERS_FAILURE, false, 3);

        assertThat(verdict.result().failed()).isTrue();
        assertThat(verdict.result().failures()).containsExactly(WORKERS_FAILURE);
        assertThat(verdict.result().executions()).isEqualTo(oneWorker.executions());
        assertThat(verdict.result().exhaustive()).isFalse();
        assertThat(verdict.unconfirmed()).isTrue();
        assertThat(verdict.warnings()).singleElement().asString()
                .contains("with 3 workers found a failure (ASSERTION: expected 2 but was 1)")
                .doesNotContain("the second line")
                .contains("did not do the same thing in both explorations");
    }

    @Test
    void whenOneWorkersBudgetRanOutTheWarningSaysTheWorkersGotFurther() {
        WorkersFailureRecheck.Verdict verdict = WorkersFailureRecheck.of(result(false), WORKERS_FAILURE, false, 2);

        assertThat(verdict.result().failures()).containsExactly(WORKERS_FAILURE);
        assertThat(verdict.unconfirmed()).isTrue();
        assertThat(verdict.warnings()).singleElement().asString()
                .contains("before its budget (maxExecutions, maxSeconds) ran out")
                .doesNotContain("did not do the same thing");
    }

    /**
     * Executions side by side that share a static counter fail each other (the sample suite's static-state tests did
     * in most runs): such a failure is Weft's making, and one worker's pass is the verdict, without a warning.
     */
    @Test
    void aFailureOfExecutionsThatSharedStateGivesWayToOneWorkersPass() {
        ExplorationResult oneWorker = result(true);

        WorkersFailureRecheck.Verdict verdict = WorkersFailureRecheck.of(oneWorker, WORKERS_FAILURE, true, 2);

        assertOneWorkersResultStandsSilently(verdict, oneWorker);
    }

    private static void assertOneWorkersResultStandsSilently(WorkersFailureRecheck.Verdict verdict,
                                                              ExplorationResult oneWorker) {
        assertThat(verdict.result()).isSameAs(oneWorker);
        assertThat(verdict.unconfirmed()).isFalse();
        assertThat(verdict.warnings()).isEmpty();
    }

    private static ExplorationResult result(boolean exhaustive, ExplorationFailure... failures) {
        return new ExplorationResult(42, 40, 0, exhaustive, List.of(failures), 1_000_000);
    }

    private static ExplorationFailure failure(FailureKind kind, String message) {
        return new ExplorationFailure(kind, message, null, List.of(), new Schedule(List.of("main", "t1")), List.of(),
                1);
    }
}
