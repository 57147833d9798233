package dev.weft.dpor.model;

import dev.weft.dpor.ExplorationListener;
import dev.weft.dpor.ExplorationOptions;
import dev.weft.dpor.ExplorationResult;
import dev.weft.dpor.Explorer;
import dev.weft.dpor.SearchAlgorithm;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.Locale;

/**
 * What the explorer keeps of one long execution, as real suites write them: main starts {@code threads} workers one
 * after the other and joins each, every worker reads and writes a shared cell {@code turns} times. One execution
 * (the first of the search), run on the model interpreter; it prints the steps and the heap's peak use. Run it in a
 * fresh JVM with a small heap to see what fits, e.g. with {@code -Xmx512m -XX:+UseSerialGC}:
 *
 * <pre>
 * java -cp ... dev.weft.dpor.model.LongExecutionBenchmark 3000 80
 * </pre>
 *
 * (docs/PERFORMANCE.md, "Long executions").
 */
public final class LongExecutionBenchmark {

    private LongExecutionBenchmark() {
    }

    public static void main(String[] args) {
        int threads = Integer.parseInt(args[0]);
        int turns = Integer.parseInt(args[1]);
        ModelProgram program = oneAfterAnother(threads, turns);
        ExplorationOptions options = ExplorationOptions.of(SearchAlgorithm.OPTIMAL).withMaxExecutions(1)
                .withMaxSteps(Integer.MAX_VALUE);
        long start = System.nanoTime();
        ExplorationResult result = Explorer.create(options).explore(new ModelSubject(program),
                ExplorationListener.NONE);
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        System.out.printf(Locale.ROOT,
                "%d threads x %d turns: %s, %d executions, %.1f s, heap peak %d MB (max %d MB)%n",
                threads, turns, result.failures().isEmpty() ? "passed" : result.failures().get(0).kind(),
                result.executions(), (System.nanoTime() - start) / 1e9, peak >> 20,
                Runtime.getRuntime().maxMemory() >> 20);
    }

    static ModelProgram oneAfterAnother(int threads, int turns) {
        ProgramBuilder p = ProgramBuilder.program("oneAfterAnother(" + threads + ", " + turns + ")");
        CellRef x = p.shared("x");
        ThreadHandle[] workers = new ThreadHandle[threads];
        for (int i = 0; i < threads; i++) {
            workers[i] = p.thread("T" + (i + 1), t -> {
                Reg r = t.reg("r");
                t.repeat(turns, turn -> {
                    turn.read(r, x);
                    turn.write(x, r.plus(1));
                });
            });
        }
        p.main(main -> {
            for (ThreadHandle worker : workers) {
                main.start(worker);
                main.join(worker);
            }
        });
        return p.build();
    }
}
