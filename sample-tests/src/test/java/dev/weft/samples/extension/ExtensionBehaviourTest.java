package dev.weft.samples.extension;

import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The contract of API.md, checked through the JUnit Platform the way an IDE or Surefire runs tests. */
class ExtensionBehaviourTest {

    /** inc(2) of ORACLES.md: two unprotected increments have (2!)² traces. */
    private static final long TRACES_OF_TWO_INCREMENTS = 4;

    @TempDir
    Path reports;

    @Test
    void everyExecutionGetsAFreshInstanceAndItsOwnBeforeAndAfterEach() {
        int constructedBefore = ExtensionPrograms.CONSTRUCTED.get();
        int beforeEachBefore = ExtensionPrograms.BEFORE_EACH.get();
        int afterEachBefore = ExtensionPrograms.AFTER_EACH.get();

        // one worker: a second one's executions of branches run ahead in vain would make instances too
        WeftRunner.Outcome outcome = WeftRunner.run(ExtensionPrograms.class, "countsEveryExecution", reports,
                Map.of("weft.workers", "1"));

        assertThat(outcome.failure()).isEmpty();
        long executions = outcome.number("executions") + outcome.number("sleepSetBlocked");
        assertThat(outcome.number("executions")).isEqualTo(TRACES_OF_TWO_INCREMENTS);
        assertThat(ExtensionPrograms.BEFORE_EACH.get() - beforeEachBefore).isEqualTo(executions);
        assertThat(ExtensionPrograms.AFTER_EACH.get() - afterEachBefore).isEqualTo(executions);
        assertThat(ExtensionPrograms.CONSTRUCTED.get() - constructedBefore)
                .as("one instance per execution, plus the one JUnit makes").isEqualTo(executions + 1);
    }

    @Test
    void aTestAnnotationBesideItStillRunsTheTestOnce() {
        WeftRunner.Outcome outcome = WeftRunner.run(ExtensionPrograms.class, "withTestBesideIt", reports);

        assertThat(outcome.results().testEvents().started().count()).isEqualTo(1);
        assertThat(outcome.succeeded()).isEqualTo(1);
        assertThat(outcome.number("executions")).isEqualTo(TRACES_OF_TWO_INCREMENTS);
    }

    @Test
    void naiveRunsEveryInterleavingAndSaysSo() {
        WeftRunner.Outcome outcome = WeftRunner.run(ExtensionPrograms.class, "everyInterleaving", reports);

        assertThat(outcome.summaryJson()).contains("\"algorithm\": \"NAIVE\"").contains("\"complete\": true");
        assertThat(outcome.number("executions")).isGreaterThan(TRACES_OF_TWO_INCREMENTS);
    }

    @Test
    void aConfigurationParameterSetsTheAlgorithmForTheWholeBuild() {
        WeftRunner.Outcome outcome = WeftRunner.run(ExtensionPrograms.class, "countsEveryExecution", reports,
                Map.of("weft.algorithm", "naive"));

        assertThat(outcome.summaryJson()).contains("\"algorithm\": \"NAIVE\"");
    }

    /**
     * A test whose only execution ran on its own thread alone passes, with a warning that nothing was interleaved (QA:
     * a test that starts no thread passed without a hint); a test that starts one gets no such warning.
     */
    @Test
    void aTestThatStartsNoThreadPassesWithAWarning() {
        WeftRunner.Outcome alone = WeftRunner.run(ExtensionPrograms.class, "neverStartsItsThread", reports);
        WeftRunner.Outcome started = WeftRunner.run(ExtensionPrograms.class, "oneWorker", reports);

        assertThat(alone.failure()).isEmpty();
        assertThat(alone.warnings()).singleElement().asString().contains("the test started no thread");
        assertThat(started.failure()).isEmpty();
        assertThat(started.warnings()).noneMatch(warning -> warning.contains("started no thread"));
    }

    /**
     * In a {@code @Nested} class each execution gets a fresh enclosing instance too, with the enclosing class's
     * {@code @BeforeEach} and {@code @AfterEach} around the inner class's (QA: the outer {@code @BeforeEach} never ran,
     * its pool was null, and the outer counter carried over from one execution to the next: "expected 2 but was 4").
     */
    @Test
    void aNestedTestGetsAFreshEnclosingInstanceWithItsLifecycleMethodsInEveryExecution() {
        WeftRunner.Outcome pool = WeftRunner.run(NestedPrograms.WithThePool.class, "runsTwoTasksOnTheOuterPool",
                reports);
        WeftRunner.Outcome counter = WeftRunner.run(NestedPrograms.WithThePool.class, "countsOnTheOuterInstance",
                reports);

        assertThat(pool.failure()).isEmpty();
        assertThat(pool.number("executions")).isEqualTo(1);
        assertThat(counter.failure()).isEmpty();
        assertThat(counter.number("executions")).isEqualTo(2);
    }

