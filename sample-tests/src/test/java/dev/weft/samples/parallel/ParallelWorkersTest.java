package dev.weft.samples.parallel;

import dev.weft.samples.oracles.OracleCounts;
import dev.weft.samples.support.Verdicts;
import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.engine.reporting.ReportEntry;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * {@code weft.workers=N}: several workers explore one test side by side, idle ones running branches of the search
 * ahead of the worker that would run them. A passing test runs exactly its number of traces whatever the number of workers; a
 * failing test, or one whose executions share static state, is explored again with one worker and reports what one
 * worker reports.
 */
class ParallelWorkersTest {

    private static final Class<?> ORACLES = WeftRunner.programs("dev.weft.samples.oracles.OraclePrograms");
    private static final Class<?> BUG_ZOO = WeftRunner.programs("dev.weft.samples.zoo.BugZooPrograms");
    private static final Pattern SHARES =
            Pattern.compile(", (\\d+) workers \\(([\\d · ]+) run, (\\d+) of them"
                    + " (?:ahead in vain|run ahead and not counted)\\)");

    @TempDir
    Path reports;

    static Stream<Arguments> oracles() {
        return Stream.of(2, 3).flatMap(workers -> Stream.of(
                arguments("lockinc5", OracleCounts.orders(5), workers),
                arguments("lastzero5", OracleCounts.lastzero(5), workers),
                arguments("popl14Program", 5L, workers),
                arguments("filesystem14", OracleCounts.filesystem(14), workers)));
    }

    @ParameterizedTest(name = "{0} with {2} workers: {1} executions")
    @MethodSource("oracles")
    void workersSideBySideRunEveryTraceOnceBetweenThem(String program, long traces, int workers) {
        WeftRunner.Outcome outcome = WeftRunner.run(ORACLES, program, reports,
                Map.of("weft.workers", Integer.toString(workers)));

        assertThat(outcome.failure()).isEmpty();
        assertThat(outcome.summaryJson()).contains("\"complete\": true");
        assertThat(outcome.number("executions")).isEqualTo(traces);
        String line = entry(outcome, "weft");
        Matcher shares = SHARES.matcher(line);
        assertThat(shares.find()).as(line).isTrue();
        assertThat(Integer.parseInt(shares.group(1))).isEqualTo(workers);
        assertThat(Arrays.stream(shares.group(2).split(" · ")).mapToLong(Long::parseLong).sum())
                .as("each worker's executions add up: " + line).isEqualTo(traces + Long.parseLong(shares.group(3)));
    }

    /**
     * A budget of executions that runs out: the workers run no more than it between them, the count is the
     * sequential search's executions so far (never more than were run), and the console says it was the budget of
     * executions, not the time, that ran out. (QA found 20,001 executions reported for a budget of 20,000, none of
     * them sleep-set blocked, those run ahead in vain among them.)
     */
    @Test
    void aBudgetOfExecutionsStopsTheWorkersAndTheCountIsTheSearchesOwn() {
        long budget = 300;
        WeftRunner.Outcome outcome = WeftRunner.run(ORACLES, "lastzero10", reports,
                Map.of("weft.workers", "2", "weft.maxExecutions", Long.toString(budget),
                        // the workers' own budget, without the search by bound that would take its second half
                        "weft.boundedCoverage", "false"));

        assertThat(outcome.failure()).isEmpty();
        assertThat(outcome.summaryJson()).contains("\"complete\": false");
        String line = entry(outcome, "weft");
        Matcher shares = SHARES.matcher(line);
        assertThat(shares.find()).as(line).isTrue();
        long run = Arrays.stream(shares.group(2).split(" · ")).mapToLong(Long::parseLong).sum();
        long notCounted = Long.parseLong(shares.group(3));
        assertThat(run).as(line).isLessThanOrEqualTo(budget);
        assertThat(outcome.number("executions") + outcome.number("sleepSetBlocked")).as(line)
                .isEqualTo(run - notCounted);
        assertThat(entry(outcome, "weft.notExhaustive")).contains("the budget of " + budget + " executions");
    }

