package dev.weft.samples.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

/**
 * Explores big programs with 1, 2, ... parallel workers ({@code weft.workers}) in one run, each setting right after
 * the other on the same program: the executions (which must be the same for every number of workers, or the benchmark
 * fails), the sleep-set blocked executions the division of the search adds, the median wall time and the speed-up
 * over one worker.
 *
 * <p>Run with {@code mvn -pl sample-tests test -Dtest=WorkersBenchmark -Dsurefire.failIfNoSpecifiedTests=false};
 * {@code -Dweft.bench.runs=3}, {@code -Dweft.bench.warmUps=3} (runs of each setting before any is measured),
 * {@code -Dweft.bench.workers=1,2}, {@code -Dweft.bench.only=big0Program}, and the runtime settings of
 * {@link MedianRun#withRuntimeSettings}.
 */
class WorkersBenchmark {

    @TempDir
    Path reports;

    @Test
    void printTable() throws Exception {
        int runs = MedianRun.runs(3);
        int warmUps = Integer.getInteger("weft.bench.warmUps", 3);
        int[] workers = MedianRun.numbers("weft.bench.workers", "1,2");
        String[] programs = MedianRun.programs("lastzero10,big0Program");
        Class<?> programClass = MedianRun.ORACLE_PROGRAMS;
        System.out.printf("%-12s %8s %10s %8s %10s %9s%n", "program", "workers", "executions", "blocked",
                "median ms", "speed-up");
        for (String program : programs) {
            for (int count : workers) { // the JIT warms up on the first few runs: a lockinc(5) run went 775 → 115 ms
                MedianRun.of(programClass, program, warmUps, reports.resolve("warm-up-" + count),
                        MedianRun.withRuntimeSettings(Map.of("weft.workers", Integer.toString(count))));
            }
            MedianRun first = null;
            for (int count : workers) {
                MedianRun run = MedianRun.of(programClass, program, runs, reports.resolve(program + "-" + count),
                        MedianRun.withRuntimeSettings(Map.of("weft.workers", Integer.toString(count))));
                if (first == null) {
                    first = run;
                } else if (run.executions() != first.executions()) {
                    throw new AssertionError(program + " with " + count + " workers ran " + run.executions()
                            + " executions, not the " + first.executions() + " of " + workers[0] + " worker(s)");
                }
                System.out.printf("%-12s %8d %10d %8d %10d %8.2fx%n", program, count, run.executions(), run.blocked(),
                        run.medianMillis(), (double) first.medianMillis() / run.medianMillis());
            }
        }
    }
}
