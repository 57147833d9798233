package dev.weft.dpor.model;

import dev.weft.dpor.SearchAlgorithm;

import dev.weft.dpor.ExecutionStatus;
import dev.weft.dpor.FreeChoice;
import dev.weft.scheduler.model.Event;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.Set;
import java.util.function.IntFunction;
import java.util.function.IntToLongFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The explorers against the exact trace counts of {@code ORACLES.md}: DPOR runs each trace exactly once (as many
 * complete executions as the formula says, all of different traces, none failing), NAIVE runs each at least once.
 */
class OracleCountsTest {

    /** A program and its number of Mazurkiewicz traces. */
    record Oracle(ModelProgram program, long traces) {
        @Override
        public String toString() {
            return program.name() + " (" + traces + " traces)";
        }
    }

    static Stream<Oracle> oracles() {
        return Stream.of(
                sizes(Programs::inc, OracleCounts::inc, 2, 3, 4),
                sizes(Programs::lockinc, OracleCounts::lockinc, 2, 3, 4, 5, 6, 7),
                sizes(Programs::ainc, OracleCounts::ainc, 2, 3, 4, 5, 6),
                sizes(Programs::readers, OracleCounts::readers, 3, 8),
                sizes(Programs::writers, OracleCounts::writers, 1, 2, 3, 4),
                sizes(Programs::lastzero, OracleCounts::lastzero, 3, 4, 5, 8, 10),
                Stream.of(new Oracle(Programs.popl14(), OracleCounts.popl14())),
                sizes(Programs::indexer, OracleCounts::indexer, 11, 12, 13),
                sizes(Programs::filesystem, OracleCounts::filesystem, 13, 14, 15, 16),
                sizes(Programs::optlock, OracleCounts::optlock, 1, 2, 3, 4),
                Stream.of(new Oracle(Programs.big0(), OracleCounts.big0())),
                sizes(Programs::mpat, OracleCounts::mpat, 3, 4),
                sizes(Programs::pi, OracleCounts::pi, 5, 6),
                Stream.of(new Oracle(Programs.sleepTrap(), OracleCounts.sleepTrap()),
                        new Oracle(Programs.twoWriters(), OracleCounts.twoWriters())))
                .flatMap(s -> s);
    }

    /** Sizes small enough for NAIVE, which runs every interleaving, the main thread's starts and joins included. */
    static Stream<Oracle> smallOracles() {
        return Stream.of(
                sizes(Programs::inc, OracleCounts::inc, 2, 3),
                sizes(Programs::lockinc, OracleCounts::lockinc, 2, 3),
                sizes(Programs::ainc, OracleCounts::ainc, 2, 3),
                sizes(Programs::readers, OracleCounts::readers, 2),
                sizes(Programs::writers, OracleCounts::writers, 1, 2),
                sizes(Programs::optlock, OracleCounts::optlock, 1, 2),
                sizes(Programs::pi, OracleCounts::pi, 3),
                sizes(Programs::indexer, OracleCounts::indexer, 2),
                Stream.of(new Oracle(Programs.sleepTrap(), OracleCounts.sleepTrap()),
                        new Oracle(Programs.twoWriters(), OracleCounts.twoWriters())))
                .flatMap(s -> s);
    }

    @ParameterizedTest(name = "DPOR runs every trace of {0} exactly once")
    @MethodSource("oracles")
    void dporRunsEveryTraceExactlyOnce(Oracle oracle) {
        Exploration dpor = Exploration.dpor(oracle.program());

        assertThat(dpor.result().failures()).as(dpor.summary()).isEmpty();
        assertThat(dpor.result().exhaustive()).as(dpor.summary()).isTrue();
        assertThat(dpor.result().completed()).as(dpor.summary()).isEqualTo(oracle.traces());
        assertThat(dpor.log().distinctTraces()).as("complete executions of different traces; " + dpor.summary())
                .isEqualTo(oracle.traces());
        assertThat(dpor.log().inconsistent()).as("executions whose status the model contradicts").isEmpty();
    }

    @ParameterizedTest(name = "OPTIMAL runs every trace of {0} exactly once, and nothing else")
    @MethodSource("oracles")
    void optimalRunsEveryTraceExactlyOnceAndNoExecutionIsCutOff(Oracle oracle) {
        Exploration optimal = Exploration.of(oracle.program(), SearchAlgorithm.OPTIMAL, true);

        assertThat(optimal.result().failures()).as(optimal.summary()).isEmpty();
        assertThat(optimal.result().exhaustive()).as(optimal.summary()).isTrue();
        assertThat(optimal.result().completed()).as(optimal.summary()).isEqualTo(oracle.traces());
        assertThat(optimal.result().sleepSetBlocked()).as("executions cut off by a sleep set; " + optimal.summary())
                .isZero();
        assertThat(optimal.log().distinctTraces()).as("complete executions of different traces; "
                + optimal.summary()).isEqualTo(oracle.traces());
    }

    /**
     * Which thread moves where the choice is free changes which execution of each trace is run, never which traces:
     * each algorithm with the other choice than its default still runs every trace exactly once.
     */
    @ParameterizedTest(name = "OPTIMAL and DPOR with their other free choice run every trace of {0} exactly once")
    @MethodSource("oracles")
    void theOtherFreeChoiceRunsEveryTraceExactlyOnce(Oracle oracle) {
        for (SearchAlgorithm algorithm : List.of(SearchAlgorithm.OPTIMAL, SearchAlgorithm.DPOR)) {
            FreeChoice other = FreeChoice.defaultFor(algorithm) == FreeChoice.LAST ? FreeChoice.LOWEST
                    : FreeChoice.LAST;
            Exploration exploration = Exploration.of(oracle.program(), algorithm, other, false);

            String summary = exploration.summary() + " with " + other;
            assertThat(exploration.result().failures()).as(summary).isEmpty();
            assertThat(exploration.result().exhaustive()).as(summary).isTrue();
            assertThat(exploration.result().completed()).as(summary).isEqualTo(oracle.traces());
            assertThat(exploration.log().distinctTraces()).as("complete executions of different traces; " + summary)
                    .isEqualTo(oracle.traces());
            if (algorithm == SearchAlgorithm.OPTIMAL) {
                assertThat(exploration.result().sleepSetBlocked()).as(summary).isZero();
            }
        }
    }

