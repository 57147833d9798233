package dev.weft.dpor;

import dev.weft.dpor.model.CellRef;
import dev.weft.dpor.model.ModelProgram;
import dev.weft.dpor.model.ModelSubject;
import dev.weft.dpor.model.ProgramBuilder;
import dev.weft.dpor.model.Reg;
import dev.weft.dpor.model.ThreadHandle;
import dev.weft.scheduler.model.FailureKind;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The search by increasing preemption bound ({@link Explorer#boundedCoverage}) on programs too big to exhaust. */
class BoundedCoverageTest {

    private static final ExplorationOptions OPTIMAL = ExplorationOptions.of(SearchAlgorithm.OPTIMAL)
            .withMaxSteps(100_000);

    /**
     * Twenty threads. W and R first take turns at a shared counter, {@code rounds} increments each, which makes the
     * exhaustive search astronomically big (every interleaving of the increments is a trace of its own); then W writes
     * {@code x = 1}, reads {@code y}, writes {@code x = 2}, while R reads {@code x}, writes {@code y = 1}, reads
     * {@code x} again, and fails when it saw 1 then 2 and W saw its {@code y}: W must be cut after its first write and
     * R after its {@code y}, so the failure needs exactly 2 preemptions. Eighteen more threads each write a cell of
     * their own.
     */
    private static ModelProgram twoPreemptionBugAmongTwentyThreads(int rounds) {
        return twentyThreads(rounds, true);
    }

    /** As above; without the check when {@code checked} is false (nothing fails). */
    private static ModelProgram twentyThreads(int rounds, boolean checked) {
        ProgramBuilder p = ProgramBuilder.program("twoPreemptionBugAmongTwentyThreads");
        CellRef counter = p.shared("counter");
        CellRef x = p.shared("x");
        CellRef y = p.shared("y");
        CellRef sawY = p.shared("sawY");
        List<ThreadHandle> threads = new ArrayList<>();
        threads.add(p.thread("W", t -> {
            Reg r = t.reg("r");
            for (int i = 0; i < rounds; i++) {
                t.read(r, counter).write(counter, r.plus(1));
            }
            t.write(x, 1).read(r, y).write(sawY, r).write(x, 2);
        }));
        threads.add(p.thread("R", t -> {
            Reg r = t.reg("r");
            Reg first = t.reg("first");
            Reg second = t.reg("second");
            Reg w = t.reg("w");
            for (int i = 0; i < rounds; i++) {
                t.read(r, counter).write(counter, r.plus(1));
            }
            t.read(first, x).write(y, 1).read(second, x).read(w, sawY);
            if (checked) {
                t.check(first.eq(1).and(second.eq(2)).and(w.eq(1)).not(), "saw 1 then 2, and W saw y");
            }
        }));
        for (int i = 0; i < 18; i++) {
            CellRef own = p.shared("own" + i);
            threads.add(p.thread("T" + i, t -> t.write(own, 1)));
        }
        return p.main(t -> {
            threads.forEach(t::start);
            threads.forEach(t::join);
        }).build();
    }

    @Test
    void aBugThatNeedsTwoPreemptionsAmongTwentyThreadsIsFoundWithCertaintyWithinBoundTwo() {
        ModelProgram program = twoPreemptionBugAmongTwentyThreads(8);

        ExplorationResult bounded = Explorer.boundedCoverage(OPTIMAL, false).explore(new ModelSubject(program),
                ExplorationListener.NONE);

        assertThat(bounded.failures()).first().satisfies(failure -> {
            assertThat(failure.kind()).isEqualTo(FailureKind.ASSERTION);
            assertThat(failure.preemptions()).isEqualTo(2);
        });
        // every schedule with at most 1 preemption was covered first, without the failure
        assertThat(bounded.coverage().completedBound()).isEqualTo(1);
    }

    @Test
    void theBugIsNotThereWithinOnePreemption() {
        ModelProgram program = twoPreemptionBugAmongTwentyThreads(8);

        ExplorationResult withinOne = Explorer.create(OPTIMAL.withPreemptionBound(1))
                .explore(new ModelSubject(program), ExplorationListener.NONE);

        assertThat(withinOne.failures()).isEmpty();
        assertThat(withinOne.exhaustive()).as("bound 1 left schedules out").isFalse();
    }

    /**
     * Without the check: within a budget in which the exhaustive search runs a sliver of its traces, the search by
     * bound covers every schedule with at most 2 preemptions.
     */
    @Test
    void theBoundedSearchCoversTwoPreemptionsWhereTheExhaustiveSearchCannotFinish() {
        ModelProgram program = twentyThreads(8, false);
        long budget = 5_000;

        ExplorationResult exhaustive = Explorer.create(OPTIMAL.withMaxExecutions(budget))
                .explore(new ModelSubject(program), ExplorationListener.NONE);
        ExplorationResult bounded = Explorer.boundedCoverage(OPTIMAL.withMaxExecutions(budget), false)
                .explore(new ModelSubject(program), ExplorationListener.NONE);

        assertThat(exhaustive.exhaustive()).isFalse();
        // the estimate runs low while races found later still add branches, but it already says it will not finish
        assertThat(exhaustive.coverage().estimatedExecutions()).isGreaterThan(budget);
        assertThat(bounded.failed()).isFalse();
        assertThat(bounded.coverage().completedBound()).as(bounded.toString()).isGreaterThanOrEqualTo(2);
    }

    /** A search stopped by its budget says which bound it completed and how far into the next it got. */
    @Test
    void aStoppedSearchStatesTheBoundItCompletedAndItsShareOfTheNext() {
        ModelProgram program = twoThreadsIncrementing(12);

        ExplorationResult result = Explorer.boundedCoverage(OPTIMAL.withMaxExecutions(300))
                .explore(new ModelSubject(program), ExplorationListener.NONE);

        assertThat(result.exhaustive()).isFalse();
        assertThat(result.failed()).isFalse();
        assertThat(result.executions()).isEqualTo(300);
        assertThat(result.coverage().completedBound()).isGreaterThanOrEqualTo(1);
        assertThat(result.coverage().nextBoundShare()).isBetween(0.0, 1.0);
        assertThat(result.coverage().sampled()).as("every other execution a random schedule").isBetween(140L, 150L);
        assertThat(result.coverage().describe())
                .startsWith("every schedule with at most " + result.coverage().completedBound() + " preemption")
                .contains(result.coverage().sampled() + " random schedules (PCT)");
    }

    /**
     * Twenty threads each read a lazily set {@code value}, set it if it was 0, keep what they got, and count
     * themselves done on a shared counter; main checks they all got the same. The bug needs one preemption (a
     * thread cut between its read and its write), but every order of the twenty threads' counts is a trace of its
     * own with none: the search within bound 0 alone spends any budget on those orders. Random schedules (PCT) show
     * such a bug in each run with probability at least 1/21.
     */
    @Test
    void randomSchedulesFindTheLazyInitialisationBugThatTheOrdersOfTwentyThreadsHideFromTheBound() {
        ModelProgram program = lazyInitialisationAmongTwentyThreads();
        ExplorationOptions budget = OPTIMAL.withMaxExecutions(2_000);

        ExplorationResult boundOnly = Explorer.boundedCoverage(budget, false).explore(new ModelSubject(program),
                ExplorationListener.NONE);
        ExplorationResult sampled = Explorer.boundedCoverage(budget).explore(new ModelSubject(program),
                ExplorationListener.NONE);

        assertThat(boundOnly.failed()).isFalse();
        assertThat(boundOnly.coverage().completedBound()).isEqualTo(-1);
        assertThat(sampled.failures()).first().satisfies(f -> assertThat(f.kind()).isEqualTo(FailureKind.ASSERTION));
        assertThat(sampled.executions()).isLessThan(200);
    }

    private static ModelProgram lazyInitialisationAmongTwentyThreads() {
        ProgramBuilder p = ProgramBuilder.program("lazyInitialisationAmongTwentyThreads");
        CellRef value = p.shared("value");
        CellRef done = p.shared("done");
        List<CellRef> got = new ArrayList<>();
        List<ThreadHandle> threads = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            CellRef mine = p.shared("got" + i);
            got.add(mine);
            int id = i + 1;
            threads.add(p.thread("T" + i, t -> {
                Reg r = t.reg("r");
                Reg c = t.reg("c");
                t.read(r, value).ifThen(r.eq(0), then -> then.write(value, id).set(r, id));
                t.write(mine, r).read(c, done).write(done, c.plus(1));
            }));
        }
        return p.main(t -> {
            Reg first = t.reg("first");
            Reg other = t.reg("other");
            threads.forEach(t::start);
            threads.forEach(t::join);
            t.read(first, got.get(0));
            for (CellRef cell : got) {
                t.read(other, cell).check(other.eq(first), "every thread got the same value");
            }
        }).build();
    }

    /** A program whose every bound leaves nothing out ends exhaustive, after as few bounds as it needs. */
    @Test
    void aSearchWhoseBoundLeftNothingOutIsExhaustive() {
        ModelProgram program = twoThreadsIncrementing(1);

        ExplorationResult result = Explorer.boundedCoverage(OPTIMAL).explore(new ModelSubject(program),
                ExplorationListener.NONE);

        assertThat(result.exhaustive()).isTrue();
        assertThat(result.failed()).isFalse();
    }

    /** Two threads each increment a shared counter {@code rounds} times, with a read and a write. */
    private static ModelProgram twoThreadsIncrementing(int rounds) {
        ProgramBuilder p = ProgramBuilder.program("twoThreadsIncrementing");
        CellRef counter = p.shared("counter");
        List<ThreadHandle> threads = new ArrayList<>();
        for (int n = 0; n < 2; n++) {
            threads.add(p.thread("T" + n, t -> {
                Reg r = t.reg("r");
                for (int i = 0; i < rounds; i++) {
                    t.read(r, counter).write(counter, r.plus(1));
                }
            }));
        }
        return p.main(t -> {
            threads.forEach(t::start);
            threads.forEach(t::join);
        }).build();
    }
}
