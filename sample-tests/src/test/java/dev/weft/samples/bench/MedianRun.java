package dev.weft.samples.bench;

import dev.weft.samples.support.WeftRunner;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One program explored end to end several times: its executions (completed and sleep-set blocked, as
 * {@code summary.json} counts them) and the median of its wall times. A run that does not pass measures nothing, so
 * it fails the benchmark instead.
 *
 * @param executions completed executions of the last run
 * @param blocked    sleep-set blocked executions of the last run
 * @param medianMillis median wall time of the runs
 */
record MedianRun(long executions, long blocked, long medianMillis) {

    /** The {@code ORACLES.md} programs as {@code @ExhaustiveConcurrency} tests, which most benchmarks run. */
    static final Class<?> ORACLE_PROGRAMS = WeftRunner.programs("dev.weft.samples.oracles.OraclePrograms");

    /** How many runs a benchmark takes the median of: {@code -Dweft.bench.runs}, else {@code fallback}. */
    static int runs(int fallback) {
        return Integer.getInteger("weft.bench.runs", fallback);
    }

    /**
     * Runs the program {@code runs} times with {@code settings}; with one worker unless they set {@code weft.workers},
     * so that a benchmark's figures do not depend on the machine's cores (the default's) and compare with earlier ones.
     */
    static MedianRun of(Class<?> programs, String method, int runs, Path reports, Map<String, String> settings) {
        Map<String, String> oneWorkerUnlessSet = new HashMap<>(settings);
        oneWorkerUnlessSet.putIfAbsent("weft.workers", "1");
        List<Long> millis = new ArrayList<>();
        WeftRunner.Outcome outcome = null;
        for (int i = 0; i < runs; i++) {
            outcome = WeftRunner.run(programs, method, reports.resolve(method + i), oneWorkerUnlessSet);
            if (outcome.failure().isPresent()) {
                throw new AssertionError(method + " failed in run " + (i + 1), outcome.failure().get());
            }
            millis.add(outcome.number("elapsedMillis"));
        }
        Collections.sort(millis);
        return new MedianRun(outcome.number("executions"), outcome.number("sleepSetBlocked"),
                millis.get(millis.size() / 2));
    }

    /** A benchmark's comma-separated list of numbers from a system property ({@code -Dweft.bench.shards=1,2,3}). */
    static int[] numbers(String property, String fallback) {
        return java.util.Arrays.stream(System.getProperty(property, fallback).split(","))
                .mapToInt(Integer::parseInt).toArray();
    }

    /** The programs a benchmark runs: {@code -Dweft.bench.only=big0Program,lastzero8}, else {@code fallback}. */
    static String[] programs(String fallback) {
        return System.getProperty("weft.bench.only", fallback).split(",");
    }

    /**
     * The runtime settings a benchmark passes on, {@code settings} and these: {@code -Dweft.bench.keepCoreAwake=false}
     * (no busy second CPU), {@code -Dweft.bench.continuations=false} (platform threads where the JDK has
     * continuations), {@code -Dweft.bench.reuseThreads=false} (new threads instead of reused ones).
     */
    static Map<String, String> withRuntimeSettings(Map<String, String> settings) {
        Map<String, String> all = new HashMap<>(settings);
        all.put("weft.keepCoreAwake", System.getProperty("weft.bench.keepCoreAwake", "true"));
        all.put("weft.continuations", System.getProperty("weft.bench.continuations", "true"));
        all.put("weft.reuseThreads", System.getProperty("weft.bench.reuseThreads", "true"));
        return all;
    }

    long allExecutions() {
        return executions + blocked;
    }
}
