package dev.weft.dpor;

import dev.weft.dpor.model.CellRef;
import dev.weft.dpor.model.LockRef;
import dev.weft.dpor.model.ModelProgram;
import dev.weft.dpor.model.ModelSubject;
import dev.weft.dpor.model.ProgramBuilder;
import dev.weft.dpor.model.RandomPrograms;
import dev.weft.dpor.model.Reg;
import dev.weft.dpor.model.ThreadHandle;
import dev.weft.scheduler.model.FailureKind;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class PreemptionBoundingTest {

    /** Large enough that on these programs every bound is searched to its end. */
    private static final PreemptionBounding.Budget UNLIMITED = new PreemptionBounding.Budget(10, 1_000_000);
    private static final ExplorationOptions DPOR = ExplorationOptions.of(SearchAlgorithm.DPOR);

    /** Two workers do {@code x++}; main joins them and asserts {@code x == 2}. */
    private static ModelProgram lostUpdate() {
        ProgramBuilder p = ProgramBuilder.program("lostUpdate");
        CellRef x = p.shared("x");
        List<ThreadHandle> workers = new ArrayList<>();
        for (int i = 1; i <= 2; i++) {
            workers.add(p.thread("T" + i, t -> {
                Reg r = t.reg("r");
                t.read(r, x).write(x, r.plus(1));
            }));
        }
        return p.main(t -> {
            Reg r = t.reg("r");
            workers.forEach(t::start);
            workers.forEach(t::join);
            t.read(r, x).check(r.eq(2), "x == 2");
        }).build();
    }

    /** W writes 1 then 2; R reads twice and fails on seeing 1 then 2: W and R must each be cut once. */
    private static ModelProgram readsBothWrites() {
        ProgramBuilder p = ProgramBuilder.program("readsBothWrites");
        CellRef x = p.shared("x");
        p.thread("W", t -> t.write(x, 1).write(x, 2));
        p.thread("R", t -> {
            Reg first = t.reg("first");
            Reg second = t.reg("second");
            t.read(first, x).read(second, x).check(first.eq(1).and(second.eq(2)).not(), "saw 1 then 2");
        });
        return p.build();
    }

    /** Two threads take locks a and b in opposite orders. */
    private static ModelProgram lockOrder() {
        ProgramBuilder p = ProgramBuilder.program("lockOrder");
        LockRef a = p.lock("a");
        LockRef b = p.lock("b");
        CellRef x = p.shared("x");
        p.thread("AB", t -> t.write(x, 1).lock(a).lock(b).unlock(b).unlock(a));
        p.thread("BA", t -> t.write(x, 2).lock(b).lock(a).unlock(a).unlock(b));
        return p.build();
    }

    /** Main starts a worker that sets x and checks x without joining it. */
    private static ModelProgram forgottenJoin() {
        ProgramBuilder p = ProgramBuilder.program("forgottenJoin");
        CellRef x = p.shared("x");
        ThreadHandle worker = p.thread("W", t -> t.write(x, 1));
        return p.main(t -> {
            Reg r = t.reg("r");
            t.start(worker).read(r, x).check(r.eq(1), "x == 1").join(worker);
        }).build();
    }

    /**
     * A bounded buffer of one place on wait/notify, each wait in a loop: P puts twice, C1 and C2 take once each. It
     * deadlocks when a consumer's notify wakes the other consumer rather than P, waiting for room. Waits may wake
     * spuriously; the deadlock needs no spurious wake-up.
     */
    private static ModelProgram boundedBufferDeadlock() {
        ProgramBuilder p = ProgramBuilder.program("boundedBufferDeadlock").spuriousWakeUps();
        CellRef count = p.shared("count");
        LockRef m = p.lock("m");
        ThreadHandle producer = p.thread("P", t -> {
            Reg seen = t.reg("seen");
            for (int item = 0; item < 2; item++) {
                t.lock(m).loop(body -> body.read(seen, count).breakIf(seen.eq(0)).waitOn(m))
                        .write(count, 1).notifyOne(m).unlock(m);
            }
        });
        List<ThreadHandle> consumers = new ArrayList<>();
        for (int i = 1; i <= 2; i++) {
            consumers.add(p.thread("C" + i, t -> {
                Reg seen = t.reg("seen");
                t.lock(m).loop(body -> body.read(seen, count).breakIf(seen.eq(1)).waitOn(m))
                        .write(count, 0).notifyOne(m).unlock(m);
            }));
        }
        return p.main(t -> {
            t.start(producer);
            consumers.forEach(t::start);
            t.join(producer);
            consumers.forEach(t::join);
        }).build();
    }

    private static ExplorationFailure firstFailure(ModelProgram program) {
        ExplorationResult result = Explorer.create(DPOR).explore(new ModelSubject(program), ExplorationListener.NONE);
        assertThat(result.failed()).as(program.name() + " fails").isTrue();
        return result.failures().get(0);
    }

    private static ExplorationFailure minimized(ModelProgram program, ExplorationFailure found) {
        return PreemptionBounding.minimize(new ModelSubject(program), found, DPOR, UNLIMITED).failure();
    }

    /** Checks the brute-force minimum and that the search reports a failure of that kind with exactly as many. */
    private static ExplorationFailure assertShortenedTo(ModelProgram program, FailureKind kind, int fewest) {
        ExplorationFailure shortest = minimized(program, firstFailure(program));
        assertThat(PreemptionOracle.minimum(program, kind)).as("brute force").isEqualTo(fewest);
        assertThat(shortest.kind()).isEqualTo(kind);
        assertThat(shortest.preemptions()).isEqualTo(fewest);
        return shortest;
    }

    @Test
    void aLostUpdateIsReportedWithOnePreemptionWhereDporsFirstFailureHadMore() {
        assertThat(firstFailure(lostUpdate()).preemptions()).as("DPOR's first failure").isGreaterThan(1);
        assertShortenedTo(lostUpdate(), FailureKind.ASSERTION, 1);
    }

    @Test
    void aBugThatNeedsTwoSwitchesIsReportedWithTwoPreemptions() {
        assertShortenedTo(readsBothWrites(), FailureKind.ASSERTION, 2);
    }

    @Test
    void aLockOrderDeadlockIsReportedWithOnePreemptionAndItsStuckThreads() {
        assertThat(assertShortenedTo(lockOrder(), FailureKind.DEADLOCK, 1).stuck()).hasSize(3);
    }

    @Test
    void aForgottenJoinNeedsNoPreemptionAndCostsNoSearch() {
        ModelProgram program = forgottenJoin();
        ExplorationFailure found = firstFailure(program);

        PreemptionBounding.Result result = PreemptionBounding.minimize(new ModelSubject(program), found, DPOR,
                UNLIMITED);

        assertThat(found.preemptions()).isZero();
        assertThat(result.failure()).isSameAs(found);
        assertThat(result.executions()).isZero();
    }

    /**
     * DPOR's first deadlock of the bounded buffer takes spurious wake-ups it does not need (the default choice lets
     * the thread that just began to wait go on, which takes the wake-up offered to it); the reported one has as few
     * preemptions and takes none.
     */
    @Test
    void amongTheSchedulesWithTheFewestPreemptionsOneWithoutSpuriousWakeUpsIsReported() {
        ModelProgram program = boundedBufferDeadlock();
        ExplorationFailure found = firstFailure(program);

        ExplorationFailure shown = minimized(program, found);

        assertThat(found.spuriousWakeUpsAndTimeouts()).as("DPOR's first deadlock").isPositive();
        assertThat(shown.kind()).isEqualTo(FailureKind.DEADLOCK);
        assertThat(shown.preemptions()).isLessThanOrEqualTo(found.preemptions());
        assertThat(shown.spuriousWakeUpsAndTimeouts()).isZero();
        assertThat(shown.events()).noneMatch(event -> event.operation().lapses());
    }

    @Test
    void theCountOfEveryReportedScheduleIsTheCountOfRunningIt() {
        for (ModelProgram program : List.of(lostUpdate(), readsBothWrites(), lockOrder(), forgottenJoin())) {
            ExplorationFailure found = firstFailure(program);
            ExplorationFailure shortest = minimized(program, found);
            assertThat(found.preemptions()).as(program.name())
                    .isEqualTo(PreemptionOracle.count(program, found.schedule()));
            assertThat(shortest.preemptions()).as(program.name())
                    .isEqualTo(PreemptionOracle.count(program, shortest.schedule()));
        }
    }

    @Test
    void replayingTheShortenedScheduleReproducesItsFailureExactly() {
        ModelProgram program = lockOrder();
        ExplorationFailure shortest = minimized(program, firstFailure(program));

        ExplorationResult replay = Explorer.replaying(shortest.schedule(), DPOR)
                .explore(new ModelSubject(program), ExplorationListener.NONE);

        assertThat(replay.failures()).hasSize(1);
        ExplorationFailure replayed = replay.failures().get(0);
        assertThat(replayed.kind()).isEqualTo(shortest.kind());
        assertThat(replayed.events()).isEqualTo(shortest.events());
        assertThat(replayed.preemptions()).isEqualTo(shortest.preemptions());
    }

    @Test
    void whenTheBudgetRunsOutTheExplorersFailureIsKept() {
        ModelProgram program = lostUpdate();
        ExplorationFailure found = firstFailure(program);

        // the one execution bound 0 may run lets each thread run to its end: no lost update
        PreemptionBounding.Result result = PreemptionBounding.minimize(new ModelSubject(program), found, DPOR,
                new PreemptionBounding.Budget(0, 1));

        assertThat(result.failure()).isSameAs(found);
        assertThat(result.executions()).isEqualTo(1);
    }

    @Test
    void onRandomProgramsTheReportedCountIsTheFewestOfAnyFailingInterleavingOfThatKind() {
        int checked = 0;
        int shortened = 0;
        for (long seed = 0; seed < 1000; seed++) {
            ModelProgram program = RandomPrograms.generate(seed, true);
            ExplorationResult result = Explorer.create(DPOR).explore(new ModelSubject(program),
                    ExplorationListener.NONE);
            if (!result.failed()) {
                continue;
            }
            ExplorationFailure found = result.failures().get(0);
            ExplorationFailure shortest = minimized(program, found);
            assertThat(shortest.kind()).as("seed %d\n%s", seed, program).isEqualTo(found.kind());
            assertThat(shortest.preemptions()).as("seed %d\n%s", seed, program)
                    .isEqualTo(PreemptionOracle.minimum(program, found.kind()))
                    .isEqualTo(PreemptionOracle.count(program, shortest.schedule()));
            checked++;
            if (shortest.preemptions() < found.preemptions()) {
                shortened++;
            }
        }
        assertThat(checked).as("random programs that fail").isGreaterThan(30);
        assertThat(shortened).as("of which DPOR's first failure was longer than needed").isPositive();
    }
}
