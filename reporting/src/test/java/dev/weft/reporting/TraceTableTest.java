package dev.weft.reporting;

import static dev.weft.reporting.Execution.at;
import static dev.weft.reporting.Execution.thread;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.scheduler.model.FailureKind;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.ThreadId;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

class TraceTableTest {

    private static List<String> lines(String text) {
        return Arrays.asList(text.split("\n"));
    }

    private static String headerOf(String table) {
        return lines(table).stream().filter(l -> l.startsWith("step |")).findFirst().orElseThrow();
    }

    @Test
    void hasOneColumnPerThreadThatLeadsToTheFailure() {
        String table = TraceTable.render(Failures.lostUpdateFailure());

        assertThat(headerOf(table).split("\\s*\\|\\s*")).containsExactly("step", "main", "main.1", "main.2", "at");
    }

    @Test
    void dropsTheStepsOfAThreadTheFailingThreadNeverSynchronizedWith() {
        String table = TraceTable.render(Failures.lostUpdateFailure());

        assertThat(table).doesNotContain("Log@1").doesNotContain("main.3 |").doesNotContain("Logger.java");
        assertThat(lines(table)).filteredOn(l -> l.trim().equals("… 1 step elided …")).hasSize(3);
    }

    @Test
    void namesEachStepWithItsValueAndSourceLine() {
        String table = TraceTable.render(Failures.lostUpdateFailure());

        assertThat(lines(table)).anySatisfy(l -> assertThat(l)
                .matches("\\s+7 \\|\\s+\\| write Account@1\\.balance = 40\\s+\\|\\s+\\| Account\\.java:13"));
        assertThat(lines(table)).anySatisfy(l -> assertThat(l)
                .matches("\\s+0 \\| start main\\.1\\s.*AccountTest\\.java:20"));
        assertThat(lines(table)).anySatisfy(l -> assertThat(l)
                .matches("\\s+12 \\| join main\\.1\\s.*AccountTest\\.java:23"));
    }

    @Test
    void marksWhereTheFailureWasObserved() {
        String table = TraceTable.render(Failures.lostUpdateFailure());

        assertThat(lines(table)).filteredOn(l -> l.startsWith(">")).singleElement().satisfies(l -> assertThat(l)
                .startsWith("> 14 | read Account@1.balance = 90"));
    }

    /**
     * An assertion that threw on a line where its thread took a step, followed by a step in a {@code finally} block:
     * the mark is on the step of the line that threw, not on the {@code finally}'s (QA: the mark pointed at a pool's
     * {@code shutdown()} after the failed assertion). A throw on a line without a step keeps the latest step.
     */
    @Test
    void marksTheStepOnTheLineThatThrewRatherThanAFinallyBlocksAfterIt() {
        ThreadId main = thread(0, "main");
        Location future = Location.objectState("FutureTask@3");
        Location pool = Location.objectState("ThreadPoolExecutor@1");
        Execution execution = new Execution()
                .step(main, Operation.write(pool), at("PoolTest.java", 38))
                .step(main, Operation.read(future), at("PoolTest.java", 42))
                .step(main, Operation.write(pool), at("PoolTest.java", 44));
        AssertionError onTheGetsLine = new AssertionError("expected: 1 but was: 0");
        onTheGetsLine.setStackTrace(new StackTraceElement[] {
                new StackTraceElement("org.assertj.core.api.AbstractAssert", "isEqualTo", "AbstractAssert.java", 9),
                new StackTraceElement("com.example.PoolTest", "test", "PoolTest.java", 42)});
        AssertionError onALineWithoutAStep = new AssertionError("boom");
        onALineWithoutAStep.setStackTrace(new StackTraceElement[] {
                new StackTraceElement("com.example.PoolTest", "test", "PoolTest.java", 43)});

        assertThat(lines(TraceTable.render(execution.failure(FailureKind.ASSERTION, onTheGetsLine))))
                .filteredOn(l -> l.startsWith(">")).singleElement().asString().startsWith(">  1 |");
        assertThat(lines(TraceTable.render(execution.failure(FailureKind.ASSERTION, onALineWithoutAStep))))
                .filteredOn(l -> l.startsWith(">")).singleElement().asString().startsWith(">  2 |");
    }

