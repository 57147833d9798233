package dev.weft.samples.random;

import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Randomness is the same in every execution that runs the same schedule, since 2026-11-27. Before, the programs here
 * were reported as {@code NONDETERMINISM} (measured: those that order their work at random in every run, the random
 * sleeps in about half the runs), although each is correct.
 */
class RandomnessTest {

    @TempDir
    Path reports;

    /**
     * Two threads draw from one {@code Random} made by the main thread (or before the test), each from a generator of
     * its own in its place, sleep that long and then count under one monitor. Sleeps end in the order of their
     * wake-up times, each only when the other thread cannot move: the thread with the shorter sleep counts first, 1
     * execution; when both drew the same time they wake at the same instant and take the monitor in either order, 2.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"sleepsFromAnUnseededRandom", "sleepsFromARandomMadeBefore", "sleepsFromThreadLocalRandom"})
    void randomSleepsAreDeterministic(String program) {
        RandomnessPrograms.DRAWN_SLEEPS.clear();
        long executions = passes(program);
        assertThat(RandomnessPrograms.DRAWN_SLEEPS).hasSize(2);
        assertThat(executions).isEqualTo(new HashSet<>(RandomnessPrograms.DRAWN_SLEEPS.values()).size() == 1 ? 2 : 1);
    }

    /**
     * The main thread orders four parts at random, then two threads take their monitors in that order: each monitor
     * may go either thread first independently of the others, 2^4 = 16, whatever the order.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"shuffled", "shuffledWithThreadLocalRandom", "sortedByMathRandom",
            "sortedByThreadLocalRandom", "keyedByRandomUuids"})
    void randomOrdersAreDeterministic(String program) {
        assertThat(passes(program)).isEqualTo(16);
    }

    /** The main thread draws exactly the numbers of the seed it gave, as the JDK's generator would: 1 execution. */
    @Test
    void aSeededGeneratorKeepsItsNumbers() {
        RandomnessPrograms.seed = 20261127L;
        Random independent = new Random(RandomnessPrograms.seed);
        RandomnessPrograms.seedsFirstDraws = new int[] {
                independent.nextInt(1000), independent.nextInt(1000), independent.nextInt(1000)};

        assertThat(passes("theMakerDrawsItsSeedsNumbers")).isEqualTo(1);
    }

    /**
     * Which number each worker draws does not depend on the schedule (before, the order of their draws decided it):
     * both schedules, one pair of numbers.
     */
    @Test
    void aThreadsNumbersDoNotDependOnTheSchedule() {
        RandomnessPrograms.seed = 7;
        RandomnessPrograms.DRAWN.clear();

        assertThat(passes("workersDrawTheSameWhateverTheOrder")).isEqualTo(2);
        assertThat(RandomnessPrograms.DRAWN).hasSize(1);
    }

    /** Weft gives a shuffle its generator, and still sees it change the list. */
    @Test
    void twoShufflesOfOneListAreADataRace() {
        WeftRunner.Outcome outcome = WeftRunner.run(RandomnessPrograms.class, "twoShufflesOfOneList", reports);

        assertThat(outcome.failure()).get().extracting(Throwable::getMessage).asString()
                .contains("DATA_RACE").contains("ArrayList@").contains("shuffle");
    }

    private long passes(String program) {
        WeftRunner.Outcome outcome = WeftRunner.run(RandomnessPrograms.class, program, reports);
        assertThat(outcome.failure()).as(program).isEmpty();
        return outcome.number("executions");
    }
}
