package dev.weft.dpor.model;

import dev.weft.dpor.ExplorationListener;
import dev.weft.dpor.ExplorationOptions;
import dev.weft.dpor.ExplorationResult;
import dev.weft.dpor.Explorer;
import dev.weft.dpor.SearchAlgorithm;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * What the explorer alone costs per execution as the number of threads grows: {@code lockinc(n)} ({@code n} threads,
 * each {@code lock; read; write; unlock}, started and joined by main) on the model interpreter, no JVM thread at all,
 * 4,000 executions of the exhaustive search and of the search by preemption bound (with its random schedules), median
 * of {@value #RUNS} runs after a warm-up. It is the ceiling for the same test on the JVM, whose executions add the
 * runtime's cost to this (docs/PERFORMANCE.md, "Tests the size real projects write").
 *
 * <pre>
 * mvn -B -pl dpor -am test -Dtest=ManyThreadsBenchmark -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 */
class ManyThreadsBenchmark {

    private static final int RUNS = 3;
    private static final long EXECUTIONS = 4_000;

    public static void main(String[] args) {
        System.out.println(table());
    }

    @Test
    void printsTheTable() {
        System.out.println(table());
    }

    static String table() {
        ExplorationOptions options = ExplorationOptions.of(SearchAlgorithm.OPTIMAL).withMaxExecutions(EXECUTIONS);
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%s %s, %d processors%n%-8s %22s %22s%n",
                System.getProperty("java.vm.name"), System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors(), "threads", "exhaustive, exec/s", "by bound, exec/s"));
        for (int threads : new int[] {20, 50, 128}) {
            ModelProgram program = Programs.lockinc(threads);
            out.append(String.format(Locale.ROOT, "%-8d %22.0f %22.0f%n", threads,
                    medianRate(program, Explorer::create, options),
                    medianRate(program, Explorer::boundedCoverage, options)));
        }
        return out.toString();
    }

    private static double medianRate(ModelProgram program, Function<ExplorationOptions, Explorer> explorer,
                                     ExplorationOptions options) {
        rate(program, explorer, options); // warm-up
        List<Double> rates = new ArrayList<>();
        for (int i = 0; i < RUNS; i++) {
            rates.add(rate(program, explorer, options));
        }
        rates.sort(null);
        return rates.get(RUNS / 2);
    }

    private static double rate(ModelProgram program, Function<ExplorationOptions, Explorer> explorer,
                               ExplorationOptions options) {
        ExplorationResult result = explorer.apply(options).explore(new ModelSubject(program), ExplorationListener.NONE);
        return (result.executions() + result.sleepSetBlocked()) / (result.elapsedNanos() / 1e9);
    }
}