    /**
     * An assertion that threw on a line without a step, in a test method after which an {@code @AfterEach} method
     * took steps: the mark is on the test method's last step, whose stack's outermost frame is on the assertion's
     * stack, not on the {@code @AfterEach}'s later ones, whose outermost frame is not (issue 42: the mark was on a
     * test base class's {@code @AfterEach}).
     */
    @Test
    void marksTheLastStepBeforeTheThrowRatherThanAnAfterEachsSteps() {
        ThreadId main = thread(0, "main");
        StackTraceElement inTest = new StackTraceElement("com.example.PoolTest", "test", "PoolTest.java", 42);
        StackTraceElement inAfterEach = new StackTraceElement("com.example.Base", "tearDown", "Base.java", 35);
        Execution execution = new Execution()
                .step(main, Operation.read(Location.field("Counter@1", "value")), at("PoolTest.java", 42), "1",
                        List.of(inTest))
                .step(main, Operation.read(Location.objectState("SynchronizedMap@2")), at("Base.java", 35), null,
                        List.of(inAfterEach))
                .step(main, Operation.write(Location.field("PoolTest@3", "checked")), at("Base.java", 35), "true",
                        List.of(inAfterEach));
        AssertionError onALocal = new AssertionError("expected: <2> but was: <1>");
        onALocal.setStackTrace(new StackTraceElement[] {
                new StackTraceElement("org.junit.jupiter.api.AssertEquals", "failNotEqual", "AssertEquals.java", 197),
                new StackTraceElement("com.example.PoolTest", "test", "PoolTest.java", 43),
                new StackTraceElement("dev.weft.junit.internal.FreshTestBody", "run", "FreshTestBody.java", 95)});

        String table = TraceTable.render(execution.failure(FailureKind.ASSERTION, onALocal));

        assertThat(lines(table)).filteredOn(l -> l.startsWith(">")).singleElement().asString()
                .startsWith(">  0 |");
        assertThat(table).doesNotContain("Base.java");
    }

    @Test
    void namesTheRaceTheExplorerReversedRatherThanGuessing() {
        String table = TraceTable.render(Failures.lostUpdateReversed());

        assertThat(table).contains("Race reversed to reach this failure").doesNotContain("Nearest race")
                .contains("step 5  main.2  read Account@1.balance = 100 (Account.java:12)")
                .contains("step 7  main.1  write Account@1.balance = 40 (Account.java:13)");
    }

    @Test
    void namesAReversedStepThatNeverRanByWhatItsThreadWasAboutToDo() {
        Location x = Location.field("Flag@1", "x");
        String table = TraceTable.render(new Execution()
                .step(Failures.MAIN, Operation.start(Failures.T1), at("T.java", 1))
                .step(Failures.MAIN, Operation.start(Failures.T2), at("T.java", 2))
                .step(Failures.T2, Operation.read(x), at("T.java", 9), "0")
                .failure(FailureKind.ASSERTION, "x == 1", new dev.weft.dpor.RacingSteps(
                        dev.weft.dpor.RacingSteps.Origin.REVERSED, 2, -1, new dev.weft.scheduler.model.PendingOperation(
                                Failures.T1, Operation.write(x), true, at("T.java", 5)))));

        assertThat(table).contains("Race reversed to reach this failure")
                .contains("step 2   main.2  read Flag@1.x = 0 (T.java:9)")
                .contains("not run  main.1  write Flag@1.x (T.java:5; the failure came first)");
    }

    @Test
    void showsTheCallsOfADataRaceAndWhatHappensBeforeThem() {
        String table = TraceTable.render(Failures.registryDataRace());

        assertThat(table).contains("Data race (nothing orders these two calls")
                .contains("step 2  main.1  call HashMap@1.put (Registry.java:12)")
                .contains("step 3  main.2  call HashMap@1.put (Registry.java:12)")
                .doesNotContain("join main.1");
        assertThat(lines(table)).filteredOn(l -> l.startsWith(">")).hasSize(2);
    }

    @Test
    void namesTheNearestRace() {
        String table = TraceTable.render(Failures.lostUpdateFailure());

        assertThat(table).contains("Nearest race before the failure")
                .contains("step 7  main.1  write Account@1.balance = 40 (Account.java:13)")
                .contains("step 8  main.2  write Account@1.balance = 90 (Account.java:13)");
    }