    /**
     * The same budget with the search by bound taking its second half: the console still says it was the executions
     * that ran out, counting both halves' runs (those the workers ran ahead in vain among them), not the time. (It
     * said "the time budget of 120 s ran out" after 5 s: once the bounded half's count replaced the workers' shares,
     * the runs in vain were missing from the sum.)
     */
    @Test
    void aBudgetOfExecutionsSpentInBothHalvesIsNamedAsTheBudgetThatRanOut() {
        long budget = 300;
        WeftRunner.Outcome outcome = WeftRunner.run(ORACLES, "lastzero10", reports,
                Map.of("weft.workers", "2", "weft.maxExecutions", Long.toString(budget), "weft.maxSeconds", "600"));

        assertThat(outcome.failure()).isEmpty();
        assertThat(outcome.summaryJson()).contains("\"complete\": false");
        assertThat(entry(outcome, "weft.notExhaustive")).contains("the budget of " + budget + " executions")
                .doesNotContain("time budget");
    }

    /**
     * A shard explored by two workers runs the executions the same shard runs with one: the workers only run ahead
     * branches below the split that divides the shards; so the shards still add up to the whole.
     */
    @Test
    void workersInsideShardsRunTheShardsExecutions() {
        long sum = 0;
        for (int k = 1; k <= 3; k++) {
            String shard = k + "/3";
            WeftRunner.Outcome alone = WeftRunner.run(ORACLES, "lockinc5", reports.resolve("alone"),
                    Map.of("weft.shard", shard));
            WeftRunner.Outcome sideBySide = WeftRunner.run(ORACLES, "lockinc5", reports.resolve("two"),
                    Map.of("weft.shard", shard, "weft.workers", "2"));

            assertThat(sideBySide.failure()).isEmpty();
            assertThat(sideBySide.summaryJson()).contains("\"shard\": \"" + shard + "\"");
            assertThat(sideBySide.number("executions")).as("shard %s", shard).isEqualTo(alone.number("executions"));
            assertThat(entry(sideBySide, "weft")).contains("shard " + shard).contains("2 workers");
            sum += sideBySide.number("executions");
        }
        assertThat(sum).isEqualTo(OracleCounts.orders(5));
    }

    @Test
    void aNumberOfWorkersThatMakesNoSenseFailsTheTestNamingTheParameter() {
        for (String workers : new String[]{"0", "65", "two"}) {
            WeftRunner.Outcome outcome = WeftRunner.run(ORACLES, "lockinc5", reports.resolve(workers),
                    Map.of("weft.workers", workers));

            assertThat(outcome.failure()).as(workers).hasValueSatisfying(failure -> assertThat(failure.getMessage())
                    .contains("weft.workers").contains("lockinc5"));
        }
    }

    /**
     * Without {@code weft.workers}, the user guide's rule: one worker per core where executions run as continuations
     * (JDK 24 on), one per two cores on platform threads (also with {@code weft.continuations=false}), at least 1 and
     * at most 8. On the 2-core CI machine: 2 workers on Temurin 25, 1 on JDK 17 and without continuations.
     */
    @ParameterizedTest(name = "weft.continuations={0}")
    @ValueSource(strings = {"true", "false"})
    void theDefaultIsAsManyWorkersAsTheCoresKeepBusy(String continuations) {
        assumeTrue(System.getProperty("weft.workers") == null, "the build sets weft.workers for the whole suite");
        int cores = Runtime.getRuntime().availableProcessors();
        boolean onContinuations = Boolean.parseBoolean(continuations) && Runtime.version().feature() >= 24;
        int expected = Math.max(1, Math.min(onContinuations ? cores : cores / 2, 8));

        WeftRunner.Outcome outcome = WeftRunner.run(ORACLES, "lockinc5", reports,
                Map.of("weft.continuations", continuations));

        assertThat(outcome.number("executions")).isEqualTo(OracleCounts.orders(5));
        String line = entry(outcome, "weft");
        Matcher shares = SHARES.matcher(line);
        if (expected == 1) {
            assertThat(line).doesNotContain("workers");
        } else {
            assertThat(shares.find()).as(line).isTrue();
            assertThat(Integer.parseInt(shares.group(1))).as(line).isEqualTo(expected);
        }
    }