    /**
     * {@code @RepeatedTest} (or {@code @ParameterizedTest}) beside {@code @ExhaustiveConcurrency}: the method itself is
     * explored and fails on its lost update, and each repetition fails with Weft's configuration error instead of
     * running once, unexplored, and passing (QA).
     */
    @Test
    void aRepetitionOfAnExhaustiveTestFailsNamingTheCombination() {
        EngineExecutionResults results = EngineTestKit.engine("junit-jupiter")
                .configurationParameter("weft.reportDir", reports.toString())
                .selectors(DiscoverySelectors.selectMethod(NestedPrograms.class, "repeatedAndExhaustive"))
                .execute();

        List<Throwable> failures = results.testEvents().failed().stream()
                .map(event -> event.getPayload(TestExecutionResult.class).orElseThrow().getThrowable().orElseThrow())
                .toList();
        assertThat(results.testEvents().succeeded().count()).isZero();
        assertThat(failures).filteredOn(t -> t.getMessage().startsWith("ASSERTION: ")).hasSize(1);
        assertThat(failures).filteredOn(t -> t.getMessage().contains("cannot be combined with @ParameterizedTest,"
                + " @RepeatedTest")).hasSize(2);
    }

    /**
     * Every execution's {@code @AfterEach} runs to its end, also in an execution a sleep set cut off: such an execution
     * is run on to its end, outside every trace (QA: 5 executions began, 2 finished their cleanup; the other 3 were
     * unwound at the pool's {@code shutdown()} in {@code @AfterEach}). One worker: the counters are static.
     */
    @Test
    void everyExecutionRunsItsAfterEachToTheEnd() {
        CleanupPrograms.SET_UP.set(0);
        CleanupPrograms.CLEANED_UP.set(0);
        WeftRunner.Outcome outcome = WeftRunner.run(CleanupPrograms.class, "twoTasksTakeTurns", reports,
                Map.of("weft.workers", "1"));

        assertThat(outcome.failure()).isEmpty();
        long executions = outcome.number("executions");
        long cutOff = outcome.number("sleepSetBlocked");
        assertThat(CleanupPrograms.SET_UP.get()).isEqualTo(executions + cutOff);
        assertThat(CleanupPrograms.CLEANED_UP.get()).as("%d executions, %d cut off", executions, cutOff)
                .isEqualTo(CleanupPrograms.SET_UP.get());
    }

    @Test
    void aBudgetThatRunsOutPassesButSaysLoudlyItWasNotExhaustive() {
        String console = captureConsole(() -> {
            WeftRunner.Outcome outcome = WeftRunner.run(ExtensionPrograms.class, "smallBudget", reports);
            assertThat(outcome.failure()).isEmpty();
            assertThat(outcome.summaryJson()).contains("\"complete\": false").contains("\"verdict\": \"PASS\"");
            assertThat(outcome.number("executions") + outcome.number("sleepSetBlocked")).isEqualTo(3);
            assertThat(outcome.results().allEvents().reportingEntryPublished().stream()
                    .flatMap(e -> e.getPayload(org.junit.platform.engine.reporting.ReportEntry.class).stream())
                    .flatMap(entry -> entry.getKeyValuePairs().keySet().stream()))
                    .contains("weft.notExhaustive");
        });
        assertThat(console).contains("NOT EXHAUSTIVE").contains("ExtensionPrograms#smallBudget");
    }

    @Test
    void aPassingTestPrintsOneLineWithItsExecutions() {
        String console = captureConsole(() -> WeftRunner.run(ExtensionPrograms.class, "countsEveryExecution",
                reports));
        assertThat(console).containsPattern("weft: ExtensionPrograms#countsEveryExecution PASS — 4 executions \\(\\d+"
                + " sleep-set blocked\\), complete, \\d+ ms");
    }

