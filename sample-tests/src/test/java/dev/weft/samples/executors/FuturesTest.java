package dev.weft.samples.executors;

import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;

class FuturesTest {

    @TempDir
    Path reports;

    @ParameterizedTest
    @ValueSource(strings = {"futureTaskGetSeesTheResult", "futureTaskTimedGetSeesTheResult", "futureTasksLoseAnUpdate",
            "futureTaskGetThrowsTheTasksException", "completableFuturesCombine", "completableFuturesLoseAnUpdate",
            "completableFutureOnTheCommonPool", "completableFutureThenApplyAsyncOnTheCommonPool",
            "forkJoinCommonPool"})
    void probe(String method) {
        WeftRunner.Outcome outcome = WeftRunner.run(FuturePrograms.class, method, reports);
        System.out.println("=== " + method + ": " + outcome.failure().map(Throwable::getMessage).orElse("PASS")
                + "\n" + outcome.summaryJson());
    }
}
