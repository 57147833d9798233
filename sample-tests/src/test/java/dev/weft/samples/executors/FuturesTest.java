package dev.weft.samples.executors;

import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** FutureTask and CompletableFuture on the test's own threads, and the common pool failing closed. */
class FuturesTest {

    @TempDir
    Path reports;

    @ParameterizedTest(name = "{0} passes")
    @ValueSource(strings = {"futureTaskGetSeesTheResult", "futureTaskTimedGetSeesTheResult",
            "futureTaskGetThrowsTheTasksException", "completableFuturesCombine"})
    void correctUsePasses(String method) {
        ExecutorOutcomes.assertPasses(WeftRunner.run(FuturePrograms.class, method, reports), method);
    }

    @ParameterizedTest(name = "{0} fails with {1}")
    @CsvSource({"futureTasksLoseAnUpdate, ASSERTION", "completableFuturesLoseAnUpdate, ASSERTION"})
    void buggyUseFails(String method, String kind) {
        ExecutorOutcomes.assertFails(WeftRunner.run(FuturePrograms.class, method, reports), method, kind);
    }

    /** The common pool's threads are not managed: the test fails at once, naming the call, its line and the fix. */
    @ParameterizedTest(name = "{0} fails closed naming {1} at line {2}")
    @CsvSource({"completableFutureOnTheCommonPool, CompletableFuture.supplyAsync without an executor, 89",
            "completableFutureThenApplyAsyncOnTheCommonPool, CompletableFuture.thenApplyAsync without an executor, 95",
            "forkJoinCommonPool, ForkJoinPool.commonPool(), 100"})
    void theCommonPoolFailsClosed(String method, String call, int line) {
        WeftRunner.Outcome outcome = WeftRunner.run(FuturePrograms.class, method, reports);

        ExecutorOutcomes.assertFails(outcome, method, "EXCEPTION");
        assertThat(outcome.failure().orElseThrow().getMessage())
                .contains("Weft does not model the common ForkJoinPool")
                .contains(call)
                .contains("FuturePrograms.java:" + line)
                .contains("pass an executor");
        assertThat(outcome.number("executions")).isEqualTo(1);
    }

    /**
     * Parallel streams, a test's own ForkJoinPool and a java.util.Timer would run work on threads nobody manages: they
     * fail closed.
     */
    @ParameterizedTest(name = "{0} fails closed naming {1}")
    @CsvSource({"parallelStreamOfAList, parallel streams", "parallelIntStream, parallel streams",
            "ownForkJoinPool, a ForkJoinPool", "workStealingPool, a ForkJoinPool", "timer, java.util.Timer"})
    void forkJoinWorkFailsClosed(String method, String what) {
        WeftRunner.Outcome outcome = WeftRunner.run(FuturePrograms.class, method, reports);

        ExecutorOutcomes.assertFails(outcome, method, "EXCEPTION");
        assertThat(outcome.failure().orElseThrow().getMessage())
                .contains("Weft does not model " + what)
                .containsPattern("FuturePrograms\\.java:\\d+");
    }

    @Test
    void aSequentialStreamIsAnOrdinaryStep() {
        WeftRunner.Outcome outcome = WeftRunner.run(FuturePrograms.class, "sequentialStreamOfAList", reports);

        ExecutorOutcomes.assertPasses(outcome, "sequentialStreamOfAList");
    }

    @Test
    void delayedCompletionFailsClosed() {
        WeftRunner.Outcome outcome = WeftRunner.run(FuturePrograms.class, "completableFutureOrTimeout", reports);

        ExecutorOutcomes.assertFails(outcome, "completableFutureOrTimeout", "EXCEPTION");
        assertThat(outcome.failure().orElseThrow().getMessage()).contains("Weft does not model")
                .contains("FuturePrograms.java:106");
    }
}
