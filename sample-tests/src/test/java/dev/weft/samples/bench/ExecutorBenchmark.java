package dev.weft.samples.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

/**
 * The executor, future and concurrent-map programs of {@code docs/PERFORMANCE.md} ("Executors at the user's level"),
 * explored end to end: executions and the median wall time of several runs. Not a timed test: it prints, it does not assert on
 * time (the exact counts are asserted by {@code UserLevelCountsTest}, {@code ExecutorsTest} and
 * {@code KeyedMapsTest}).
 *
 * <pre>mvn -B -pl sample-tests test -Dtest=ExecutorBenchmark -Dsurefire.failIfNoSpecifiedTests=false</pre>
 *
 * Runs: {@code -Dweft.bench.runs=5} (median reported).
 */
class ExecutorBenchmark {

    private static final String EXECUTORS = "dev.weft.samples.executors.ExecutorPrograms";
    private static final String USER_LEVEL = "dev.weft.samples.executors.UserLevelPrograms";
    private static final String KEYED_MAPS = "dev.weft.samples.collections.KeyedMapPrograms";

    @TempDir
    Path reports;

    @Test
    void printTable() throws Exception {
        int runs = MedianRun.runs(5);
        String[][] programs = {
                {EXECUTORS, "fixedPoolCountsBoth"}, {EXECUTORS, "cachedPoolCountsBoth"},
                {EXECUTORS, "poolSubclassCountsEveryTask"}, {EXECUTORS, "invokeAllReturnsEveryResult"},
                {EXECUTORS, "completionServiceTakesEveryResult"}, {EXECUTORS, "completableFuturesOnAPoolCompose"},
                {USER_LEVEL, "invokeAllOfFourOnFourWorkers"}, {USER_LEVEL, "threeSuppliersCombined"},
                {USER_LEVEL, "queuedTaskSeesOneOfTheOthers"}, {KEYED_MAPS, "sixThreadsPutDifferentKeys"},
                {KEYED_MAPS, "fourThreadsPutDifferentKeysIntoASkipListMap"}, {KEYED_MAPS, "sizeSeesEitherPut"},
                {USER_LEVEL, "fourTasksInTurnOnThreeIdleWorkers"},
                {USER_LEVEL, "fourTasksInTurnOnThreeIdleWorkers", "weft.interchangeableIdleWorkers", "false"}};
        System.out.printf("%-36s %10s %10s %10s%n", "program", "executions", "blocked", "median ms");
        for (String[] program : programs) {
            Map<String, String> parameters = program.length > 2 ? Map.of(program[2], program[3]) : Map.of();
            MedianRun run = MedianRun.of(Class.forName(program[0]), program[1], runs, reports, parameters);
            System.out.printf("%-36s %10d %10d %10d%s%n", program[1], run.executions(), run.blocked(),
                    run.medianMillis(), parameters.isEmpty() ? "" : " " + parameters);
        }
    }
}
