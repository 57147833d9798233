package dev.weft.dpor.model;

import dev.weft.dpor.ExecutionRecord;
import dev.weft.dpor.ExplorationFailure;
import dev.weft.dpor.ExplorationListener;
import dev.weft.dpor.ExplorationOptions;
import dev.weft.dpor.ExplorationResult;
import dev.weft.dpor.Explorer;
import dev.weft.dpor.SearchAlgorithm;
import dev.weft.dpor.SharedSearch;
import dev.weft.scheduler.model.Run;
import dev.weft.scheduler.model.Subject;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Several workers on one search ({@link SharedSearch}) against the exact counts of {@code ORACLES.md} and against the
 * sequential search: a passing shared search runs exactly the sequential one's executions, whatever the number of
 * workers and however their executions' lengths vary.
 */
class SharedSearchTest {

    static Stream<Arguments> oraclesShared() {
        return OracleCountsTest.oracles().filter(oracle -> oracle.traces() <= 100_000)
                .flatMap(oracle -> Stream.of(SearchAlgorithm.OPTIMAL, SearchAlgorithm.DPOR)
                        .flatMap(algorithm -> Stream.of(2, 4).map(workers -> Arguments.of(oracle, algorithm, workers))));
    }

    @ParameterizedTest(name = "{1} with {2} workers runs {0} as the sequential search does")
    @MethodSource("oraclesShared")
    void workersRunExactlyTheSequentialSearchesExecutions(OracleCountsTest.Oracle oracle, SearchAlgorithm algorithm,
                                                          int workers) throws InterruptedException {
        ExplorationResult sequential = Exploration.of(oracle.program(), algorithm, false).result();
        Shared shared = Shared.explore(oracle.program(), algorithm, workers, oracle.traces());

        ExplorationResult result = shared.search.result();
        assertThat(result.failures()).as(shared.summary()).isEmpty();
        assertThat(result.exhaustive()).as(shared.summary()).isTrue();
        assertThat(result.completed()).as(shared.summary()).isEqualTo(oracle.traces());
        assertThat(result.executions()).as(shared.summary()).isEqualTo(sequential.executions());
        assertThat(result.sleepSetBlocked()).as(shared.summary()).isEqualTo(sequential.sleepSetBlocked());
    }

    static Stream<Arguments> programsWithWaits() {
        List<ModelProgram> programs = new ArrayList<>(List.of(SpuriousWakeUpTest.waiterMissesTheNotify(),
                SpuriousWakeUpTest.mainMissesTheNotify(), SpuriousWakeUpTest.oneWaiterOneNotifier(false),
                SpuriousWakeUpTest.oneWaiterOneNotifier(true), SpuriousWakeUpTest.twoWaiters(false),
                SpuriousWakeUpTest.twoWaiters(true), SpuriousWakeUpTest.wakeUpBesideIndependentSteps()));
        for (long seed = 0; seed < 20; seed++) {
            programs.add(RandomPrograms.generateWithWaits(seed, seed % 2 == 1));
        }
        return programs.stream().flatMap(program -> Stream.of(SearchAlgorithm.OPTIMAL, SearchAlgorithm.DPOR)
                .map(algorithm -> Arguments.of(org.junit.jupiter.api.Named.of(program.name(), program), algorithm)));
    }

    /**
     * Spurious wake-ups asked for by a state above a branch another worker took ({@code LapsingOffers}) are answered
     * by its owner in the sequential search's order, as races are: with 2 and 4 workers a program that passes runs
     * exactly the sequential search's executions, and one that fails (a lost notify, an assertion) fails (a failure
     * stops the workers, {@link SharedSearch}).
     */
    @ParameterizedTest(name = "{1} with workers runs {0} as the sequential search does")
    @MethodSource("programsWithWaits")
    void workersRunTheSequentialSearchesExecutionsWithSpuriousWakeUps(ModelProgram program, SearchAlgorithm algorithm)
            throws InterruptedException {
        ExplorationResult sequential = Exploration.of(program, algorithm, false).result();
        for (int workers : new int[] {2, 4}) {
            Shared shared = Shared.explore(program, algorithm, workers, program.name().hashCode());

            ExplorationResult result = shared.search.result();
            if (!sequential.failures().isEmpty()) {
                assertThat(result.failures()).as(shared.summary()).isNotEmpty();
                if (shared.search.resultIsSequential()) {
                    assertSameFailingResult(result, stoppingAtTheFirstFailure(program, algorithm), shared.summary());
                }
                continue;
            }
            assertThat(result.failures()).as(shared.summary()).isEmpty();
            assertThat(result.exhaustive()).as(shared.summary()).isTrue();
            assertThat(result.executions()).as(shared.summary()).isEqualTo(sequential.executions());
            assertThat(result.completed()).as(shared.summary()).isEqualTo(sequential.completed());
            assertThat(result.sleepSetBlocked()).as(shared.summary()).isEqualTo(sequential.sleepSetBlocked());
        }
    }

    /**
     * A program whose every execution fails: the first one, which the first worker runs before any branch can be
     * taken, is the sequential search's failure, so the shared search's result is the sequential one (its failure,
     * schedule and counts), and nobody needs to explore again.
     */
    @ParameterizedTest(name = "{0} with {1} workers")
    @MethodSource("algorithmsAndWorkers")
    void aFailureInTheFirstWorkersOwnExecutionIsTheSequentialSearchesResult(SearchAlgorithm algorithm, int workers)
            throws InterruptedException {
        ProgramBuilder p = ProgramBuilder.program("every execution fails");
        CellRef x = p.shared("x");
        CellRef y = p.shared("y");
        ThreadHandle writer = p.thread("W", t -> t.write(y, 1).write(x, 2));
        p.main(t -> {
            Reg seen = t.reg("seen");
            t.start(writer).write(y, 2).write(x, 1).read(seen, x).check(seen.eq(3), "x is 3").join(writer);
        });
        ModelProgram program = p.build();
        ExplorationResult sequential = stoppingAtTheFirstFailure(program, algorithm);
        Shared shared = Shared.explore(program, algorithm, workers, workers);

        assertThat(shared.search.resultIsSequential()).as(shared.summary()).isTrue();
        assertSameFailingResult(shared.search.result(), sequential, shared.summary());
    }

