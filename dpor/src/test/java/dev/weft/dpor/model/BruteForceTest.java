package dev.weft.dpor.model;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * The independent check of the oracle counts: enumerating every interleaving of the model programs and grouping them
 * by {@link TraceKey} gives the counts of {@code ORACLES.md}. This validates the model programs, the trace keys and
 * the formulas together, without any explorer.
 */
class BruteForceTest {

    private static final long MAX_INTERLEAVINGS = 2_000_000;

    static Stream<Arguments> smallOracles() {
        return Stream.of(
                arguments(Programs.inc(2), OracleCounts.inc(2)),
                arguments(Programs.inc(3), OracleCounts.inc(3)),
                arguments(Programs.lockinc(3), OracleCounts.lockinc(3)),
                arguments(Programs.ainc(3), OracleCounts.ainc(3)),
                arguments(Programs.readers(3), OracleCounts.readers(3)),
                arguments(Programs.writers(2), OracleCounts.writers(2)),
                arguments(Programs.writers(3), OracleCounts.writers(3)),
                arguments(Programs.lastzero(3), OracleCounts.lastzero(3)),
                arguments(Programs.popl14(), OracleCounts.popl14()),
                arguments(Programs.optlock(1), OracleCounts.optlock(1)),
                arguments(Programs.optlock(2), OracleCounts.optlock(2)),
                arguments(Programs.mpat(2), OracleCounts.mpat(2)),
                arguments(Programs.pi(3), OracleCounts.pi(3)),
                arguments(Programs.sleepTrap(), OracleCounts.sleepTrap()),
                arguments(Programs.twoWriters(), OracleCounts.twoWriters()),
                arguments(Programs.indexer(2), OracleCounts.indexer(2)),
                arguments(Programs.filesystem(2), OracleCounts.filesystem(2)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("smallOracles")
    void everyInterleavingFallsIntoExactlyTheOracleNumberOfTraces(ModelProgram program, long traces) {
        List<BruteForce.Interleaving> all = BruteForce.all(program, BruteForce.Mode.EAGER_THREAD_OPERATIONS, MAX_INTERLEAVINGS);

        assertThat(all).extracting(i -> i.outcome().ending()).containsOnly(Outcome.Ending.COMPLETE);
        assertThat(distinctTraces(all)).as("traces of %s", program.name()).hasSize((int) traces);
    }

    static Stream<ModelProgram> programsSmallEnoughForEveryInterleaving() {
        return Stream.of(Programs.inc(2), Programs.inc(3), Programs.ainc(3), Programs.writers(2),
                Programs.optlock(1), Programs.sleepTrap(), Programs.twoWriters(), Programs.lockBlockedWriter(),
                Programs.readOnly(2), Samples.oppositeLockOrders(), Samples.assertsOnARace());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("programsSmallEnoughForEveryInterleaving")
    void runningThreadOperationsEagerlyMeetsExactlyTheTracesOfEveryInterleaving(ModelProgram program) {
        Set<TraceKey> all = distinctTraces(BruteForce.all(program, BruteForce.Mode.ALL, MAX_INTERLEAVINGS));
        Set<TraceKey> eager = distinctTraces(
                BruteForce.all(program, BruteForce.Mode.EAGER_THREAD_OPERATIONS, MAX_INTERLEAVINGS));

        assertThat(eager).isEqualTo(all);
    }

    @Test
    void twoWritersEndInFourDistinctStates() {
        List<BruteForce.Interleaving> all = BruteForce.all(Programs.twoWriters(), BruteForce.Mode.ALL, MAX_INTERLEAVINGS);

        assertThat(all.stream().map(i -> i.outcome().memory()).distinct()).hasSize(4);
    }

    @Test
    void theLockBlockedWriterHasTwoTracesOneForEachValueRead() {
        List<BruteForce.Interleaving> all = BruteForce.all(Programs.lockBlockedWriter(), BruteForce.Mode.ALL, MAX_INTERLEAVINGS);

        assertThat(distinctTraces(all)).hasSize(2);
        assertThat(all.stream().map(i -> i.outcome().reads().get("main.2")).distinct())
                .containsExactlyInAnyOrder(List.of(0), List.of(1));
    }

    @Test
    void readsOfUnwrittenVariablesNeverMakeASecondTrace() {
        assertThat(distinctTraces(BruteForce.all(Programs.readOnly(2), BruteForce.Mode.ALL, MAX_INTERLEAVINGS))).hasSize(1);
    }

    @Test
    void interleavingsThatSwapDependentEventsAreDifferentTraces() {
        List<BruteForce.Interleaving> all = BruteForce.all(Programs.inc(2), BruteForce.Mode.ALL, MAX_INTERLEAVINGS);

        Set<TraceKey> traces = distinctTraces(all);
        assertThat(traces).hasSize(4);
        assertThat(all.size()).as("more interleavings than traces, or the keys would not be merging anything")
                .isGreaterThan(traces.size());
    }

    private static Set<TraceKey> distinctTraces(List<BruteForce.Interleaving> all) {
        return all.stream().map(BruteForce.Interleaving::traceKey).collect(Collectors.toSet());
    }
}
