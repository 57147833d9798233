package dev.weft.dpor.model;

import dev.weft.dpor.SearchAlgorithm;

import java.util.HashSet;
import java.util.Set;
import java.util.UUID;

/**
 * Prints the trace count of one instance of a {@link BenchmarkFamilies} family, as a counter computes it: an explorer
 * (DPOR, NAIVE, or any other {@link SearchAlgorithm}, by name), {@link BruteForce} or {@link MemoizedTraceCount}.
 * It is how the constants of {@link BenchmarkFamiliesTest} were computed and how they can be recomputed; the
 * instances they are for are too slow (or, for the explorer-free counters, too big) for the test. Surefire runs only
 * classes named {@code *Test}, so builds leave it out. From the repository root:
 *
 * <pre>
 * mvn -B -o -q test-compile -pl dpor
 * mvn -B -o -q dependency:build-classpath -pl dpor -Dmdep.outputFile=/tmp/weft-cp.txt
 * java -Xmx6g -cp dpor/target/test-classes:dpor/target/classes:$(cat /tmp/weft-cp.txt) \
 *     dev.weft.dpor.model.BenchmarkFamilyCounts memo disp 5 3
 * </pre>
 *
 * Arguments: the counter ({@code dpor}, {@code naive} or another search algorithm's name, {@code brute} or
 * {@code memo}), the family ({@code disp},
 * {@code mpat}, {@code mpc}, {@code pi}, {@code pol}) and its one or two parameters; for {@code mpc}, optionally
 * {@code TASKS} and {@code ITERS} too.
 */
final class BenchmarkFamilyCounts {

    private BenchmarkFamilyCounts() {
    }

    public static void main(String[] args) {
        if (args.length < 3) {
            System.err.println("usage: BenchmarkFamilyCounts dpor|naive|<algorithm>|brute|memo"
                    + " disp|mpat|mpc|pi|pol N [M [TASKS ITERS]]");
            System.exit(2);
        }
        String counter = args[0];
        ModelProgram program = program(args);
        long start = System.nanoTime();
        switch (counter) {
            case "brute" -> {
                Set<UUID> traces = new HashSet<>();
                long[] incomplete = {0};
                long interleavings = BruteForce.enumerate(program, BruteForce.Mode.EAGER_THREAD_OPERATIONS,
                        Long.MAX_VALUE, i -> {
                            traces.add(i.traceKey().fingerprint());
                            if (i.outcome().ending() != Outcome.Ending.COMPLETE) {
                                incomplete[0]++;
                            }
                        });
                System.out.printf("BruteForce on %s: %d interleavings, %d traces, %d not complete, %d ms%n",
                        program.name(), interleavings, traces.size(), incomplete[0],
                        (System.nanoTime() - start) / 1_000_000);
            }
            case "memo" -> {
                MemoizedTraceCount.Result result = MemoizedTraceCount.count(program, Long.MAX_VALUE);
                System.out.printf("MemoizedTraceCount on %s: %d traces, %d not complete, %d states, %d steps, %d ms%n",
                        program.name(), result.traces(), result.incomplete(), result.states(), result.steps(),
                        result.elapsedNanos() / 1_000_000);
            }
            default -> {
                // an explorer, by its SearchAlgorithm name: dpor, naive, ...
                SearchAlgorithm algorithm = SearchAlgorithm.valueOf(counter.toUpperCase(java.util.Locale.ROOT));
                Exploration exploration = Exploration.of(program, algorithm, false);
                System.out.println(exploration.summary() + "; distinct traces " + exploration.log().distinctTraces()
                        + "; failures " + exploration.result().failures());
            }
        }
    }

    private static ModelProgram program(String[] args) {
        int a = Integer.parseInt(args[2]);
        int b = args.length > 3 ? Integer.parseInt(args[3]) : 0;
        return switch (args[1]) {
            case "disp" -> BenchmarkFamilies.disp(a, b);
            case "mpat" -> BenchmarkFamilies.mpat(a);
            case "mpc" -> args.length > 5
                    ? BenchmarkFamilies.mpc(a, b, Integer.parseInt(args[4]), Integer.parseInt(args[5]))
                    : BenchmarkFamilies.mpc(a, b);
            case "pi" -> BenchmarkFamilies.pi(a);
            case "pol" -> BenchmarkFamilies.pol(a, b);
            default -> throw new IllegalArgumentException("no family " + args[1]);
        };
    }
}