    @Test
    void aMisusedAttributeFailsTheTestNamingTheAttributeAndTheMethod() {
        WeftRunner.Outcome outcome = WeftRunner.run(ExtensionPrograms.class, "zeroBudget", reports);

        assertThat(outcome.failure()).hasValueSatisfying(failure -> assertThat(failure.getMessage())
                .isEqualTo("maxExecutions must be >= 1 but was 0"
                        + " (dev.weft.samples.extension.ExtensionPrograms#zeroBudget)"));
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', value = {
            "weft.algorithm | fastest | weft.algorithm must be one of OPTIMAL, DPOR, NAIVE but was 'fastest'",
            "weft.freeChoice | first | weft.freeChoice must be one of last, lowest but was 'first'"})
    void aMisspelledConfigurationParameterFailsTheTestNamingIt(String parameter, String value, String message) {
        WeftRunner.Outcome outcome = WeftRunner.run(ExtensionPrograms.class, "countsEveryExecution", reports,
                Map.of(parameter, value));

        assertThat(outcome.failure()).hasValueSatisfying(failure -> assertThat(failure.getMessage())
                .contains(message));
    }

    /** A token names every step's thread, so the free choice it was found with does not matter to its replay. */
    @Test
    void aReplayTokenFoundWithOneFreeChoiceReplaysWithTheOther() {
        WeftRunner.Outcome found = WeftRunner.run(ExtensionPrograms.class, "lostUpdate", reports.resolve("found"),
                Map.of("weft.freeChoice", "lowest", "weft.minimizePreemptions", "false"));
        String token = found.replayToken();

        WeftRunner.Outcome replayed = WeftRunner.run(ExtensionPrograms.class, "lostUpdate",
                reports.resolve("replayed"), Map.of("weft.replay", token, "weft.freeChoice", "last"));

        assertThat(replayed.number("executions")).isEqualTo(1);
        assertThat(replayed.summaryJson()).contains("\"kind\": \"ASSERTION\"");
        assertThat(replayed.replayToken()).isEqualTo(token);
    }

    @Test
    void aFailedAssumptionSkipsTheTest() {
        WeftRunner.Outcome outcome = WeftRunner.run(ExtensionPrograms.class, "assumptionFails", reports);

        assertThat(outcome.aborted()).isPresent();
        assertThat(outcome.failure()).isEmpty();
    }

    @Test
    void aReplayTokenRunsExactlyTheFailingInterleavingAgain() {
        WeftRunner.Outcome found = WeftRunner.run(ExtensionPrograms.class, "lostUpdate", reports.resolve("found"));
        String token = found.replayToken();

        WeftRunner.Outcome replayed = WeftRunner.run(ExtensionPrograms.class, "lostUpdate",
                reports.resolve("replayed"), Map.of("weft.replay", token));

        assertThat(replayed.number("executions")).isEqualTo(1);
        assertThat(replayed.summaryJson()).contains("\"kind\": \"ASSERTION\"").contains("\"complete\": false");
        assertThat(replayed.replayToken()).isEqualTo(token);
    }

    /**
     * Values and stacks are recorded only by one more run of the failing schedule at the end: the table shows what
     * each access read or wrote (both increments read 0 and write 1; main reads 1), the page each step's stack.
     */
    @Test
    void theReportShowsTheValuesReadAndWrittenAndTheStackOfEachStep() throws Exception {
        WeftRunner.Outcome outcome = WeftRunner.run(ExtensionPrograms.class, "lostUpdate", reports);

        String message = outcome.failure().orElseThrow().getMessage();
        assertThat(message).containsPattern("read Counter@\\d+\\.value = 0")
                .containsPattern("write Counter@\\d+\\.value = 1")
                // a row of the table, whether it has a column per thread or names the thread in a column of its own
                .containsPattern("\\d+ \\|(?: main\\S*\\s+\\|)? read Counter@\\d+\\.value = 1");
        assertThat(java.nio.file.Files.readString(outcome.testDir().resolve("report.html")))
                .containsPattern("<title>#\\d+ main\\.1: write Counter@\\d+\\.value = 1\\n[^<]*"
                        + "\\n    at dev\\.weft\\.samples\\.extension\\.ExtensionPrograms\\.lambda\\$[^<]*</title>");
    }

    @Test
    void aReplayTokenThatNoLongerFitsTheCodeSaysSo() {
        WeftRunner.Outcome found = WeftRunner.run(ExtensionPrograms.class, "lostUpdate", reports.resolve("found"));
        String token = found.replayToken();

        WeftRunner.Outcome replayed = WeftRunner.run(ExtensionPrograms.class, "oneWorker",
                reports.resolve("replayed"), Map.of("weft.replay", token));

        assertThat(replayed.failure()).hasValueSatisfying(failure -> assertThat(failure.getMessage())
                .startsWith("NONDETERMINISM: the replayed schedule no longer fits the code"));
    }

    @Test
    void aDamagedReplayTokenIsRejectedBeforeAnythingRuns() {
        WeftRunner.Outcome outcome = WeftRunner.run(ExtensionPrograms.class, "lostUpdate", reports,
                Map.of("weft.replay", "weft1.garbage"));

        assertThat(outcome.failure()).hasValueSatisfying(failure -> assertThat(failure.getMessage())
                .contains("not a Weft replay token"));
    }

    /**
     * With two workers the second execution, which diverges, may be the first worker's (its failure stands) or a
     * branch another worker ran ahead (one worker then explores again, finds no failure, as the test now behaves the
     * same every time, and the workers' failure is reported): a failure either way, never a pass.
     */
    @ParameterizedTest(name = "weft.workers={0}")
    @ValueSource(strings = {"1", "2"})
    void aTestThatDoesNotDoTheSameThingTwiceFailsWithNondeterminismNamingTheLine(String workers) {
        ExtensionPrograms.DIVERGING_RUNS.set(0);
        WeftRunner.Outcome outcome = WeftRunner.run(ExtensionPrograms.class, "behavesDifferentlyOnceRun", reports,
                Map.of("weft.workers", workers));

        assertThat(outcome.failure()).hasValueSatisfying(failure -> assertThat(failure.getMessage())
                .startsWith("NONDETERMINISM: replaying the schedule diverged")
                .contains("ExtensionPrograms.java:")
                .contains("(threads now: main PAUSED at "));
    }

    @Test
    void aThreadBlockedInUncontrolledCodeFailsWithItsStackInsteadOfHanging() {
        WeftRunner.Outcome outcome = WeftRunner.run(ExtensionPrograms.class, "blocksInUncontrolledCode", reports,
                Map.of("weft.watchdogSeconds", "1"));

        assertThat(outcome.failure()).hasValueSatisfying(failure -> assertThat(failure.getMessage())
                .startsWith("UNCONTROLLED_BLOCKING: ")
                .contains("sun.nio.ch.SourceChannelImpl.read"));
    }

    /**
     * A thread stuck in the JDK's own monitor wait is stopped by the close's interrupt, on a fiber too (JDK 24+), where
     * the JVM looks at the carrier's interrupt: no thread is left running (QA, JDK 25: a pipe read was "could not be
     * stopped within 10000 ms", left running, and every exploration after it was given up too).
     */
    @Test
    void aThreadWaitingInUncontrolledCodeIsStoppedByTheClose() {
        WeftRunner.Outcome[] outcome = new WeftRunner.Outcome[1];
        PrintStream originalErr = System.err;
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        System.setErr(new PrintStream(errors, true, StandardCharsets.UTF_8));
        String console;
        try {
            console = captureConsole(() -> outcome[0] = WeftRunner.run(ExtensionPrograms.class,
                    "waitsInUncontrolledCode", reports, Map.of("weft.watchdogSeconds", "1")));
        } finally {
            System.setErr(originalErr);
        }

        assertThat(outcome[0].failure()).as(console).hasValueSatisfying(failure -> assertThat(failure.getMessage())
                .startsWith("UNCONTROLLED_BLOCKING: ").contains("PipedInputStream.read"));
        assertThat(console).doesNotContain("could not be stopped").doesNotContain("was given up");
        // the reader's own exception, its answer to the close's interrupt, is not printed as if the test threw it
        assertThat(errors.toString(StandardCharsets.UTF_8)).doesNotContain("UncheckedIOException");
    }

    /**
     * A thread that spins out of reach cannot be unwound. On JDK 24 and later it holds the exploring thread (or a
     * worker's), which is given up and the test explored again on JUnit's thread; either way the test fails instead of hanging, as
     * UNCONTROLLED_BLOCKING with the spinning thread's stack, the console says the thread is left running, and no
     * execution starts once the failing one could not be closed, nor once the given-up thread has come back.
     */
    @Test
    void aThreadSpinningOutOfReachFailsTheTestAndNothingExploresOnAfterIt() throws InterruptedException {
        ExtensionPrograms.SPINNER_EXECUTIONS.set(0);
        WeftRunner.Outcome[] outcome = new WeftRunner.Outcome[1];
        String console = captureConsole(() -> outcome[0] = WeftRunner.run(ExtensionPrograms.class,
                "spinsOutOfReachForAWhile", reports, Map.of("weft.watchdogSeconds", "1")));

        assertThat(outcome[0].failure()).as(console).isPresent();
        assertThat(outcome[0].summaryJson()).as("the report names the stuck thread's kind of failure and where it is")
                .contains("\"verdict\": \"FAIL\"", "\"kind\": \"UNCONTROLLED_BLOCKING\"", "spinOutOfReach");
        assertThat(console).contains("could not be stopped", "left running", "No further execution was run");
        int started = ExtensionPrograms.SPINNER_EXECUTIONS.get();
        Thread.sleep(2 * ExtensionPrograms.SPIN_MILLIS); // every spinner is done, a thread given up is back
        assertThat(ExtensionPrograms.SPINNER_EXECUTIONS.get()).as("executions started after the run; " + console)
                .isEqualTo(started);
        if (Runtime.version().feature() >= 24) {
            // Given up once (an exploring thread, or a worker's with several workers), not once per exploration: the
            // one after it runs on JUnit's thread at once (QA saw three explorations, 60 s, with two workers).
            assertThat(console).containsPattern("(the exploring thread|a worker's thread) was given up");
            assertThat(console.split("was given up", -1)).as(console).hasSize(2);
        }
    }

    /**
     * A thread that an execution of the search for fewer preemptions cannot stop ends that search: no replay for
     * detail runs after it, the failure is reported with the schedule found so far, and the console says why.
     */
    @Test
    void aThreadLeftRunningByTheSearchForFewerPreemptionsEndsItAndTheFirstFailureIsReported()
            throws InterruptedException {
        WeftRunner.Outcome[] outcome = new WeftRunner.Outcome[1];
        String console = captureConsole(() -> outcome[0] = WeftRunner.run(ExtensionPrograms.class,
                "failsWithAPreemptionAndSpinsOutOfReachWithout", reports, Map.of("weft.watchdogSeconds", "1")));
        Thread.sleep(ExtensionPrograms.SPIN_MILLIS); // the reader is done

        assertThat(outcome[0].summaryJson()).as(console).contains("\"kind\": \"ASSERTION\"",
                "the reader ran between the writer's two writes", "\"preemptions\": 1");
        assertThat(console).contains("could not be stopped", "left running", "No further execution was run");
    }

    /**
     * An exploration that ends with an exception that is no verdict (here: a daemon the close cannot stop after an
     * execution that passed) still writes {@code summary.json}, as {@code INTERNAL_ERROR}, and fails the test with
     * that exception.
     */
    @Test
    void anExceptionThatIsNoVerdictStillWritesTheSummary() throws InterruptedException {
        WeftRunner.Outcome[] outcome = new WeftRunner.Outcome[1];
        String console = captureConsole(() -> outcome[0] = WeftRunner.run(ExtensionPrograms.class,
                "daemonSwallowsTheUnwindingAndSpinsOutOfReach", reports, Map.of("weft.watchdogSeconds", "1")));
        Thread.sleep(ExtensionPrograms.SPIN_MILLIS); // the daemon is done

        assertThat(outcome[0].failure()).as(console).get().isInstanceOf(IllegalStateException.class)
                .extracting(Throwable::getMessage).asString().contains("could not be stopped");
        assertThat(outcome[0].summaryJson()).contains("\"verdict\": \"FAIL\"", "\"kind\": \"INTERNAL_ERROR\"",
                "could not be stopped", "\"executions\": ");
        assertThat(console).contains("daemonSwallowsTheUnwindingAndSpinsOutOfReach ERROR");
    }

    @Test
    void summaryJsonIsWrittenForAPassingTestToo() {
        WeftRunner.Outcome outcome = WeftRunner.run(ExtensionPrograms.class, "countsEveryExecution", reports);

        assertThat(outcome.summaryJson())
                .contains("\"test\": \"dev.weft.samples.extension.ExtensionPrograms#countsEveryExecution\"")
                .contains("\"verdict\": \"PASS\"")
                .contains("\"failure\": null");
    }

    @Test
    void noThreadIsLeftBehindAfterManyExecutions() {
        int before = Thread.activeCount();
        for (int i = 0; i < 25; i++) {
            WeftRunner.run(ExtensionPrograms.class, "everyInterleaving", reports.resolve("run" + i));
        }
        assertThat(Thread.activeCount()).as("live threads after 25 explorations").isLessThanOrEqualTo(before + 2);
    }


    private static String captureConsole(Runnable action) {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            action.run();
        } finally {
            System.setOut(original);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
