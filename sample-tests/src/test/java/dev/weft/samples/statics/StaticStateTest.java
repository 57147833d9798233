package dev.weft.samples.statics;

import dev.weft.samples.support.Verdicts;
import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import javax.management.ObjectName;

import static org.assertj.core.api.Assertions.assertThat;

/** Every execution of {@link StaticStatePrograms} starts from the static state the first one started from. */
class StaticStateTest {

    @TempDir
    Path reports;

    /**
     * The first execution made the instance; the second starts from {@code null} again, so the explorer can reverse
     * the race of one thread's read with the other's write: the failure shows both threads reading {@code null}
     * (QA: {@code NONDETERMINISM} after 2 executions, with no interleaving shown).
     */
    @Test
    void theLazySingletonRaceIsFoundAsARace() {
        WeftRunner.Outcome outcome = WeftRunner.run(StaticStatePrograms.class, "lazySingletonRace", reports);

        assertThat(outcome.failure()).hasValueSatisfying(failure -> assertThat(failure.getMessage())
                .startsWith("ASSERTION").contains("both threads got the one registry")
                .containsPattern("\\| main\\.1 \\| read \\S+Registry\\.instance = null")
                .containsPattern("\\| main\\.2 \\| read \\S+Registry\\.instance = null"));
    }

    /**
     * Each of these writes static state that it never resets, in two threads whose two orders are the two traces
     * (the first to take the lock or the atomic): 2 executions, passing.
     */
    @ParameterizedTest
    @ValueSource(strings = {"lazySingletonUnderALock", "countsInAStaticFieldNeverReset", "fillsAStaticMapNeverCleared",
            "countsInAStaticAtomicAndArrayNeverReset", "setsASystemPropertyNeverCleared",
            "setsTheDefaultUncaughtExceptionHandlerNeverPutBack"})
    void staticStateWrittenByEveryExecutionIsPutBack(String program) {
        WeftRunner.Outcome outcome = WeftRunner.run(StaticStatePrograms.class, program, reports);

        Verdicts.passesWith(outcome, 2);
        assertThat(System.getProperty(StaticStatePrograms.PROPERTY)).as("put back after the last execution").isNull();
        assertThat(Thread.getDefaultUncaughtExceptionHandler() instanceof StaticStatePrograms.OwnHandler)
                .as("the default uncaught exception handler put back after the last execution").isFalse();
    }

    /**
     * Each execution's registration with JMX is undone at its end: every execution registers its pool under the same
     * name, and its objects get the same numbers. Before, the second execution's pool took "pool1", one name more, and
     * the replay diverged (NONDETERMINISM). The last execution's registration is undone too.
     */
    @Test
    void aRegistrationWithJmxIsUndoneAfterEachExecution() throws Exception {
        WeftRunner.Outcome outcome = WeftRunner.run(StaticStatePrograms.class,
                "registersAPoolWithJmxNeverUnregistered", reports);

        Verdicts.passesWith(outcome, 2);
        assertThat(ManagementFactory.getPlatformMBeanServer()
                .queryNames(new ObjectName(StaticStatePrograms.POOLS + ",*"), null)).isEmpty();
    }

    /** The permits are given back after each execution: the traces are those of a semaphore of the test's own. */
    @Test
    void aStaticSemaphoresPermitsArePutBack() {
        WeftRunner.Outcome own = WeftRunner.run(StaticStatePrograms.class, "takesPermitsOfItsOwnSemaphore",
                reports.resolve("own"));
        WeftRunner.Outcome shared = WeftRunner.run(StaticStatePrograms.class, "takesPermitsOfAStaticSemaphoreForGood",
                reports.resolve("static"));

        assertThat(own.failure()).isEmpty();
        Verdicts.passesWith(shared, own.number("executions"));
        assertThat(StaticStatePrograms.PERMITS.availablePermits()).isEqualTo(2);
    }

    /** What Weft cannot put back, a latch's count, is named when a later execution diverges because of it. */
    @Test
    void aDivergenceNamesTheStateThatCouldNotBePutBack() {
        WeftRunner.Outcome outcome = WeftRunner.run(StaticStatePrograms.class, "countsDownAStaticLatchForGood",
                reports);

        Verdicts.failsWith(outcome, "NONDETERMINISM");
        assertThat(outcome.failure().orElseThrow().getMessage())
                .contains("earlier executions changed state that Weft does not put back before the next execution:"
                        + " a CountDownLatch made before the execution (changed at StaticStatePrograms.java:");
    }

    /** The initialiser's worker ends before the join returns, as on every JVM: 1 trace. */
    @Test
    void aThreadAStaticInitialiserStartedIsJoinedInEveryExecution() {
        Verdicts.passesWith(WeftRunner.run(ClassInitialisationPrograms.class,
                "joinsTheThreadAStaticInitialiserStarted", reports), 1);
    }

    /** The initialiser runs in every execution: the traces are those of the same thread started by the test. */
    @Test
    void aThreadAStaticInitialiserStartedRacesInEveryExecution() {
        WeftRunner.Outcome started = WeftRunner.run(ClassInitialisationPrograms.class, "notifiesAThreadItStarted",
                reports.resolve("started"));
        WeftRunner.Outcome initialised = WeftRunner.run(ClassInitialisationPrograms.class,
                "notifiesAThreadAStaticInitialiserStarted", reports.resolve("initialised"));

        assertThat(started.failure()).isEmpty();
        assertThat(started.number("executions")).isGreaterThan(1);
        Verdicts.passesWith(initialised, started.number("executions"));
    }

    /** The cache the initialiser made starts empty in every execution: the two orders of the two uses. */
    @Test
    void aCacheAStaticInitialiserMadeIsMadeAgainInEveryExecution() {
        Verdicts.passesWith(WeftRunner.run(ClassInitialisationPrograms.class, "fillsACacheAStaticInitialiserMade",
                reports), 2);
    }

    /** A field marked {@code @KeepAcrossExecutions} keeps what every execution did; the others are put back. */
    @Test
    void aFieldKeptAcrossExecutionsCountsThemAll() {
        StaticStatePrograms.executions = 0;
        StaticStatePrograms.hits = 0;
        WeftRunner.Outcome outcome = WeftRunner.run(StaticStatePrograms.class, "countsItsExecutionsInAKeptField",
                reports);

        assertThat(outcome.failure()).isEmpty();
        assertThat(outcome.number("executions")).isGreaterThan(1);
        assertThat(StaticStatePrograms.executions).isEqualTo(outcome.number("executions"));
        assertThat(StaticStatePrograms.hits).isZero();
    }
}
