package dev.weft.dpor.model;

import dev.weft.dpor.ExplorationListener;
import dev.weft.dpor.ExplorationOptions;
import dev.weft.dpor.ExplorationResult;
import dev.weft.dpor.Explorer;
import dev.weft.dpor.SearchAlgorithm;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * How fast DPOR and OPTIMAL explore the big oracle programs: each is explored {@value #RUNS} times after a warm-up
 * run, and the run with the median wall time is reported. Nothing listens to the explorations, so the numbers are the explorer's
 * and the interpreter's alone.
 *
 * <p>Run it with (from the repository root; Surefire runs only classes named {@code *Test}, so ordinary builds leave
 * it out):
 *
 * <pre>
 * mvn -B -pl dpor -am test -Dtest=ModelBenchmark -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 *
 * or run {@link #main} from an IDE with the test classpath. With {@code -DargLine=-Xmx256m} it shows that each
 * exploration fits in 256 MiB of heap.
 */
class ModelBenchmark {

    private static final int RUNS = 5;

    private static final List<Case> CASES = List.of(
            new Case("big0", Programs::big0),
            new Case("lastzero(10)", () -> Programs.lastzero(10)),
            new Case("lastzero(12)", () -> Programs.lastzero(12)));

    private record Case(String name, Supplier<ModelProgram> program) {
    }

    private record Measurement(ExplorationResult result, long peakHeapBytes) {
        double wallMillis() {
            return result.elapsedNanos() / 1e6;
        }

        double executionsPerSecond() {
            return (result.executions() + result.sleepSetBlocked()) / (result.elapsedNanos() / 1e9);
        }
    }

    public static void main(String[] args) {
        System.out.println(table());
    }

    @Test
    void printsTheTable() {
        System.out.println(table());
    }

    static String table() {
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
                "median of %d runs (%s, %d processors, max heap %d MiB)%n%-9s %-14s %10s %12s %14s %10s %14s%n",
                RUNS, System.getProperty("java.vm.name") + " " + System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20,
                "explorer", "program", "traces", "sleep-set", "executions/s", "wall ms", "peak heap MiB"));
        for (Case c : CASES) {
            for (SearchAlgorithm algorithm : List.of(SearchAlgorithm.DPOR, SearchAlgorithm.OPTIMAL)) {
                Measurement m = median(c.program().get(), algorithm);
                out.append(String.format(Locale.ROOT, "%-9s %-14s %10d %12d %14.0f %10.0f %14d%n", algorithm,
                        c.name(), m.result().completed(), m.result().sleepSetBlocked(), m.executionsPerSecond(),
                        m.wallMillis(), m.peakHeapBytes() >> 20));
            }
        }
        return out.toString();
    }

    private static Measurement median(ModelProgram program, SearchAlgorithm algorithm) {
        explore(program, algorithm);
        Measurement[] runs = new Measurement[RUNS];
        for (int i = 0; i < RUNS; i++) {
            System.gc();
            ManagementFactory.getMemoryPoolMXBeans().forEach(MemoryPoolMXBean::resetPeakUsage);
            ExplorationResult result = explore(program, algorithm);
            runs[i] = new Measurement(result, peakHeap());
        }
        Arrays.sort(runs, Comparator.comparingDouble(Measurement::wallMillis));
        return runs[RUNS / 2];
    }

    /**
     * The most heap in use during the run, summed over the heap's pools: garbage not yet collected included, so an
     * upper bound of what the exploration needs (run with {@code -Xmx256m} to see that it fits).
     */
    private static long peakHeap() {
        return ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(pool -> pool.getType() == MemoryType.HEAP)
                .mapToLong(pool -> pool.getPeakUsage().getUsed())
                .sum();
    }

    private static ExplorationResult explore(ModelProgram program, SearchAlgorithm algorithm) {
        ExplorationOptions options = ExplorationOptions.of(algorithm).withStopOnFirstFailure(false);
        return Explorer.create(options).explore(new ModelSubject(program), ExplorationListener.NONE);
    }
}
