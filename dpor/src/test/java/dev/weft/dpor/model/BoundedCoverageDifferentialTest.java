package dev.weft.dpor.model;

import dev.weft.dpor.SearchAlgorithm;
import dev.weft.scheduler.model.FailureKind;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.LongFunction;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The search within a preemption bound against every schedule within it, on random programs. NAIVE within a bound
 * runs every schedule with at most that many preemptions, so the outcomes it meets are all the bound allows; DPOR and
 * OPTIMAL within the same bound (bounded partial-order reduction) must meet every one of them, and none beyond it.
 * This is the guarantee a verdict "every schedule with at most k preemptions covered" states. Seeds from
 * {@code weft.differential.boundedFirstSeed} (default 0); {@code weft.differential.boundedPrograms} programs (default
 * 600 per test; 4,000 from seed 20,000 agreed when it was written),
 * each with bounds 0, 1 and 2.
 */
class BoundedCoverageDifferentialTest {

    private static final int PROGRAMS = Integer.getInteger("weft.differential.boundedPrograms", 600);
    private static final long FIRST_SEED = Long.getLong("weft.differential.boundedFirstSeed", 0L);
    private static final long NAIVE_BUDGET = 5_000;
    private static final long SMALL_NAIVE_BUDGET = 500;
    private static final int MAX_BOUND = 2;
    private static final int MAX_REPORTED = 3;

    @Test
    void boundedDporMeetsEveryOutcomeWithinTheBoundOnRandomPrograms() {
        check(seed -> RandomPrograms.generate(seed, seed % 2 == 1));
    }

    @Test
    void boundedDporMeetsEveryOutcomeWithinTheBoundOnRandomProgramsWithWaitsAndSemaphores() {
        check(seed -> seed % 2 == 0 ? RandomPrograms.generateWithWaits(seed, seed % 4 == 0)
                : RandomPrograms.generateWithSemaphores(seed, seed % 4 == 1));
    }

    @Test
    void boundedDporMeetsEveryOutcomeWithinTheBoundOnRandomProgramsWithKeyedObjectsAndInterrupts() {
        check(seed -> seed % 2 == 0 ? RandomPrograms.generateWithKeyedObject(seed, seed % 4 == 0)
                : RandomPrograms.generateWithInterrupts(seed, seed % 4 == 1));
    }

    /**
     * By increasing bound: a search that ends exhaustive meets exactly the outcomes of every schedule (NAIVE without
     * a bound), and ran no more executions than the bounds' NAIVE searches together.
     */
    @Test
    void theSearchByIncreasingBoundEndsExhaustiveWithEveryOutcome() {
        List<String> disagreements = new ArrayList<>();
        int exhaustive = 0;
        for (long seed = FIRST_SEED; seed < FIRST_SEED + PROGRAMS && disagreements.size() < MAX_REPORTED; seed++) {
            ModelProgram program = RandomPrograms.generate(seed, seed % 2 == 1);
            Exploration naive = Exploration.of(program, SearchAlgorithm.NAIVE, false, SMALL_NAIVE_BUDGET);
            if (!naive.result().exhaustive()) {
                continue; // every bound's search runs again what the bounds below it ran: small programs only
            }
            Exploration increasing = Exploration.byIncreasingBound(program, SearchAlgorithm.OPTIMAL);
            if (!increasing.result().exhaustive()) {
                disagreements.add("seed " + seed + ": the search by increasing bound did not end exhaustive: "
                        + increasing.summary());
                continue;
            }
            exhaustive++;
            Set<Object> expected = outcomes(naive);
            Set<Object> met = outcomes(increasing);
            if (!met.equals(expected)) {
                disagreements.add("seed " + seed + "\n" + program + "\nmissed " + missing(expected, met)
                        + "\ninvented " + missing(met, expected));
            }
        }
        assertThat(disagreements).isEmpty();
        assertThat(exhaustive).as("programs whose search by increasing bound ended exhaustive")
                .isGreaterThanOrEqualTo(PROGRAMS / 3);
    }

