package dev.weft.dpor.model;

import dev.weft.dpor.ExplorationFailure;
import dev.weft.dpor.FreeChoice;
import dev.weft.dpor.SearchAlgorithm;
import dev.weft.scheduler.model.FailureKind;
import dev.weft.scheduler.model.Location;
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
 * Interruptible waits (and a join) in model programs ({@link ThreadBuilder#interruptibleWaitOn}), as the runtime models
 * {@code Object.wait} and {@code Condition.await}: the step that begins the wait also reads the thread's interrupt
 * flag ({@code Operation#alsoReads}), so an {@code interrupt} (a write of the flag) is ordered against it both ways.
 * Interrupted before, the wait ends at once; after, it waits, and a spurious wake-up may be offered before the
 * interrupt comes. Before the wait's start read the flag, whether that wake-up was offered depended on the order of
 * two independent steps, the wait's start and the interrupt, and the explorers ran it only with one free choice.
 */
class InterruptedWaitTest {

    /**
     * The worker waits once, interruptibly; main interrupts it and joins it. 3 traces: interrupted before the wait
     * (it ends at once), interrupted while it waits, and woken spuriously before the interrupt (the interrupt then
     * only sets the flag). Without spurious wake-ups, the first two.
     */
    static ModelProgram interruptAWait(boolean spuriousWakeUps) {
        ProgramBuilder p = ProgramBuilder.program("interrupt a wait" + (spuriousWakeUps ? "" : ", no wake-ups"));
        if (spuriousWakeUps) {
            p.spuriousWakeUps();
        }
        LockRef m = p.lock("m");
        ThreadHandle worker = p.thread("W", t -> t.lock(m).interruptibleWaitOn(m, t.reg("interrupted")).unlock(m));
        p.main(t -> t.start(worker).interrupt(worker).join(worker));
        return p.build();
    }

    /**
     * The bug: the worker waits for {@code ready} with an {@code if}, treating an interrupt as "stop", and nobody sets
     * {@code ready}. Only a spurious wake-up before the interrupt lets it go on without {@code ready}.
     */
    static ModelProgram ifAroundAnInterruptibleWait() {
        ProgramBuilder p = ProgramBuilder.program("if around an interruptible wait").spuriousWakeUps();
        CellRef ready = p.shared("ready");
        LockRef m = p.lock("m");
        ThreadHandle worker = p.thread("W", t -> {
            Reg seen = t.reg("seen");
            Reg interrupted = t.reg("interrupted");
            t.lock(m).read(seen, ready).ifThen(seen.eq(0), then -> then.interruptibleWaitOn(m, interrupted)
                    .ifThen(interrupted.eq(0), woken -> woken.read(seen, ready)
                            .check(seen.eq(1), "ready after a wait that was not interrupted"))).unlock(m);
        });
        p.main(t -> t.start(worker).interrupt(worker).join(worker));
        return p.build();
    }

    /**
     * A notifier and an interrupt race for one waiter that loops until {@code ready} or interrupted: notified,
     * interrupted, or both (a notify that found it already interrupted wakes it normally, and the flag stays set).
     */
    static ModelProgram notifyAndInterruptRace() {
        ProgramBuilder p = ProgramBuilder.program("notify and interrupt race").spuriousWakeUps();
        CellRef ready = p.shared("ready");
        LockRef m = p.lock("m");
        ThreadHandle waiter = p.thread("W", t -> {
            Reg seen = t.reg("seen");
            Reg interrupted = t.reg("interrupted");
            t.lock(m).loop(body -> body.read(seen, ready).breakIf(seen.ne(0))
                    .interruptibleWaitOn(m, interrupted).breakIf(interrupted.ne(0))).unlock(m);
        });
        ThreadHandle notifier = p.thread("N", t -> t.lock(m).write(ready, 1).notifyOne(m).unlock(m));
        p.main(t -> t.start(waiter).start(notifier).interrupt(waiter).join(waiter).join(notifier));
        return p.build();
    }

    /** Main waits on its own monitor while a worker interrupts it and then notifies it. */
    static ModelProgram theWaiterIsMain() {
        ProgramBuilder p = ProgramBuilder.program("the waiter is main").spuriousWakeUps();
        CellRef x = p.shared("x");
        LockRef m = p.lock("m");
        ThreadHandle interrupter = p.thread("I", t -> t.write(x, 1).interrupt(ProgramBuilder.MAIN).lock(m).notifyAll(m).unlock(m));
        p.main(t -> {
            Reg interrupted = t.reg("interrupted");
            t.lock(m).start(interrupter).interruptibleWaitOn(m, interrupted).unlock(m).join(interrupter);
        });
        return p.build();
    }

    /**
     * The worker joins a thread that ends by itself, interruptibly; main interrupts the worker. The join's step reads
     * the flag and the other thread's liveness: after both the end and the interrupt (it goes through: the thread
     * ended), after the end only (through, then the interrupt), after the interrupt only (it is let out): 3 traces. A
     * join waits for the end it reads, so the two race only when an interrupt let it out first (HappensBefore).
     */
    static ModelProgram interruptAJoinOfAThreadThatEnds() {
        ProgramBuilder p = ProgramBuilder.program("interrupt a join of a thread that ends");
        CellRef x = p.shared("x");
        ThreadHandle ending = p.thread("E", t -> t.write(x, 1));
        ThreadHandle joiner = p.thread("J", t -> t.interruptibleJoin(ending, t.reg("interrupted")));
        p.main(t -> t.start(ending).start(joiner).interrupt(joiner).join(joiner).join(ending));
        return p.build();
    }

    @Test
    void theWaitsStartReadsTheInterruptFlagAndAnInterruptedWaitEndsAtOnce() {
        try (ModelRun run = new ModelSubject(interruptAWait(true)).start()) {
            Script.steps(run, "main", "main"); // start W, interrupt it
            PendingOperation lock = Script.pendingOf(run, "main.1");
            Script.steps(run, "main.1"); // W takes m
            PendingOperation wait = Script.pendingOf(run, "main.1");
            assertThat(lock.operation().kind()).isEqualTo(OpKind.LOCK);
            assertThat(wait.operation().kind()).isEqualTo(OpKind.WAIT);
            assertThat(wait.operation().alsoReads()).isEqualTo(Location.interruptFlag(wait.thread()));

            Script.steps(run, "main.1", "main.1"); // the wait ends at once, keeping m; W releases m
            assertThat(run.outcome().reads()).containsEntry("main.1", List.of(1));
        }
    }

    @Test
    void anInterruptWhileWaitingLetsTheWaiterTakeTheMonitorBack() {
        try (ModelRun run = new ModelSubject(interruptAWait(false)).start()) {
            Script.steps(run, "main", "main.1", "main.1"); // start W; W takes m and waits
            assertThat(Script.pendingOf(run, "main.1").enabled()).isFalse();
            Script.steps(run, "main"); // the interrupt
            assertThat(Script.pendingOf(run, "main.1").enabled()).isTrue();
            Script.steps(run, "main.1", "main.1", "main.1", "main", "main"); // W: m back, unlock, end; main: join, end
            assertThat(run.outcome().reads()).containsEntry("main.1", List.of(1));
            assertThat(run.outcome().ending()).isEqualTo(Outcome.Ending.COMPLETE);
        }
    }

    /** Interrupted, the waiter may wake by itself no more: the interrupt wakes it anyway. */
    @Test
    void anInterruptedWaiterIsOfferedNoWakeUp() {
        try (ModelRun run = new ModelSubject(theWaiterIsMain()).start()) {
            Script.steps(run, "main", "main", "main"); // take m, start I, wait
            assertThat(Script.pendingOf(run, "main").operation().lapses()).as("offered while I can move").isTrue();
            Script.steps(run, "main.1", "main.1"); // I writes x, interrupts main: the offer lapsed
            PendingOperation waiter = Script.pendingOf(run, "main");
            assertThat(waiter.operation().lapses()).isFalse();
            assertThat(waiter.enabled()).isTrue();
        }
    }

    @ParameterizedTest
    @EnumSource(FreeChoice.class)
    void aBugSeenOnlyAfterAWakeUpBeforeTheInterruptIsFoundWithEitherFreeChoice(FreeChoice freeChoice) {
        for (SearchAlgorithm algorithm : List.of(SearchAlgorithm.DPOR, SearchAlgorithm.OPTIMAL)) {
            Exploration exploration = Exploration.of(ifAroundAnInterruptibleWait(), algorithm, freeChoice, false);
            assertThat(exploration.result().failures()).as(exploration.summary())
                    .extracting(ExplorationFailure::kind).containsExactly(FailureKind.ASSERTION);
        }
    }

    static Stream<Arguments> programs() {
        List<Arguments> cases = new ArrayList<>();
        for (FreeChoice choice : FreeChoice.values()) {
            for (ModelProgram program : List.of(interruptAWait(true), interruptAWait(false),
                    ifAroundAnInterruptibleWait(), notifyAndInterruptRace(), theWaiterIsMain(),
                    interruptAJoinOfAThreadThatEnds())) {
                cases.add(Arguments.of(Named.of(program.name(), program), choice));
            }
        }
        return cases.stream();
    }

    /**
     * NAIVE runs every interleaving, taking or leaving each offer; DPOR and OPTIMAL (also in shards) meet exactly its
     * traces, each once, whichever the free choice: none of these programs deadlocks, so no offer is left to the
     * order of independent steps.
     */
    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("programs")
    void theExplorersMeetExactlyWhatNaiveMeets(ModelProgram program, FreeChoice freeChoice) {
        DifferentialCheck.Verdict verdict = DifferentialCheck.check(program, DifferentialCheck.Strictness.EXACT,
                freeChoice);
        assertThat(verdict.skipped()).as("NAIVE within its budget").isFalse();
        assertThat(verdict.problems()).as(program.toString()).isEmpty();
    }

    /** The traces of {@link #interruptAWait} and {@link #interruptAJoinOfAThreadThatEnds}, counted in their Javadoc. */
    @ParameterizedTest
    @EnumSource(FreeChoice.class)
    void anInterruptedWaitHasThreeTracesWithWakeUpsAndTwoWithoutAndAnInterruptedJoinThree(FreeChoice freeChoice) {
        for (SearchAlgorithm algorithm : List.of(SearchAlgorithm.DPOR, SearchAlgorithm.OPTIMAL)) {
            assertThat(Exploration.of(interruptAWait(true), algorithm, freeChoice, false).result().executions())
                    .as("%s with wake-ups", algorithm).isEqualTo(3);
            assertThat(Exploration.of(interruptAWait(false), algorithm, freeChoice, false).result().executions())
                    .as("%s without", algorithm).isEqualTo(2);
            assertThat(Exploration.of(interruptAJoinOfAThreadThatEnds(), algorithm, freeChoice, false).result()
                    .executions()).as("%s, the join", algorithm).isEqualTo(3);
        }
    }
}
