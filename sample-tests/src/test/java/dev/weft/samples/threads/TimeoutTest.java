package dev.weft.samples.threads;

import dev.weft.samples.support.Verdicts;
import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The timeout policy end to end: by default ({@code weft.timeouts=when-blocked}) a timed wait times out only when no
 * other thread can move; {@code weft.timeouts=any} lets it time out at any moment, and a failure that needs that is a
 * {@code TIMING} failure.
 */
class TimeoutTest {

    private static final Map<String, String> ANY = Map.of("weft.timeouts", "any");

    @TempDir
    Path reports;

    private WeftRunner.Outcome run(String program, Map<String, String> parameters) {
        return WeftRunner.run(TimeoutPrograms.class, program, reports, parameters);
    }

    /**
     * Two traces: main or the worker takes the lock first (when the worker is first, main never awaits; when main
     * is, it awaits and is signalled). The await never times out: the worker can always move until it has signalled.
     */
    @Test
    void aTimedAwaitForAWorkerThatWillFinishPassesByDefault() {
        Verdicts.passesWith(run("timedAwaitForAWorkerThatWillFinish", Map.of()), 2);
    }

    /** The assertion fails only after a timeout that fired while the worker could still move: a stall, named. */
    /**
     * A deadline is a timeout on the test's clock: the same 2 traces as the timed await above, and a deadline nobody
     * signals before ends the await when the clock reaches it. Before, {@code awaitUntil} timed out at once whatever
     * its deadline (the JSR-166 TCK's awaitUntil tests).
     */
    @Test
    void anAwaitUntilADeadlineWaitsForItOnTheTestsClock() {
        Verdicts.passesWith(run("awaitUntilForAWorkerThatWillFinish", Map.of()), 2);
        Verdicts.passesWith(run("awaitUntilNobodySignals", Map.of()), 1);
    }

    @Test
    void underAnyTheSameAwaitMayTimeOutFirst() {
        WeftRunner.Outcome outcome = run("timedAwaitForAWorkerThatWillFinish", ANY);

        Verdicts.failsWith(outcome, "TIMING");
        assertThat(outcome.failure().orElseThrow().getMessage()).contains("main's Condition.await(")
                .contains("to time out while main.1 could still move");
    }

    /** Two traces, as above (the monitor's two orders); the timed join always sees the worker end. */
    @Test
    void aTimedWaitAndATimedJoinPassByDefault() {
        Verdicts.passesWith(run("timedWaitAndTimedJoinForAWorkerThatWillFinish", Map.of()), 2);
    }

    @Test
    void underAnyTheTimedWaitMayGiveUpBeforeTheNotify() {
        Verdicts.failsWith(run("timedWaitAndTimedJoinForAWorkerThatWillFinish", ANY), "TIMING");
    }

    /** Both outcomes of a signal that may be lost are reached, and neither is a deadlock. */
    @Test
    void aLostSignalMakesTheAwaitReturnFalseAndASignalledOneReturnsTrue() {
        WeftRunner.Outcome lost = run("aLostSignalIsATimeoutNotADeadlock", Map.of());
        WeftRunner.Outcome signalled = run("aLostSignalIsNotTheOnlyOutcome", Map.of());

        Verdicts.failsWith(lost, "ASSERTION");
        assertThat(lost.failure().orElseThrow().getMessage()).contains("the signal was lost");
        Verdicts.failsWith(signalled, "ASSERTION");
        assertThat(signalled.failure().orElseThrow().getMessage()).contains("the await was signalled");
    }

    @Test
    void aMisspelledTimeoutPolicyFailsTheTestNamingIt() {
        WeftRunner.Outcome outcome = run("timedAwaitForAWorkerThatWillFinish", Map.of("weft.timeouts", "sometimes"));

        assertThat(outcome.failure().orElseThrow().getMessage())
                .contains("weft.timeouts").contains("when-blocked, any").contains("'sometimes'");
    }

    /**
     * parkUntil is a timed park on the execution's clock (before 2026-11-27 it parked the platform thread for real,
     * out of Weft's control, and the clock did not move). Unparked first: the unpark comes before the park, or the
     * park waits until it; either way the park's event comes after the unpark, 1 trace. Nobody unparks: the park times
     * out once main waits in its join, and the clock moves to the deadline, 1 trace.
     */
    @Test
    void parkUntilWaitsOnTheExecutionsClock() {
        Verdicts.passesWith(run("parkUntilADeadlineUnparkedFirst", Map.of()), 1);
        Verdicts.passesWith(run("parkUntilADeadlineNobodyUnparks", Map.of()), 1);
    }

    /**
     * TimeUnit.timedJoin and timedWait are the timed join and wait (before 2026-11-27 they ran in the JDK: a real join
     * of the worker's platform thread, and a real wait on a monitor that Weft holds only in its model). The join
     * times out once nothing else can move (the worker waits for main); the wait likewise: 1 trace.
     */
    @Test
    void timeUnitsTimedJoinAndTimedWaitAreTimedWaits() {
        Verdicts.passesWith(run("timeUnitTimedJoinAndTimedWait", Map.of()), 1);
    }
}