    /**
     * What the default free choice of OPTIMAL is for: letting the thread that moved last go on switches threads less
     * often (each switch is a hand-off between threads on the JVM). Counted over every step of every execution.
     */
    @Test
    void lettingTheLastThreadGoOnSwitchesLessOften() {
        for (ModelProgram program : List.of(Programs.big0(), Programs.lastzero(10), Programs.indexer(12))) {
            long goingOn = switches(Exploration.of(program, SearchAlgorithm.OPTIMAL, FreeChoice.LAST, true));
            long lowestFirst = switches(Exploration.of(program, SearchAlgorithm.OPTIMAL, FreeChoice.LOWEST, true));

            assertThat(goingOn).as(program.name() + ": switches going on vs lowest first (%d)", lowestFirst)
                    .isLessThan(lowestFirst);
        }
    }

    /** How many times, over all executions, an event's thread differs from the thread of the event before it. */
    private static long switches(Exploration exploration) {
        long switches = 0;
        for (ExplorationLog.Execution execution : exploration.log().executions()) {
            List<Event> events = execution.events();
            for (int i = 1; i < events.size(); i++) {
                switches += events.get(i).thread().equals(events.get(i - 1).thread()) ? 0 : 1;
            }
        }
        return switches;
    }

    @ParameterizedTest(name = "NAIVE runs every trace of {0} at least once")
    @MethodSource("smallOracles")
    void naiveRunsEveryTraceAtLeastOnce(Oracle oracle) {
        Exploration naive = Exploration.naive(oracle.program());

        assertThat(naive.result().failures()).as(naive.summary()).isEmpty();
        assertThat(naive.result().sleepSetBlocked()).as("NAIVE has no sleep sets").isZero();
        assertThat(naive.result().completed()).as(naive.summary()).isGreaterThanOrEqualTo(oracle.traces());
        assertThat(naive.log().distinctTraces()).as("traces among NAIVE's executions").isEqualTo(oracle.traces());
    }

    @ParameterizedTest(name = "DPOR produces every outcome of {0} that brute force finds")
    @MethodSource("programsWithEnumerableOutcomes")
    void dporProducesEveryOutcomeThatBruteForceFinds(ModelProgram program) {
        Set<Outcome> expected = BruteForce.all(program, BruteForce.Mode.EAGER_THREAD_OPERATIONS, 1_000_000).stream()
                .map(BruteForce.Interleaving::outcome).collect(Collectors.toSet());
        Exploration dpor = Exploration.dpor(program);

        Set<Outcome> produced = dpor.log().withStatus(ExecutionStatus.COMPLETE).stream()
                .map(ExplorationLog.Execution::outcome).collect(Collectors.toSet());
        assertThat(produced).as(dpor.summary()).isEqualTo(expected);
    }

    static Stream<ModelProgram> programsWithEnumerableOutcomes() {
        return Stream.of(Programs.sleepTrap(), Programs.lastzero(3), Programs.lastzero(4), Programs.popl14(),
                Programs.inc(3), Programs.optlock(2), Programs.twoWriters(), Programs.lockBlockedWriter());
    }

    @Test
    void dporEndsTwoWritersInFourDistinctStates() {
        Exploration dpor = Exploration.dpor(Programs.twoWriters());

        assertThat(dpor.log().withStatus(ExecutionStatus.COMPLETE).stream().map(e -> e.outcome().memory())
                .distinct()).hasSize(4);
    }

    @Test
    void dporReversesARaceWhoseOtherSideIsBlockedOnALock() {
        Exploration dpor = Exploration.dpor(Programs.lockBlockedWriter());

        assertThat(dpor.result().completed()).as(dpor.summary()).isEqualTo(2);
        assertThat(dpor.log().withStatus(ExecutionStatus.COMPLETE).stream()
                .map(e -> e.outcome().reads().get("main.2")))
                .containsExactlyInAnyOrder(List.of(0), List.of(1));
    }

    @Test
    void dporNeverReversesTwoReads() {
        Exploration dpor = Exploration.dpor(Programs.readOnly(4));

        assertThat(dpor.result().completed()).as(dpor.summary()).isEqualTo(1);
        assertThat(dpor.result().sleepSetBlocked()).as("no race, so no second execution of any kind").isZero();
    }

    @Test
    void dporNeedsNoMoreExecutionsThanNaiveOnTheTraps() {
        for (ModelProgram trap : List.of(Programs.sleepTrap(), Programs.twoWriters())) {
            Exploration dpor = Exploration.dpor(trap);
            Exploration naive = Exploration.naive(trap);

            assertThat(dpor.result().executions() + dpor.result().sleepSetBlocked())
                    .as(dpor.summary() + " vs " + naive.summary())
                    .isLessThanOrEqualTo(naive.result().executions());
        }
    }

    private static Stream<Oracle> sizes(IntFunction<ModelProgram> program, IntToLongFunction traces, int... ns) {
        return IntStream.of(ns).mapToObj(n -> new Oracle(program.apply(n), traces.applyAsLong(n)));
    }
}