    private static void check(LongFunction<ModelProgram> generator) {
        List<String> disagreements = new ArrayList<>();
        int checked = 0;
        int pruned = 0;
        for (long seed = FIRST_SEED; seed < FIRST_SEED + PROGRAMS && disagreements.size() < MAX_REPORTED; seed++) {
            ModelProgram program = generator.apply(seed);
            for (int bound = 0; bound <= MAX_BOUND; bound++) {
                Exploration naive = Exploration.bounded(program, SearchAlgorithm.NAIVE, bound, NAIVE_BUDGET);
                if (!naive.result().exhaustive() && !outOfBoundOnly(naive)) {
                    break; // too big to enumerate
                }
                checked++;
                Set<Object> expected = outcomes(naive);
                for (SearchAlgorithm algorithm : List.of(SearchAlgorithm.DPOR, SearchAlgorithm.OPTIMAL)) {
                    Exploration reduced = Exploration.bounded(program, algorithm, bound, Long.MAX_VALUE);
                    Set<Object> met = outcomes(reduced);
                    if (offeredWakeUpsMayLapse(program, naive)) {
                        // as without a bound (DifferentialCheck.Strictness.DEADLOCKS): the deadlock, and no outcome
                        // beyond the bound
                        if (!expected.containsAll(met) || !deadlocked(reduced)) {
                            disagreements.add("seed " + seed + ", bound " + bound + ", " + algorithm + "\n" + program
                                    + "\nmet no deadlock, or invented " + missing(met, expected));
                        }
                    } else if (!met.equals(expected)) {
                        disagreements.add("seed " + seed + ", bound " + bound + ", " + algorithm + "\n" + program
                                + "\n" + naive.summary() + "\n" + reduced.summary() + "\nmissed "
                                + missing(expected, met) + "\ninvented " + missing(met, expected));
                    } else if (reduced.result().executions() > naive.result().executions()) {
                        disagreements.add("seed " + seed + ", bound " + bound + ", " + algorithm + " ran "
                                + reduced.result().executions() + " executions, more than the "
                                + naive.result().executions() + " schedules within the bound");
                    }
                }
                pruned += naive.result().exhaustive() ? 0 : 1;
            }
        }
        assertThat(disagreements).as("bounded DPOR or OPTIMAL disagrees with every schedule within the bound")
                .isEmpty();
        assertThat(checked).as("programs and bounds checked").isGreaterThanOrEqualTo(PROGRAMS);
        assertThat(pruned).as("checks in which the bound left schedules out").isGreaterThanOrEqualTo(PROGRAMS / 4);
    }

    /**
     * A program with spurious wake-ups in which NAIVE meets a deadlock: a wake-up is offered only while another thread
     * could move, so the explorers may run only the order of two independent steps without the offer, which deadlocks
     * (docs/design/explorers.md, "Spurious wake-ups: an offer that lapses"); they must meet the deadlock.
     */
    private static boolean offeredWakeUpsMayLapse(ModelProgram program, Exploration naive) {
        return program.toString().contains("wait") && deadlocked(naive);
    }

    private static boolean deadlocked(Exploration exploration) {
        return exploration.result().failures().stream().anyMatch(f -> f.kind() == FailureKind.DEADLOCK);
    }

    /** Whether NAIVE's search within the bound ran every schedule it allows, leaving out only those beyond it. */
    private static boolean outOfBoundOnly(Exploration naive) {
        return naive.result().executions() + naive.result().sleepSetBlocked() < NAIVE_BUDGET;
    }

    private static Set<Object> outcomes(Exploration exploration) {
        return exploration.log().ranToEnd().stream().map(DifferentialCheck::comparableOutcome)
                .collect(Collectors.toSet());
    }

    private static String missing(Set<Object> from, Set<Object> in) {
        Set<Object> left = new HashSet<>(from);
        left.removeAll(in);
        return left.stream().limit(3).map(String::valueOf).collect(Collectors.joining("\n  ", "[\n  ", "\n]"));
    }
}
