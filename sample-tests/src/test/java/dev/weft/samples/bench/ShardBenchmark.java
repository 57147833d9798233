package dev.weft.samples.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

/**
 * Splits big explorations into shards ({@code weft.shard=K/N}) and runs the shards one after the other, as N machines
 * would run them side by side: per N the sum of the shards' executions (which must equal the whole exploration's, or
 * the benchmark fails), the sleep-set blocked executions the split adds, the slowest shard (the wall time with N
 * machines) and the sum of all shards (the machine time). Every shard's time is the median of its runs.
 *
 * <p>Run with {@code mvn -pl sample-tests test -Dtest=ShardBenchmark -Dsurefire.failIfNoSpecifiedTests=false};
 * {@code -Dweft.bench.runs=3}, {@code -Dweft.bench.shards=1,2,3,7}, {@code -Dweft.bench.only=big0Program}.
 */
class ShardBenchmark {

    @TempDir
    Path reports;

    @Test
    void printTable() throws Exception {
        int runs = MedianRun.runs(3);
        int[] counts = MedianRun.numbers("weft.bench.shards", "1,2,3,7");
        String[] programs = MedianRun.programs("lastzero8,big0Program");
        Class<?> programClass = MedianRun.ORACLE_PROGRAMS;
        System.out.printf("%-12s %6s %10s %8s %12s %12s   %s%n", "program", "shards", "executions", "blocked",
                "slowest ms", "sum ms", "executions per shard");
        for (String program : programs) {
            long whole = -1;
            for (int count : counts) {
                long executions = 0;
                long blocked = 0;
                long slowest = 0;
                long sum = 0;
                StringBuilder perShard = new StringBuilder();
                for (int k = 1; k <= count; k++) {
                    MedianRun shard = MedianRun.of(programClass, program, runs, reports.resolve(count + "-" + k),
                            Map.of("weft.shard", k + "/" + count));
                    executions += shard.executions();
                    blocked += shard.blocked();
                    slowest = Math.max(slowest, shard.medianMillis());
                    sum += shard.medianMillis();
                    perShard.append(k == 1 ? "" : " ").append(shard.executions());
                }
                if (whole < 0) {
                    whole = executions;
                } else if (executions != whole) {
                    throw new AssertionError(program + " in " + count + " shards ran " + executions
                            + " executions, not the " + whole + " of " + counts[0] + " shard(s)");
                }
                System.out.printf("%-12s %6d %10d %8d %12d %12d   %s%n", program, count, executions, blocked,
                        slowest, sum, perShard);
            }
        }
    }
}