    /**
     * A bug: the workers stop at the first failure any of them finds. If the first worker found it in its own
     * execution it is the sequential search's and stands; else one worker explores again. Either way the report (its
     * failure, its replay token, the executions before it) is the one a single worker gives.
     */
    @Test
    void aFailureIsReportedAsOneWorkerReportsIt() {
        WeftRunner.Outcome alone = WeftRunner.run(BUG_ZOO, "lostUpdate", reports.resolve("alone"));
        WeftRunner.Outcome sideBySide = WeftRunner.run(BUG_ZOO, "lostUpdate", reports.resolve("two"),
                Map.of("weft.workers", "2"));

        assertThat(alone.failure()).isPresent();
        assertThat(sideBySide.failure()).isPresent();
        assertThat(sideBySide.replayToken()).isEqualTo(alone.replayToken());
        assertThat(sideBySide.number("executions")).isEqualTo(alone.number("executions"));
        assertThat(entries(sideBySide, "weft.workers")).allSatisfy(note -> assertThat(note)
                .contains("exploring with one worker, not 2").contains("a failure was found"));
    }

    static Stream<Arguments> staticState() {
        Class<?> statics = StaticStatePrograms.class;
        return Stream.of(
                arguments(statics, "logsIntoAListMadeBeforeTheTest", Pattern.quote("share state they did not create:"
                        + " an object of java.util.ArrayList")),
                // the JVM's MBean server: side by side, each execution's registration took another free name
                arguments(WeftRunner.programs("dev.weft.samples.statics.StaticStatePrograms"),
                        "registersAPoolWithJmxNeverUnregistered", Pattern.quote("share state they did not"
                        + " create: an object of ") + ".*MBeanServer.* that the execution did not create \\(changed at"
                        + " StaticStatePrograms.java:"),
                // the initialiser's steps are not visible operations: its change is told from inside it
                arguments(statics, "usesAClassWhoseInitialiserChangesStateMadeBeforeTheTest",
                        Pattern.quote("share state they did not create: an object of java.util.ArrayList that the"
                                + " execution did not create (changed at StaticStatePrograms.java:")),
                // told at the execution's end: a constructor's write to an object not yet met may be to its own
                arguments(statics, "aConstructorResetsAnObjectMadeBeforeTheTest", Pattern.quote("share state they did"
                        + " not create: an object of " + StaticStatePrograms.Tally.class.getName()
                        + " that the execution did not create (changed at StaticStatePrograms.java:")),
                // the JVM's system properties: an execution beside it would read the value this one set
                arguments(statics, "setsASystemPropertyEachExecution", Pattern.quote("share state they did not"
                        + " create: the system property weft.sample.mode (changed at StaticStatePrograms.java:")),
                // a VarHandle reaches the static field itself, past the execution's copy
                arguments(statics, "countsThroughAVarHandleAfterAPlainReset", Pattern.quote("share state they did"
                        + " not create: the static field " + StaticStatePrograms.class.getName() + ".viaHandle, which"
                        + " a VarHandle reaches (changed at StaticStatePrograms.java:")),
                arguments(PerClassStatePrograms.class, "countsRequestsInTheSharedInstance",
                        Pattern.quote("share state they did not create: an object of "
                                + PerClassStatePrograms.class.getName())));
    }

