package dev.weft.samples.executors;

import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Neutral takes lose no outcome: small random pool programs (two or three workers) ({@link RandomPoolPrograms}) reach the same outcomes (what
 * every read saw) when only neutral takes are left unexplored against the other workers' (the default) as when every
 * worker's choice is explored ({@code weft.interchangeableIdleWorkers=false}), and never run more executions.
 *
 * <p>The reference is independent of the rule under test: with the setting off, every take of a work queue is a write
 * of the whole queue. The seeds are fixed, so a failure names a program that can be run again. 20 programs by
 * default (about 45 s on JDK 17, where every step is a hand-off between platform threads); the CI's pass on JDK 25
 * runs 40. {@code -Dweft.differential.poolPrograms=N} runs N, {@code -Dweft.differential.algorithm=DPOR} checks with
 * the other explorer.
 */
class NeutralTakesDifferentialTest {

    @TempDir
    Path reports;

    static LongStream seeds() {
        return LongStream.range(0, Long.getLong("weft.differential.poolPrograms", 20));
    }

    @ParameterizedTest(name = "program {0}")
    @MethodSource("seeds")
    void neutralTakesReachEveryOutcome(long seed) {
        RandomPoolPrograms.Program program = RandomPoolPrograms.Program.random(seed);

        String algorithm = System.getProperty("weft.differential.algorithm", "OPTIMAL");
        Exploration everyChoice = explore(program, "false", algorithm);
        Exploration neutral = explore(program, "true", algorithm);

        assertThat(neutral.outcomes).as("outcomes of\n%s", program).isEqualTo(everyChoice.outcomes);
        assertThat(neutral.executions).as("executions of\n%s", program).isLessThanOrEqualTo(everyChoice.executions);
    }

    private record Exploration(Set<String> outcomes, long executions) {
    }

    private Exploration explore(RandomPoolPrograms.Program program, String interchangeable, String algorithm) {
        RandomPoolPrograms.use(program);
        WeftRunner.Outcome outcome = WeftRunner.run(RandomPoolPrograms.class, "runTheProgram",
                reports.resolve(interchangeable), Map.of("weft.interchangeableIdleWorkers", interchangeable,
                        "weft.algorithm", algorithm));
        assertThat(outcome.failure()).as("a correct program\n%s", program).isEmpty();
        return new Exploration(new TreeSet<>(RandomPoolPrograms.OUTCOMES), outcome.number("executions"));
    }
}