    @Test
    void keepsOnlyTheLatestStepsOfALongExecution() {
        ThreadId main = thread(0, "main");
        Execution execution = new Execution();
        for (int i = 0; i < TraceTable.MAX_STEPS + 40; i++) {
            execution.step(main, Operation.read(Location.field("Loop@1", "i")), at("Loop.java", 5),
                    Integer.toString(i));
        }
        String table = TraceTable.render(execution.failure(FailureKind.STEP_LIMIT, "too many steps"));

        assertThat(table).contains("… 40 steps elided …");
        assertThat(lines(table)).filteredOn(l -> l.contains("Loop.java:5")).hasSize(TraceTable.MAX_STEPS);
    }

    /**
     * Operations too long for a column per thread within the line width are not cut short (QA found tables whose
     * cells read {@code read BugsTest@main.1#1.c…}, the field and value lost): one operation column takes the threads'
     * columns' place, each row naming its thread.
     */
    @Test
    void listsTheStepsWithTheirThreadsRatherThanCutWhenCellsAreLong() {
        Execution execution = new Execution();
        for (int t = 0; t < 4; t++) {
            ThreadId thread = thread(t, "worker-with-a-long-name-" + t);
            execution.step(thread, Operation.write(Location.field("SomeRatherLongClassName@1", "someLongFieldName")),
                    at("SomeRatherLongClassName.java", 1234), "a value that is long as well");
        }
        String table = TraceTable.render(execution.failure(FailureKind.ASSERTION, "boom"));

        assertThat(table).contains("one row per step with its thread").doesNotContain("…");
        assertThat(headerOf(table).split("\\s*\\|\\s*")).containsExactly("step", "thread", "operation", "at");
        assertThat(lines(table)).anySatisfy(l -> assertThat(l).matches(">\\s+3 \\| worker-with-a-long-name-3 \\| write"
                + " SomeRatherLongClassName@1\\.someLongFieldName = a value that is long as well \\|"
                + " SomeRatherLongClassName\\.java:1234"));
    }

    /** Short operations keep a column per thread, within the line width. */
    @Test
    void staysWithinTheLineWidthWithAColumnPerThread() {
        String table = TraceTable.render(Failures.lostUpdateFailure());

        assertThat(table).contains("one column per thread");
        assertThat(lines(table)).filteredOn(l -> l.contains(" | ") || l.contains("-+-"))
                .allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(TraceTable.LINE_WIDTH));
    }

    @Test
    void narrowsOnlyTheColumnsWiderThanTheirShare() {
        assertThat(TraceTable.widths(new int[] {10, 80, 80}, 100)).containsExactly(10, 45, 45);
        assertThat(TraceTable.widths(new int[] {10, 20}, 100)).containsExactly(10, 20);
    }

    @Test
    void describesWhatEachThreadOfADeadlockWaitsFor() {
        String table = TraceTable.render(Failures.lockOrderDeadlock());

        assertThat(table)
                .contains("Deadlock: no thread can move.")
                .contains("main    waits for main.1 to end (join at BankTest.java:34)")
                .contains("main.1  waits for lock Account@2 at Bank.java:11, held by main.2 (locked at Bank.java:10)")
                .contains("main.2  waits for lock Account@1 at Bank.java:11, held by main.1 (locked at Bank.java:10)")
                .contains("cycle: main.1 -> main.2 -> main.1");
        assertThat(lines(table)).filteredOn(l -> l.startsWith(">")).hasSize(3);
    }

    /** The test body's thread had ended: the thread still waiting is a leaked one, not half of a deadlock. */
    @Test
    void callsThreadsLeftWaitingAfterTheBodyReturnedLeaked() {
        ThreadId main = thread(0, "main");
        ThreadId worker = thread(1, "main.1");
        String table = TraceTable.render(new Execution()
                .step(main, Operation.start(worker), at("LeakTest.java", 10))
                .step(main, Operation.end(main), at("LeakTest.java", 11))
                .stuck(worker, Operation.join(main), at("LeakTest.java", 20))
                .failure(FailureKind.DEADLOCK, "leaked"));

        assertThat(table).contains("Leaked threads: the test body has returned, and these threads wait forever.")
                .contains("main.1  waits for main to end (join at LeakTest.java:20)")
                .doesNotContain("no thread can move");
    }

    @Test
    void saysSoWhenNoStepRan() {
        String table = TraceTable.render(new Execution().failure(FailureKind.EXCEPTION, "failed at once"));

        assertThat(table).isEqualTo("No visible step ran before the failure.\n");
    }
}