    /**
     * Executions that change objects made before the test (or a {@code PER_CLASS} test instance) would see each
     * other's changes side by side: the workers notice, and one worker explores the test again, to the same verdict
     * and count as when it is alone; the console says why.
     */
    @ParameterizedTest(name = "{1}")
    @MethodSource("staticState")
    void staticStateIsExploredByOneWorker(Class<?> programs, String program, String becausePattern) {
        WeftRunner.Outcome alone = WeftRunner.run(programs, program, reports.resolve("alone"));
        WeftRunner.Outcome sideBySide = WeftRunner.run(programs, program, reports.resolve("two"),
                Map.of("weft.workers", "2"));

        assertThat(sideBySide.failure().isPresent()).isEqualTo(alone.failure().isPresent());
        assertThat(sideBySide.number("executions")).isEqualTo(alone.number("executions"));
        List<String> notes = entries(sideBySide, "weft.workers");
        if (notes.isEmpty()) {
            // the first worker's own execution failed before another worker ran one: the sequential failure stands
            assertThat(alone.failure()).as("only a failure stands without a note").isPresent();
            assertThat(sideBySide.replayToken()).isEqualTo(alone.replayToken());
            return;
        }
        assertThat(notes).singleElement().asString().contains("exploring with one worker, not 2")
                .containsPattern(becausePattern);
    }

    /**
     * State a test leaves for its next execution in a static field is not seen by the next one, with several workers
     * as with one: beside other executions each one writes its own copy of the field, and the real field keeps the
     * state every execution starts from (QA: the workers ran a never-reset static count to its limit, one worker then
     * explored again from there and passed "complete").
     */
    @Test
    void stateLeftForTheNextExecutionIsNotSeenWithSeveralWorkersAsWithOne() {
        StaticStatePrograms.leftover = 0;
        passesWithBothWorkersAsWithOne("leavesACountForTheNextExecution");
        assertThat(StaticStatePrograms.leftover).as("as before the first execution").isZero();
    }

    /**
     * A lost update of a static field: found with two workers, each execution counting into its own copy of the
     * field, and reported as one worker reports it.
     */
    @Test
    void aRaceOnAStaticFieldIsReportedAsOneWorkerReportsIt() {
        WeftRunner.Outcome alone = WeftRunner.run(StaticStatePrograms.class, "losesARequestCountedInAStaticField",
                reports.resolve("alone"));
        WeftRunner.Outcome sideBySide = WeftRunner.run(StaticStatePrograms.class,
                "losesARequestCountedInAStaticField", reports.resolve("two"), Map.of("weft.workers", "2"));

        assertThat(alone.failure()).isPresent();
        assertThat(sideBySide.failure()).isPresent();
        assertThat(sideBySide.replayToken()).isEqualTo(alone.replayToken());
        assertThat(sideBySide.number("executions")).isEqualTo(alone.number("executions"));
        assertThat(entries(sideBySide, "weft.workers")).allSatisfy(note -> assertThat(note)
                .doesNotContain("share state"));
    }

    /**
     * Static state only read, a static object only synchronized on, an object the body makes (whose constructor
     * writes its fields before its allocation is reported), a list made before the test that is only iterated, the
     * fresh test instance (made by reflection, its field initialiser run), a map made before the test looked up by a
     * class, a read-write lock the body makes (whose model is kept by the lock's internal sync) and collections made by
     * the JDK's factories ({@code Collections.synchronizedList}, {@code ConcurrentHashMap.newKeySet}) share nothing:
     * the workers keep going, both of them to the end; each of the last six was taken for state the executions
     * change, and the test explored by one worker. (How many
     * executions each one ran depends on the machine's timing: on a loaded machine the first may run them all before
     * the second gets one, so that is not asserted.)
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"onlyReadsStaticState", "synchronizesOnAStaticLockObject",
            "countsIntoAnObjectTheBodyMakes", "onlyIteratesAListMadeBeforeTheTest", "recordsIntoTheTestInstance",
            "looksUpByAClassInAMapMadeBeforeTheTest", "countsUnderAReadWriteLockTheBodyMakes",
            "recordsIntoCollectionsTheJdksFactoriesMake"})
    void staticStateThatIsOnlyReadOrLockedIsShared(String program) {
        exploredByBothWorkers(program);
    }

    /**
     * A static field each execution writes (reset, then counted into under a lock), and the map a static initialiser
     * makes, which runs again in each execution: beside other executions each one has its own copy of the class's
     * static fields, so the workers keep going, both of them to the end, and every order is run once. Reflection
     * reads and writes the same copies (before, it reached the real fields, and the last two programs failed with
     * two workers).
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"countsRequestsInAStaticField", "countsIntoARegistryItsInitialiserMakes",
            "countsRequestsThroughReflection", "refusesThroughReflectionWhatTheJvmRefuses"})
    void staticFieldsWrittenAreEachExecutionsOwn(String program) {
        exploredByBothWorkers(program);
    }

    /**
     * The JSR-166 TCK's tear-down looks at the live threads: each execution sees its own, so both workers keep going
     * (before, the JVM's threads, which side by side include the other execution's: NONDETERMINISM with two workers,
     * then one worker for such a test).
     */
    @Test
    void theLiveThreadsAnExecutionSeesAreItsOwn() {
        exploredByBothWorkers("looksAtTheJvmsThreadsAfterwards");
    }

