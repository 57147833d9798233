package dev.weft.samples.bench;

import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * Explores one program with the managed threads as continuations and as platform threads, each with and without a
 * busy second CPU ({@code weft.keepCoreAwake}), in one JVM: every setting once per round, the rounds one after the
 * other, so that a host that slows down or speeds up meanwhile slows all settings alike. Prints the median time of
 * each. Continuations need JDK 24 or later; before, both rows of a keeper setting measure platform threads.
 *
 * <p>Run with {@code mvn -pl sample-tests test -Dtest=ContinuationsBenchmark -Dsurefire.failIfNoSpecifiedTests=false};
 * {@code -Dweft.bench.runs=5} (rounds), {@code -Dweft.bench.warmUps=1} (rounds not counted),
 * {@code -Dweft.bench.only=big0Program}.
 */
class ContinuationsBenchmark {

    private static final String[][] SETTINGS = {
            {"true", "true"}, {"true", "false"}, {"false", "true"}, {"false", "false"}};

    @TempDir
    Path reports;

    @Test
    void printTable() {
        int rounds = MedianRun.runs(5);
        int warmUps = Integer.getInteger("weft.bench.warmUps", 1);
        for (String program : MedianRun.programs("big0Program")) {
            List<List<Long>> millis = new ArrayList<>();
            long executions = -1;
            for (int s = 0; s < SETTINGS.length; s++) {
                millis.add(new ArrayList<>());
            }
            for (int round = 0; round < warmUps + rounds; round++) {
                for (int s = 0; s < SETTINGS.length; s++) {
                    WeftRunner.Outcome outcome = WeftRunner.run(MedianRun.ORACLE_PROGRAMS, program,
                            reports.resolve(program + "-" + round + "-" + s),
                            Map.of("weft.continuations", SETTINGS[s][0], "weft.keepCoreAwake", SETTINGS[s][1],
                                    "weft.workers", "1")); // one worker's hand-offs, whatever the cores
                    if (outcome.failure().isPresent()) {
                        throw new AssertionError(program + " failed", outcome.failure().get());
                    }
                    if (executions >= 0 && outcome.number("executions") != executions) {
                        throw new AssertionError(program + " ran " + outcome.number("executions")
                                + " executions, not " + executions);
                    }
                    executions = outcome.number("executions");
                    if (round >= warmUps) {
                        millis.get(s).add(outcome.number("elapsedMillis"));
                    }
                }
            }
            System.out.printf("%-12s %13s %13s %10s %10s  %s%n", "program", "continuations", "keepCoreAwake",
                    "executions", "median ms", "runs (ms)");
            for (int s = 0; s < SETTINGS.length; s++) {
                List<Long> runs = millis.get(s);
                List<Long> sorted = new ArrayList<>(runs);
                Collections.sort(sorted);
                System.out.printf("%-12s %13s %13s %10d %10d  %s%n", program, SETTINGS[s][0], SETTINGS[s][1],
                        executions, sorted.get(sorted.size() / 2), runs);
            }
        }
    }
}
