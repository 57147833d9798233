package dev.weft.samples.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * The JVM-level benchmark of {@code docs/PERFORMANCE.md}: explores oracle programs end to end (instrumentation,
 * runtime, explorer, report) and prints executions per second beside the time of one plain run of the same body
 * without Weft, so the cost per execution reads as a ratio. Not a timed test: it prints, it does not assert on time.
 *
 * <pre>mvn -B -pl sample-tests -am test -Dtest=JvmBenchmark -Dsurefire.failIfNoSpecifiedTests=false</pre>
 *
 * Runs: {@code -Dweft.bench.runs=5} (median reported); one program only: {@code -Dweft.bench.only=big0}; the
 * explorers compared: {@code -Dweft.bench.algorithms=DPOR,OPTIMAL} (the default); the runtime settings of
 * {@link MedianRun#withRuntimeSettings}.
 */
class JvmBenchmark {

    @TempDir
    Path reports;

    @Test
    void printTable() throws Exception {
        int runs = MedianRun.runs(3);
        String[] algorithms = System.getProperty("weft.bench.algorithms", "DPOR,OPTIMAL").split(",");
        String[][] programs = {
                {"lockinc5", "lockinc", "5"}, {"inc3", "inc", "3"}, {"lastzero8", "lastzero", "8"},
                {"big0Program", "big0", ""}};
        String only = System.getProperty("weft.bench.only", "");
        if (!only.isEmpty()) {
            programs = Arrays.stream(programs).filter(program -> program[1].equals(only)).toArray(String[][]::new);
            if (programs.length == 0) {
                throw new IllegalArgumentException("weft.bench.only=" + only + ": no such program");
            }
        }
        // Plain runs first: once Weft has run, the classes are instrumented (hooks stay cheap, but not free).
        double[] plain = new double[programs.length];
        for (int p = 0; p < programs.length; p++) {
            plain[p] = plainRunMicros(programs[p][1], programs[p][2]);
        }
        System.out.printf("%-9s %-12s %10s %10s %12s %14s %14s %8s%n", "explorer", "program", "executions",
                "median ms", "exec/s", "µs/execution", "plain run µs", "ratio");
        for (int p = 0; p < programs.length; p++) {
            String[] program = programs[p];
            for (String algorithm : algorithms) {
                MedianRun run = MedianRun.of(MedianRun.ORACLE_PROGRAMS, program[0], runs, reports,
                        MedianRun.withRuntimeSettings(Map.of("weft.algorithm", algorithm)));
                long executions = run.allExecutions();
                long median = run.medianMillis();
                double perExecutionMicros = median * 1000.0 / executions;
                double plainMicros = plain[p];
                System.out.printf("%-9s %-12s %10d %10d %12.0f %14.1f %14.1f %8.0f%n", algorithm, program[0],
                        executions, median, executions * 1000.0 / Math.max(median, 1), perExecutionMicros,
                        plainMicros, perExecutionMicros / plainMicros);
            }
        }
    }

    /** The median time of one run of the program's body without Weft (threads started and joined for real). */
    private static double plainRunMicros(String name, String size) throws Exception {
        Class<?> programs = MedianRun.ORACLE_PROGRAMS;
        Method method = size.isEmpty() ? programs.getDeclaredMethod(name)
                : programs.getDeclaredMethod(name, int.class);
        method.setAccessible(true);
        List<Long> nanos = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            long start = System.nanoTime();
            if (size.isEmpty()) {
                method.invoke(null);
            } else {
                method.invoke(null, Integer.parseInt(size));
            }
            nanos.add(System.nanoTime() - start);
        }
        Collections.sort(nanos);
        return nanos.get(nanos.size() / 2) / 1000.0;
    }
}
