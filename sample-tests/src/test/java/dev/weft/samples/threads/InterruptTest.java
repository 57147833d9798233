package dev.weft.samples.threads;

import dev.weft.samples.support.Verdicts;
import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Interrupts of blocked threads, end to end. In each program the only dependent pair is main's {@code interrupt}
 * (a write of the worker's interrupt flag) and the worker's look at that flag as its blocking call starts (a read; a
 * wait's start reads it in the step that releases the monitor): 2 traces, "interrupted before it blocks" and
 * "interrupted while blocked" (a wait and a park also have a third, a spurious wake-up before the interrupt; a join
 * that only the interrupt ends has one, see below). Everything else is ordered by start and join or touches nothing
 * the other thread touches. Before the blocking calls read the flag, DPOR ran only 1 of them for wait, join and park.
 */
class InterruptTest {

    @TempDir
    Path reports;

    /** The program run with the free choice {@code freeChoice}. */
    private WeftRunner.Outcome runWith(String program, String freeChoice) {
        return WeftRunner.run(InterruptPrograms.class, program, reports, Map.of("weft.freeChoice", freeChoice));
    }

    /**
     * A sleep ends only when no other thread can move (the test's time), so main's interrupt always comes first and
     * the sleep's step, which looks at the flag, follows it: 1 trace, as for the join below.
     */
    @Test
    void aSleepSeesTheInterruptOfAThreadThatCanStillMove() {
        Verdicts.passesWith(WeftRunner.run(InterruptPrograms.class, "interruptASleep", reports), 1);
    }

    /**
     * With stalls explored the sleep may also end while main could still interrupt it: then its look at the flag
     * comes before the interrupt or after it, 2 traces.
     */
    @Test
    void withStallsExploredBothOrdersOfAnInterruptAndASleepAreExplored() {
        Verdicts.passesWith(WeftRunner.run(InterruptPrograms.class, "interruptASleep", reports,
                Map.of("weft.timeouts", "any")), 2);
    }

    /**
     * A join looks at the flag in its own step, which the interrupt enables when nothing else does: the worker joins
     * main, which cannot end first, so that step always comes after the interrupt, and throws: 1 trace. (With a
     * separate look before the join, as until 2026-11-26, "interrupted before the join" and "while joining" were 2,
     * which nothing could tell apart.)
     */
    @Test
    void aJoinThatOnlyAnInterruptEndsHasOneTrace() {
        Verdicts.passesWith(WeftRunner.run(InterruptPrograms.class, "interruptAJoin", reports), 1);
    }

    /**
     * The joined thread ends by itself. Its end, the interrupt and the join's step: the join after both (it goes
     * through: the thread ended), after the end only (through, then the interrupt), after the interrupt only (it
     * throws): 3 traces, with either free choice.
     */
    @ParameterizedTest(name = "free choice {0}")
    @ValueSource(strings = {"last", "lowest"})
    void aJoinOfAThreadThatEndsGoesThroughOrMeetsTheInterrupt(String freeChoice) {
        Verdicts.passesWith(runWith("interruptAJoinOfAThreadThatEnds", freeChoice), 3);
    }

    /**
     * A wait and a park may also wake spuriously as they begin (on by default), while main, about to interrupt, is
     * free: a third trace, woken without a cause before the interrupt (it then returns normally, and the interrupt
     * only sets the flag), beside interrupted before it blocks and interrupted while blocked. Both run all 3 with
     * either free choice. A park's look at the flag is a step of its own, and the interrupt unparks, so it conflicts
     * with the wake-up, an unpark of the same permit. A wait looks at the flag in the step that begins it, as the JDK
     * does, so the interrupt is ordered against the wait's start: the wake-up is offered exactly in the order where
     * the wait began first. Before the wait's start read the flag (a separate look did, and the wait looked again
     * without an event), the wait had 2 executions with the lowest thread first: main interrupted between the look
     * and the wait, which then threw at once, and the trace with a wake-up was not run.
     */
    @ParameterizedTest(name = "{0}, {1}: 3 executions")
    @CsvSource({"interruptAWait, lowest", "interruptAWait, last", "interruptAPark, lowest", "interruptAPark, last"})
    void aWaitOrParkMayAlsoWakeSpuriouslyBeforeTheInterrupt(String program, String freeChoice) {
        Verdicts.passesWith(runWith(program, freeChoice), 3);
    }

    /** Without spurious wake-ups, 2 traces again: interrupted before or while blocked. */
    @ParameterizedTest(name = "{0} without spurious wake-ups: 2 executions")
    @ValueSource(strings = {"interruptAWait", "interruptAPark"})
    void withoutSpuriousWakeUpsAWaitOrParkHasTheTwoOrders(String program) {
        Verdicts.passesWith(WeftRunner.run(InterruptPrograms.class, program, reports,
                Map.of("weft.spuriousWakeups", "false")), 2);
    }

    /**
     * A call that need not block: 2 traces, interrupted before the call (it throws) or after it (it went through, and
     * the flag stays set). Its step looks at the flag, so the interrupt is ordered against it both ways. Before, the
     * two were independent and each program ran 1 execution, with either free choice.
     */
    @ParameterizedTest(name = "{0}, {1}: 2 executions")
    @CsvSource({"interruptATakeOfAnElementThatIsThere, last", "interruptATakeOfAnElementThatIsThere, lowest",
            "interruptAPutIntoAQueueWithRoom, last", "interruptATimedPollOfAnElementThatIsThere, last",
            "interruptAnAcquireOfAFreePermit, last", "interruptAnAcquireOfAFreePermit, lowest",
            "interruptAnAwaitOfAnOpenLatch, last", "interruptTheOnlyPartyOfABarrier, last",
            "interruptTheOnlyPartyOfABarrier, lowest", "interruptAGetOfADoneFuture, last",
            "interruptALockInterruptiblyOfAFreeLock, last", "interruptATimedTryAcquireOfAFreePermit, last",
            "interruptAGetOfACompletedCompletableFuture, last"})
    void anInterruptibleCallThatNeedNotBlockIsInterruptedBeforeOrAfterIt(String program, String freeChoice) {
        Verdicts.passesWith(runWith(program, freeChoice), 2);
    }

    /**
     * A {@code lockInterruptibly} that waits for a lock its holder keeps until the waiter has ended: the interrupt lets
     * it out (its step reads the flag, enabled by the interrupt: 1 trace). It used to wait for the lock regardless of
     * the interrupt, and the program was reported as a {@code DEADLOCK}.
     */
    @ParameterizedTest(name = "free choice {0}")
    @ValueSource(strings = {"last", "lowest"})
    void anInterruptLetsALockInterruptiblyOut(String freeChoice) {
        Verdicts.passesWith(runWith("interruptALockInterruptiblyThatWaits", freeChoice), 1);
    }

    /** Missed before the take looked at the flag in its own step: only the interrupt before the take was run. */
    @ParameterizedTest(name = "free choice {0}")
    @ValueSource(strings = {"last", "lowest"})
    void aJobDroppedAfterATakeThatAnInterruptFollowsIsFound(String freeChoice) {
        WeftRunner.Outcome outcome = runWith("aJobTakenJustBeforeAnInterruptIsDropped", freeChoice);

        Verdicts.failsWith(outcome, "ASSERTION");
        assertThat(outcome.failure().orElseThrow().getMessage()).contains("neither done nor left in the queue");
    }

    /**
     * 1 trace: the sleep's look at the flag comes after the interrupt, as above; the work is done either way (and with
     * stalls explored, where the sleep may also end first, 2).
     */
    @Test
    void workDoneBeforeAnInterruptibleSleepIsNeverLost() {
        Verdicts.passesWith(WeftRunner.run(InterruptPrograms.class, "workDoneBeforeTheInterruptibleSleep", reports), 1);
        Verdicts.passesWith(WeftRunner.run(InterruptPrograms.class, "workDoneBeforeTheInterruptibleSleep",
                reports.resolve("stalls"), Map.of("weft.timeouts", "any")), 2);
    }

    @Test
    void aSwallowedInterruptThatLosesWorkIsFound() {
        WeftRunner.Outcome outcome = WeftRunner.run(InterruptPrograms.class, "swallowedInterruptLosesTheWork", reports);

        Verdicts.failsWith(outcome, "ASSERTION");
        assertThat(outcome.failure().orElseThrow().getMessage()).contains("the worker's work was lost");
    }

    /**
     * The interrupt comes before the first wait begins (which throws at once), or during it (which it ends); or the
     * first wait wakes spuriously as it begins, and the interrupt comes before or during the second: 4 traces. In each,
     * the worker that caught the interrupt read main's put, which came before the interrupt (before 2026-11-27 a
     * wait ended by an interrupt did not read the interrupt flag, so that put and the worker's read looked unordered:
     * a false DATA_RACE on the map).
     */
    @Test
    void anInterruptHappensBeforeTheWakeUpItCauses() {
        Verdicts.passesWith(WeftRunner.run(InterruptPrograms.class, "anInterruptPublishesWhatCameBeforeIt", reports),
                4);
    }

    /**
     * The report shows the interrupted acquisition as a look at the lock, not as taking it (before 2026-11-27 it was
     * recorded as a lock the worker never held).
     */
    @Test
    void anAcquisitionThatAnInterruptEndedIsShownAsALookAtTheLock() {
        WeftRunner.Outcome outcome = WeftRunner.run(InterruptPrograms.class, "assumesALockInterruptiblyGetsIn",
                reports);

        Verdicts.failsWith(outcome, "ASSERTION");
        assertThat(outcome.failure().orElseThrow().getMessage())
                .contains("observe ReentrantLock@1 (interrupted)")
                .doesNotContain("lock ReentrantLock@1 (interrupted)");
    }
}
