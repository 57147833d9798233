package dev.weft.dpor.model;

import dev.weft.dpor.ExplorationFailure;
import dev.weft.dpor.FreeChoice;
import dev.weft.dpor.SearchAlgorithm;
import dev.weft.scheduler.model.FailureKind;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.PendingOperation;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Spurious wake-ups in model programs ({@link ProgramBuilder#spuriousWakeUps}), offered as the runtime offers them: to
 * a thread that has just begun to wait, while another thread could move, until another thread moves. The offer is
 * an operation that lapses ({@code Operation#lapses}); the explorers run both its outcomes, the waiter taking it and
 * another thread moving on without it, whichever the free choice runs first ({@code LapsingOffers}).
 */
class SpuriousWakeUpTest {

    /**
     * The waiter reads {@code y} and waits only if it read 0; main notifies, then writes {@code y}. The lost notify:
     * the waiter reads 0, main notifies, the waiter begins to wait, main writes {@code y} (the offer lapses) and joins.
     */
    static ModelProgram waiterMissesTheNotify() {
        ProgramBuilder p = ProgramBuilder.program("waiter misses the notify").spuriousWakeUps();
        CellRef y = p.shared("y");
        LockRef m = p.lock("m");
        ThreadHandle waiter = p.thread("W", t -> {
            Reg seen = t.reg("seen");
            t.read(seen, y).lock(m).ifThen(seen.eq(0), then -> then.waitOn(m)).unlock(m);
        });
        p.main(t -> t.start(waiter).lock(m).notifyOne(m).unlock(m).write(y, 1).join(waiter));
        return p.build();
    }

    /** The same with the roles swapped: main reads and waits, the other thread notifies and then writes. */
    static ModelProgram mainMissesTheNotify() {
        ProgramBuilder p = ProgramBuilder.program("main misses the notify").spuriousWakeUps();
        CellRef y = p.shared("y");
        LockRef m = p.lock("m");
        ThreadHandle notifier = p.thread("N", t -> t.lock(m).notifyOne(m).unlock(m).write(y, 1));
        p.main(t -> {
            Reg seen = t.reg("seen");
            t.start(notifier).read(seen, y).lock(m).ifThen(seen.eq(0), then -> then.waitOn(m)).unlock(m)
                    .join(notifier);
        });
        return p.build();
    }

    /** A flag set and announced under a monitor, with a waiter that checks it once ({@code loop}: in a loop). */
    static ModelProgram oneWaiterOneNotifier(boolean loop) {
        ProgramBuilder p = ProgramBuilder.program(loop ? "while around wait" : "if around wait").spuriousWakeUps();
        CellRef ready = p.shared("ready");
        LockRef m = p.lock("m");
        p.thread("W", t -> {
            Reg seen = t.reg("seen");
            t.lock(m);
            if (loop) {
                t.loop(body -> body.read(seen, ready).breakIf(seen.ne(0)).waitOn(m));
            } else {
                t.read(seen, ready).ifThen(seen.eq(0), then -> then.waitOn(m).read(seen, ready));
            }
            t.check(seen.eq(1), "ready after the wait").unlock(m);
        });
        p.thread("N", t -> t.lock(m).write(ready, 1).notifyOne(m).unlock(m));
        return p.build();
    }

    /**
     * Two waiters that check once, notified by main: with {@code notify} one waiter may wait forever (a deadlock),
     * with {@code notifyAll} never.
     */
    static ModelProgram twoWaiters(boolean all) {
        ProgramBuilder p = ProgramBuilder.program(all ? "two waiters, notifyAll" : "two waiters, notify")
                .spuriousWakeUps();
        CellRef ready = p.shared("ready");
        LockRef m = p.lock("m");
        List<ThreadHandle> waiters = new ArrayList<>();
        for (String label : List.of("W1", "W2")) {
            waiters.add(p.thread(label, t -> {
                Reg seen = t.reg("seen");
                t.lock(m).read(seen, ready).ifThen(seen.eq(0), then -> then.waitOn(m)).unlock(m);
            }));
        }
        p.main(t -> {
            t.start(waiters.get(0)).start(waiters.get(1)).lock(m).write(ready, 1);
            if (all) {
                t.notifyAll(m);
            } else {
                t.notifyOne(m);
            }
            t.unlock(m).join(waiters.get(0)).join(waiters.get(1));
        });
        return p.build();
    }

    /**
     * A waiter beside a notifier whose first steps touch nothing the waiter does before it reads {@code x}: the offer
     * lapses at a step independent of the wake-up, which is what a lapse adds to the dependence.
     */
    static ModelProgram wakeUpBesideIndependentSteps() {
        ProgramBuilder p = ProgramBuilder.program("wake-up beside independent steps").spuriousWakeUps();
        CellRef flag = p.shared("flag");
        CellRef x = p.shared("x");
        CellRef z = p.shared("z");
        LockRef m = p.lock("m");
        p.thread("W", t -> {
            Reg seen = t.reg("seen");
            t.lock(m).read(seen, flag).ifThen(seen.eq(0), then -> then.waitOn(m)).unlock(m).read(seen, x);
        });
        p.thread("N", t -> t.write(x, 1).write(z, 1).lock(m).write(flag, 1).notifyOne(m).unlock(m));
        return p.build();
    }

    @Test
    void aWaitIsOfferedAWakeUpUntilAnotherThreadMoves() {
        try (ModelRun run = new ModelSubject(waiterMissesTheNotify()).start()) {
            Script.steps(run, "main", "main.1", "main.1", "main.1"); // start; read y, lock m, wait
            PendingOperation offer = Script.pendingOf(run, "main.1");
            assertThat(offer.enabled()).isTrue();
            assertThat(offer.operation().lapses()).isTrue();
            assertThat(offer.operation().kind()).isEqualTo(OpKind.OBSERVE_LOCK);

            Script.steps(run, "main"); // main takes the monitor: the offer lapses
            PendingOperation waiting = Script.pendingOf(run, "main.1");
            assertThat(waiting.operation().lapses()).isFalse();
            assertThat(waiting.operation().kind()).isEqualTo(OpKind.LOCK);
            assertThat(waiting.enabled()).isFalse();

            Script.steps(run, "main", "main"); // notify, unlock: the waiter takes the monitor back
            assertThat(Script.pendingOf(run, "main.1").enabled()).isTrue();
        }
    }

    @Test
    void aTakenWakeUpLetsTheWaiterTakeTheMonitorBackWithoutANotify() {
        try (ModelRun run = new ModelSubject(waiterMissesTheNotify()).start()) {
            // start; read y, lock m, wait, the wake-up, take m back, unlock m, end
            Script.steps(run, "main", "main.1", "main.1", "main.1", "main.1", "main.1", "main.1", "main.1");
            assertThat(run.outcome().reads()).containsEntry("main.1", List.of(0));
            assertThat(run.pending()).extracting(p -> p.thread().name()).containsExactly("main");
        }
    }

    /** Once nobody else can move, a waiter that was not woken is offered nothing: it waits forever. */
    @Test
    void noWakeUpIsOfferedWhenNoOtherThreadCanMove() {
        try (ModelRun run = new ModelSubject(waiterMissesTheNotify()).start()) {
            Script.steps(run, "main", "main.1", "main", "main", "main", "main"); // W reads 0; main notifies, writes y
            Script.steps(run, "main.1", "main.1"); // W takes m and waits; main is at its join
            assertThat(run.pending()).noneMatch(PendingOperation::enabled);
            assertThat(run.outcome().ending()).isEqualTo(Outcome.Ending.DEADLOCK);
        }
    }

    /**
     * Before the explorers ran both outcomes of an offer, each of these deadlocks was missed with one free choice
     * (the waiter being main with the lowest thread first, the other thread with the thread that moved last).
     */
    @ParameterizedTest
    @EnumSource(FreeChoice.class)
    void aNotifyLostBeforeAWaitIsFoundWithEitherFreeChoice(FreeChoice freeChoice) {
        for (ModelProgram program : List.of(waiterMissesTheNotify(), mainMissesTheNotify())) {
            for (SearchAlgorithm algorithm : List.of(SearchAlgorithm.DPOR, SearchAlgorithm.OPTIMAL)) {
                Exploration exploration = Exploration.of(program, algorithm, freeChoice, false);
                assertThat(exploration.result().failures()).as(exploration.summary())
                        .extracting(ExplorationFailure::kind).containsExactly(FailureKind.DEADLOCK);
            }
        }
    }

    static Stream<Arguments> programs() {
        List<Arguments> cases = new ArrayList<>();
        for (FreeChoice choice : FreeChoice.values()) {
            for (ModelProgram deadlocking : List.of(waiterMissesTheNotify(), mainMissesTheNotify(), twoWaiters(false))) {
                cases.add(Arguments.of(Named.of(deadlocking.name(), deadlocking), DifferentialCheck.Strictness.DEADLOCKS,
                        choice));
            }
            for (ModelProgram program : List.of(oneWaiterOneNotifier(false), oneWaiterOneNotifier(true),
                    twoWaiters(true), wakeUpBesideIndependentSteps())) {
                cases.add(Arguments.of(Named.of(program.name(), program), DifferentialCheck.Strictness.EXACT, choice));
            }
        }
        return cases.stream();
    }

    /**
     * NAIVE runs every interleaving, taking or leaving each offer; DPOR and OPTIMAL (also in shards) must meet its
     * traces, each once, where nothing deadlocks; where something does, a deadlock, with no trace NAIVE did not meet
     * ({@link DifferentialCheck.Strictness#DEADLOCKS} says why not every trace).
     */
    @ParameterizedTest(name = "{0}, {1}, {2}")
    @MethodSource("programs")
    void theExplorersMeetWhatNaiveMeets(ModelProgram program, DifferentialCheck.Strictness strictness,
                                        FreeChoice freeChoice) {
        DifferentialCheck.Verdict verdict = DifferentialCheck.check(program, strictness, freeChoice);
        assertThat(verdict.skipped()).as("NAIVE within its budget").isFalse();
        assertThat(verdict.problems()).as(program.toString()).isEmpty();
        boolean deadlocks = Exploration.naive(program).result().failures().stream()
                .anyMatch(f -> f.kind() == FailureKind.DEADLOCK);
        assertThat(deadlocks).as("NAIVE finds a deadlock, as the strictness assumes")
                .isEqualTo(strictness == DifferentialCheck.Strictness.DEADLOCKS);
    }
}