    /**
     * A budget of executions stops the workers: they run no more than the budget between them, and the result counts
     * only the sequential search's executions so far, sleep-set blocked ones apart (not every execution run, nor those
     * run ahead and not taken over), so that it never says more executions than were run; its estimate of the
     * search's size counts every execution run.
     */
    @ParameterizedTest(name = "{0} with {1} workers")
    @MethodSource("algorithmsAndWorkers")
    void aBudgetStopsTheWorkersAtItAndCountsTheSequentialSearchesExecutions(SearchAlgorithm algorithm, int workers)
            throws InterruptedException {
        long budget = 500;
        ModelProgram program = Programs.big0();
        AtomicLong run = new AtomicLong();
        SharedSearch search = SharedSearch.of(options(algorithm).withMaxExecutions(budget));
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < workers; i++) {
            Subject subject = new Jittery(new ModelSubject(program), new SplittableRandom(i));
            ExplorationListener counting = new ExplorationListener() {
                @Override
                public void executionEnded(ExecutionRecord record) {
                    run.incrementAndGet();
                }
            };
            threads.add(new Thread(() -> search.work(subject, counting), "worker-" + i));
        }
        for (Thread thread : threads) {
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        ExplorationResult result = search.result();
        String summary = result + ", " + run + " run";

        assertThat(result.exhaustive()).as(summary).isFalse();
        assertThat(result.failures()).as(summary).isEmpty();
        assertThat(run.get()).as(summary).isLessThanOrEqualTo(budget).isGreaterThan(budget / 2);
        assertThat(result.executions() + result.sleepSetBlocked()).as(summary)
                .isEqualTo(run.get() - search.cancelledExecutions());
        assertThat(result.completed()).as(summary).isPositive().isLessThanOrEqualTo(result.executions());
        // the search's size, estimated from what every worker ran: never fewer than they ran (QA: "39,424 executions
        // in 10,000 ms, of about 12 by estimate", from the sequential search's own executions alone)
        assertThat(result.coverage().estimatedExecutions()).as(summary).isGreaterThanOrEqualTo(run.get());
    }

    static Stream<Arguments> algorithmsAndWorkers() {
        return Stream.of(SearchAlgorithm.OPTIMAL, SearchAlgorithm.DPOR)
                .flatMap(algorithm -> Stream.of(2, 4).map(workers -> Arguments.of(algorithm, workers)));
    }

    /** The sequential search as the shared one runs it: stopping at the first failure. */
    private static ExplorationResult stoppingAtTheFirstFailure(ModelProgram program, SearchAlgorithm algorithm) {
        return Explorer.create(options(algorithm)).explore(new ModelSubject(program), ExplorationListener.NONE);
    }

    private static ExplorationOptions options(SearchAlgorithm algorithm) {
        return ExplorationOptions.of(algorithm).withMaxSteps(Exploration.MAX_STEPS);
    }

    private static void assertSameFailingResult(ExplorationResult result, ExplorationResult sequential,
                                                String summary) {
        assertThat(sequential.failures()).as("the sequential search fails").isNotEmpty();
        assertThat(result.executions()).as(summary).isEqualTo(sequential.executions());
        assertThat(result.completed()).as(summary).isEqualTo(sequential.completed());
        assertThat(result.sleepSetBlocked()).as(summary).isEqualTo(sequential.sleepSetBlocked());
        assertThat(result.failures()).as(summary).hasSameSizeAs(sequential.failures());
        ExplorationFailure found = result.failures().get(0);
        ExplorationFailure expected = sequential.failures().get(0);
        assertThat(found.kind()).as(summary).isEqualTo(expected.kind());
        assertThat(found.message()).as(summary).isEqualTo(expected.message());
        assertThat(found.schedule()).as(summary).isEqualTo(expected.schedule());
    }

    /** Workers on one shared search, each on its own subject, whose executions are slowed down at random. */
    record Shared(SharedSearch search, int workers) {

        static Shared explore(ModelProgram program, SearchAlgorithm algorithm, int workers, long seed)
                throws InterruptedException {
            SharedSearch search = SharedSearch.of(options(algorithm));
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < workers; i++) {
                Subject subject = new Jittery(new ModelSubject(program), new SplittableRandom(seed * 31 + i));
                threads.add(new Thread(() -> search.work(subject, ExplorationListener.NONE), "worker-" + i));
            }
            for (Thread thread : threads) {
                thread.start();
            }
            for (Thread thread : threads) {
                thread.join();
            }
            return new Shared(search, workers);
        }

        String summary() {
            return workers + " workers: " + search.result() + ", " + search.branchesTaken() + " branches taken, "
                    + search.cancelledExecutions() + " executions of cancelled branches";
        }
    }

    /** A subject whose executions start after a random pause, so that workers meet in many different orders. */
    private record Jittery(Subject subject, SplittableRandom random) implements Subject {
        @Override
        public Run start() {
            int pause = random.nextInt(8);
            if (pause == 0) {
                LockSupport.parkNanos(random.nextInt(200_000));
            } else if (pause == 1) {
                Thread.yield();
            }
            return subject.start();
        }
    }
}
