package dev.weft.dpor.model;

import dev.weft.dpor.ExplorationListener;
import dev.weft.dpor.ExplorationOptions;
import dev.weft.dpor.ExplorationResult;
import dev.weft.dpor.Explorer;
import dev.weft.dpor.SearchAlgorithm;
import dev.weft.scheduler.model.Subject;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The stateful search ({@link Explorer#stateful}) on the programs of its seed paper (Yang, Chen, Gopalakrishnan and
 * Kirby, SPIN 2008) and on random programs with loops. What it must do is checked against two searches that share
 * nothing with it: the stateless DPOR search, and {@link StateSpace}, which enumerates every state of the program.
 * Both must agree with it on every final state (how the program ended, its memory, its failure); the state space also
 * bounds its executions (it runs at most one per transition, each ending at a final state, a revisited one, or where a
 * sleep set cuts it off).
 */
class StatefulSearchTest {

    /** States a stateful search may store here: far more than any program here has. */
    private static final long STORE = 1_000_000;
    /**
     * How many random programs with loops the differential test runs: {@code weft.stateful.programs}, 3,000 by
     * default (a few seconds).
     */
    private static final int PROGRAMS = Integer.getInteger("weft.stateful.programs", 3_000);
    /** The most states a random program of the differential test may have: {@code weft.stateful.maxStates}. */
    private static final int MAX_STATES = Integer.getInteger("weft.stateful.maxStates", 600);
    /** The first seed of the differential test, {@code weft.stateful.firstSeed} (to replay one it named). */
    private static final long FIRST_SEED = Long.getLong("weft.stateful.firstSeed", 0);

    /**
     * The paper's Figure 1: two threads, each a loop of atomic blocks (here a lock) that add (subtract) its counter to
     * (from) a shared {@code d} and assert {@code d % 5 != 4}; the counters go up by 5 to {@code n}.
     */
    static ModelProgram example1(int n) {
        ProgramBuilder p = ProgramBuilder.program("example1(" + n + ")");
        CellRef d = p.shared("d");
        LockRef atomic = p.lock("atomic");
        for (int sign : new int[] {1, -1}) {
            p.thread(sign > 0 ? "thread1" : "thread2", t -> {
                Reg i = t.reg("i");
                Reg v = t.reg("v");
                t.loop(body -> {
                    body.breakIf(i.lt(n).not());
                    body.lock(atomic);
                    body.read(v, d);
                    body.set(v, v.plus(i.times(sign)));
                    body.write(d, v);
                    body.check(v.mod(5).ne(4), "d % 5 == 4");
                    body.unlock(atomic);
                    body.set(i, i.plus(5));
                });
            });
        }
        return p.build();
    }

    /**
     * A bounded buffer of {@code capacity} slots on a monitor, with {@code producers} producers and {@code consumers}
     * consumers that each put (take) {@code items} items: {@code while (full) wait(); put; notifyAll();} and its
     * mirror image. The paper's {@code bbuf} is such a buffer with 4 threads.
     */
    static ModelProgram boundedBuffer(int producers, int consumers, int items, int capacity) {
        ProgramBuilder p = ProgramBuilder.program("bbuf(" + producers + "+" + consumers + ")");
        CellRef count = p.shared("count");
        CellRef sum = p.shared("sum");
        LockRef monitor = p.lock("buffer");
        for (int k = 1; k <= producers; k++) {
            p.thread("P" + k, t -> {
                Reg c = t.reg("c");
                t.repeat(items, turn -> underTheMonitor(turn, monitor, count, c, c.lt(capacity),
                        put -> put.write(count, c.plus(1))));
            });
        }
        for (int k = 1; k <= consumers; k++) {
            p.thread("C" + k, t -> {
                Reg c = t.reg("c");
                Reg s = t.reg("s");
                t.repeat(items, turn -> underTheMonitor(turn, monitor, count, c, c.eq(0).not(),
                        take -> take.write(count, c.minus(1)).read(s, sum).write(sum, s.plus(1))));
            });
        }
        return p.build();
    }

    /**
     * One turn of a buffer's thread: under the monitor, {@code while (!(mayGo)) wait();} with {@code c} the count
     * read, then the change and {@code notifyAll}.
     */
    private static void underTheMonitor(ThreadBuilder t, LockRef monitor, CellRef count, Reg c, Expr mayGo,
                                        Consumer<ThreadBuilder> change) {
        t.lock(monitor);
        t.loop(waiting -> {
            waiting.read(c, count);
            waiting.breakIf(mayGo);
            waiting.waitOn(monitor);
        });
        change.accept(t);
        t.notifyAll(monitor);
        t.unlock(monitor);
    }

    @Test
    void theSeedsExample1IsCompletedWithinItsTransitions() {
        ModelProgram program = example1(64);
        StateSpace space = StateSpace.of(program, 1_000_000);
        Search stateful = Search.of(program, true);

        assertThat(stateful.result.exhaustive()).as(stateful.summary()).isTrue();
        assertThat(stateful.result.failures()).isEmpty();
        assertThat(stateful.endings()).isEqualTo(space.endings());
        assertThat(stateful.runs()).as(stateful.summary() + " against " + space)
                .isLessThanOrEqualTo(space.transitions());
        assertThat(stateful.result.states().revisits()).isPositive();
        System.out.printf("example1(64): %s; the program has %,d states and %,d transitions%n", stateful.summary(),
                space.states(), space.transitions());
    }

    @Test
    void example1SmallEnoughForTheStatelessSearchEndsTheSameWithFewerExecutions() {
        ModelProgram program = example1(15); // three turns each: 20 traces of the two loops' blocks
        Search stateless = Search.of(program, false);
        Search stateful = Search.of(program, true);

        assertThat(stateless.result.exhaustive()).isTrue();
        assertThat(stateful.result.exhaustive()).isTrue();
        assertThat(stateful.endings()).isEqualTo(stateless.endings())
                .isEqualTo(StateSpace.of(program, 100_000).endings());
        assertThat(stateful.result.executions()).as(stateful.summary() + " against " + stateless.summary())
                .isLessThan(stateless.result.executions());
    }

    /**
     * The paper's {@code bbuf} (4 threads): two producers and two consumers of two items each through a buffer of one
     * slot. The stateless search runs at least one execution per trace, and {@link MemoizedTraceCount} counts the
     * traces without an explorer (288,000, as many as stateless DPOR runs here, in 71 s); the stateful one must end in
     * fewer executions than there are traces, with the final states of the whole state space.
     */
    @Test
    void aBoundedBufferOfFourThreadsTakesFewerExecutionsThanStateless() {
        ModelProgram program = boundedBuffer(2, 2, 2, 1);
        long traces = MemoizedTraceCount.count(program, 10_000_000).traces();
        Search stateful = Search.of(program, true);
        StateSpace space = StateSpace.of(program, 1_000_000);

        assertThat(stateful.result.exhaustive()).isTrue();
        assertThat(stateful.endings()).isEqualTo(space.endings());
        assertThat(stateful.runs()).as(stateful.summary() + " against " + traces + " traces")
                .isLessThan(traces)
                .isLessThanOrEqualTo(space.transitions());
        System.out.printf("bbuf(2+2): %,d traces; stateful %s; %,d states, %,d transitions%n", traces,
                stateful.summary(), space.states(), space.transitions());
    }

    /** Small enough for the stateless search: both end with the final states of the whole state space. */
    @Test
    void aSmallBoundedBufferEndsAsTheStatelessSearchDoes() {
        ModelProgram program = boundedBuffer(2, 2, 1, 1);
        Search stateless = Search.of(program, false);
        Search stateful = Search.of(program, true);

        assertThat(stateful.result.exhaustive()).isTrue();
        assertThat(stateful.endings()).isEqualTo(stateless.endings())
                .isEqualTo(StateSpace.of(program, 100_000).endings());
    }

    /**
     * The differential test the issue asks for: on random programs with loops, the stateful search finds exactly the
     * final states and failures of the stateless one and of the whole state space, within the state space's count of
     * transitions. Programs with more than {@link #MAX_STATES} states are passed over (the state space and the
     * stateless search of the largest take seconds each); the test says how many, and checks {@link #PROGRAMS}.
     */
    @Test
    void randomProgramsWithLoopsEndAsTheStatelessSearchAndTheStateSpaceSay() {
        List<String> disagreements = new ArrayList<>();
        long statelessRuns = 0;
        long statefulRuns = 0;
        long failing = 0;
        long checked = 0;
        long seed = FIRST_SEED;
        for (; checked < PROGRAMS; seed++) {
            ModelProgram program = LoopingPrograms.generate(seed);
            StateSpace space = StateSpace.upTo(program, MAX_STATES);
            if (space == null) {
                continue;
            }
            checked++;
            Search stateless = Search.of(program, false);
            Search stateful = Search.of(program, true);
            statelessRuns += stateless.runs();
            statefulRuns += stateful.runs();
            failing += stateless.endings().stream().anyMatch(e -> e.failure() != null) ? 1 : 0;
            if (!stateful.result.exhaustive() || !stateful.endings().equals(stateless.endings())
                    || !stateless.endings().equals(space.endings()) || stateful.runs() > space.transitions()) {
                disagreements.add(disagreement(seed, stateful, stateless, space, program));
            }
        }
        System.out.printf("%,d random programs with loops of at most %,d states (seeds %d to %d, %,d larger ones"
                        + " passed over; %,d with a failure): stateless %,d executions, stateful %,d%n", checked,
                MAX_STATES, FIRST_SEED, seed - 1, seed - FIRST_SEED - checked, failing, statelessRuns, statefulRuns);
        assertThat(disagreements).isEmpty();
        assertThat(failing).as("programs with a failure to find").isPositive();
        assertThat(statefulRuns).isLessThan(statelessRuns);
    }

    /**
     * The same comparison on the random programs of {@link RandomPrograms} without loops, of every kind (semaphores,
     * keyed objects, calls on two keys, daemon threads, waits with spurious wake-ups, interrupts): the stateful
     * search's state and cut must hold for every operation the model has, not only for the loops' reads and writes.
     * Its oracle is the stateless search, exactly; the state space too where the stateless search promises every
     * final state: not how far a daemon got before the end nobody reads, nor a spurious wake-up that a different order
     * of independent steps offered where another order deadlocks ({@link DifferentialCheck}'s rules for those kinds).
     */
    @Test
    void randomProgramsOfEveryKindEndAsTheStatelessSearchSays() {
        List<String> disagreements = new ArrayList<>();
        long checked = 0;
        long againstTheSpace = 0;
        for (long seed = FIRST_SEED; seed < FIRST_SEED + PROGRAMS; seed++) {
            for (ModelProgram program : List.of(RandomPrograms.generateSmall(seed),
                    RandomPrograms.generateWithInterrupts(seed, seed % 2 == 0))) {
                StateSpace space = StateSpace.upTo(program, MAX_STATES);
                if (space == null) {
                    continue;
                }
                checked++;
                Search stateless = Search.of(program, false);
                Search stateful = Search.of(program, true);
                boolean everyEnding = !program.name().contains("daemon") && !program.name().contains("waits")
                        && !program.name().contains("interrupt");
                againstTheSpace += everyEnding ? 1 : 0;
                if (!stateful.result.exhaustive() || !stateful.endings().equals(stateless.endings())
                        || everyEnding && !stateless.endings().equals(space.endings())) {
                    disagreements.add(disagreement(seed, stateful, stateless, space, program));
                }
            }
        }
        System.out.printf("%,d random programs of every kind of at most %,d states checked, %,d of them against"
                + " their state space%n", checked, MAX_STATES, againstTheSpace);
        assertThat(disagreements).isEmpty();
        assertThat(checked).isGreaterThan(PROGRAMS);
        assertThat(againstTheSpace).isGreaterThan(PROGRAMS / 2);
    }

    @Test
    void aSubjectThatCannotTellItsStateIsExploredAsTheStatelessSearchDoes() {
        ModelProgram program = boundedBuffer(1, 1, 2, 1);
        ModelSubject model = new ModelSubject(program);
        Subject blind = () -> new StatelessRun(model.start());
        ExplorationResult stateless = Explorer.create(options()).explore(model, new ExplorationListener() { });
        ExplorationResult stateful = Explorer.stateful(options(), STORE).explore(blind, new ExplorationListener() { });

        assertThat(stateful.executions()).isEqualTo(stateless.executions());
        assertThat(stateful.sleepSetBlocked()).isEqualTo(stateless.sleepSetBlocked());
        assertThat(stateful.states().stored()).isZero();
        assertThat(stateful.states().revisits()).isZero();
    }

    @Test
    void aFullStoreGoesOnStatelessAndSaysSo() {
        ModelProgram program = example1(15);
        Search small = Search.of(program, 3);
        Search stateless = Search.of(program, false);

        assertThat(small.result.states().capReached()).isTrue();
        assertThat(small.result.states().stored()).isEqualTo(3);
        assertThat(small.result.states().describe()).contains("filled up");
        assertThat(small.endings()).isEqualTo(stateless.endings());
    }

    @Test
    void onlyTheWholeUnboundedDporSearchIsStateful() {
        assertThatThrownBy(() -> Explorer.stateful(ExplorationOptions.of(SearchAlgorithm.OPTIMAL), STORE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("OPTIMAL");
        assertThatThrownBy(() -> Explorer.stateful(options().withPreemptionBound(2), STORE))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("within 2 preemptions");
        assertThatThrownBy(() -> Explorer.stateful(options(), 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least one state");
    }

    /** What a disagreement of the differential tests shows: both searches, the state space and the program. */
    private static String disagreement(long seed, Search stateful, Search stateless, StateSpace space,
                                       ModelProgram program) {
        return "seed " + seed + ": stateful " + stateful.summary() + " ending " + stateful.endings() + "; stateless "
                + stateless.summary() + " ending " + stateless.endings() + "; " + space + "\n" + program;
    }

    private static ExplorationOptions options() {
        return ExplorationOptions.of(SearchAlgorithm.DPOR).withMaxSteps(Exploration.MAX_STEPS)
                .withStopOnFirstFailure(false);
    }

    /** One exploration of a program, with its log. */
    private record Search(ExplorationResult result, ExplorationLog log) {

        static Search of(ModelProgram program, boolean stateful) {
            return of(program, stateful ? STORE : 0);
        }

        static Search of(ModelProgram program, long store) {
            ModelSubject subject = new ModelSubject(program);
            ExplorationLog log = new ExplorationLog(subject, false);
            Explorer explorer = store > 0 ? Explorer.stateful(options(), store) : Explorer.create(options());
            return new Search(explorer.explore(subject, log), log);
        }

        /** Executions started: run to their end, cut off by a sleep set, or stopped at a revisited state. */
        long runs() {
            return log.executions().size();
        }

        Set<StateSpace.Ending> endings() {
            return log.ranToEnd().stream().map(e -> StateSpace.Ending.of(e.outcome())).collect(Collectors.toSet());
        }

        String summary() {
            return String.format("%,d executions run to their end, %,d sleep-set blocked, %s",
                    result.executions(), result.sleepSetBlocked(), result.states().describe());
        }
    }

    /** A model run that does not tell its state, as a subject whose threads run code Weft cannot see. */
    private record StatelessRun(ModelRun run) implements dev.weft.scheduler.model.Run {
        @Override
        public List<dev.weft.scheduler.model.PendingOperation> pending() {
            return run.pending();
        }

        @Override
        public dev.weft.scheduler.model.Event step(dev.weft.scheduler.model.ThreadId thread) {
            return run.step(thread);
        }

        @Override
        public java.util.Optional<dev.weft.scheduler.model.SubjectFailure> failure() {
            return run.failure();
        }

        @Override
        public void close() {
            run.close();
        }
    }
}
