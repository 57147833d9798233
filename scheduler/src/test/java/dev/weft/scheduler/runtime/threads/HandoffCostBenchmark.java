package dev.weft.scheduler.runtime.threads;

import dev.weft.scheduler.hooks.Hooks;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.ThreadId;
import dev.weft.scheduler.runtime.Dfs;
import dev.weft.scheduler.runtime.JvmRun;
import dev.weft.scheduler.runtime.JvmRunTest;
import dev.weft.scheduler.runtime.JvmSubject;
import dev.weft.scheduler.runtime.TestSite;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Measures (and prints, without asserting on time) what a step and a whole execution cost. A benchmark, not a test:
 * Surefire runs only classes named {@code *Test}, so builds leave it out; run it with
 * {@code mvn -pl scheduler -am test -Dtest=HandoffCostBenchmark -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class HandoffCostBenchmark {

    static final class Cell {
        int value;
    }

    private static final int WRITE = TestSite.at("value");
    private static final int START = TestSite.at("start");
    private static final int JOIN = TestSite.at("join");
    private static final int STEPS_PER_THREAD = 20_000;

    @Test
    void printsTheCostOfOneHandOff() {
        JvmSubject subject = new JvmSubject(() -> {
            Cell cell = new Cell();
            Runnable writer = () -> {
                for (int i = 0; i < STEPS_PER_THREAD; i++) {
                    Hooks.fieldWrite(cell, WRITE);
                    cell.value = i;
                }
            };
            JvmRunTest.startAndJoin(writer, writer);
        });
        measure(subject, 1); // warm up
        int rounds = 3;
        long started = System.nanoTime();
        int steps = measure(subject, rounds);
        double micros = (System.nanoTime() - started) / 1_000.0 / steps;

        System.out.printf("weft runtime: %.2f us per step (%d steps alternating between two threads)%n", micros, steps);
        assertThat(steps).isGreaterThan(rounds * 2 * STEPS_PER_THREAD);
    }

    @Test
    void printsTheCostOfOneExecution() {
        JvmSubject subject = new JvmSubject(() -> {
            Cell cell = new Cell();
            Runnable increment = () -> {
                Hooks.fieldWrite(cell, WRITE);
                cell.value++;
            };
            JvmRunTest.startAndJoin(increment, increment);
        });
        Dfs.explore(subject); // warm up
        int executions = 0;
        long started = System.nanoTime();
        while (System.nanoTime() - started < 2_000_000_000L) {
            executions += Dfs.explore(subject).size();
        }
        double seconds = (System.nanoTime() - started) / 1e9;

        System.out.printf("weft runtime: %.0f executions per second (3 threads, about 10 steps each)%n",
                executions / seconds);
        assertThat(executions).isPositive();
    }

    /** Runs the subject {@code rounds} times, alternating between the threads on every step to force hand-offs. */
    private static int measure(JvmSubject subject, int rounds) {
        int steps = 0;
        for (int round = 0; round < rounds; round++) {
            try (JvmRun run = subject.start()) {
                ThreadId previous = null;
                for (List<PendingOperation> pending = run.pending(); !pending.isEmpty(); pending = run.pending()) {
                    ThreadId next = null;
                    for (PendingOperation candidate : pending) {
                        if (candidate.enabled() && (next == null || candidate.thread().equals(previous) == false)) {
                            next = candidate.thread();
                        }
                    }
                    run.step(next);
                    previous = next;
                    steps++;
                }
            }
        }
        return steps;
    }
}