    /**
     * A task the JDK makes around a {@code Callable} submitted to a fork/join pool the body makes is the execution's
     * own: the workers keep going, to the count one worker runs (it was taken for state made before the test).
     */
    @Test
    void aForkJoinTaskTheJdkMakesIsTheExecutionsOwn() {
        passesWithBothWorkersAsWithOne("countsAfterATaskTheJdkAdapts");
    }

    /** The program passes with one worker, and with two, which keep going, to the same count. */
    private void passesWithBothWorkersAsWithOne(String program) {
        WeftRunner.Outcome alone = WeftRunner.run(StaticStatePrograms.class, program, reports.resolve("alone"),
                Map.of("weft.workers", "1"));
        WeftRunner.Outcome sideBySide = WeftRunner.run(StaticStatePrograms.class, program, reports.resolve("two"),
                Map.of("weft.workers", "2"));

        assertThat(alone.failure()).isEmpty();
        Verdicts.passesWith(sideBySide, alone.number("executions"));
        assertThat(entries(sideBySide, "weft.workers")).isEmpty();
        assertThat(entry(sideBySide, "weft")).containsPattern(SHARES);
    }

    private void exploredByBothWorkers(String program) {
        WeftRunner.Outcome sideBySide = WeftRunner.run(StaticStatePrograms.class, program, reports,
                Map.of("weft.workers", "2"));

        assertThat(sideBySide.failure()).isEmpty();
        assertThat(sideBySide.number("executions")).isEqualTo(OracleCounts.orders(StaticStatePrograms.PARTIES));
        assertThat(entries(sideBySide, "weft.workers")).isEmpty();
        String line = entry(sideBySide, "weft");
        Matcher shares = SHARES.matcher(line);
        assertThat(shares.find()).as(line).isTrue();
        assertThat(shares.group(1)).as(line).isEqualTo("2");
    }

    private static String entry(WeftRunner.Outcome outcome, String key) {
        List<String> values = entries(outcome, key);
        assertThat(values).as("report entries '%s'", key).hasSize(1);
        return values.get(0);
    }

    private static List<String> entries(WeftRunner.Outcome outcome, String key) {
        return outcome.results().allEvents().reportingEntryPublished().stream()
                .flatMap(event -> event.getPayload(ReportEntry.class).stream())
                .map(entry -> entry.getKeyValuePairs().get(key))
                .filter(value -> value != null)
                .toList();
    }

    /**
     * Two workers find the failure in their first execution; the search for fewer timeouts then runs the test again,
     * and its task looks at the pool thread it runs on. The failure is reported as found: before, the exception that
     * tells the exploration to start again with every choice of worker escaped, and the test's error was Weft's own
     * (Jetty's QueuedThreadPoolTest#testEvictCount on JDK 25).
     */
    @Test
    void aTaskThatLooksAtItsWorkerWhileFewerTimeoutsAreSoughtLeavesTheFailureAsFound() {
        WeftRunner.Outcome outcome = WeftRunner.run(WorkerIdentityPrograms.class,
                "aTaskNamesItsWorkerBeforeATimeoutFails", reports, Map.of("weft.workers", "2"));

        Verdicts.failsWith(outcome, "ASSERTION");
        assertThat(outcome.failure().orElseThrow().getMessage()).contains("nobody counted down");
    }
}
