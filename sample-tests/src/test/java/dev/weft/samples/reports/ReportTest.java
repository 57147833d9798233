package dev.weft.samples.reports;

import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** What the reports of {@link ReportPrograms} show. */
class ReportTest {

    @TempDir
    Path reports;

    /**
     * The assertion compares a local variable, on a line without a step, and the base class's {@code @AfterEach}
     * then takes steps: the mark is on the test's read of the counter just before it, and the {@code @AfterEach}'s
     * steps, which cannot have led to the failure, are not shown.
     */
    @Test
    void theFailureMarkIsOnTheLastStepBeforeTheThrowNotOnAnAfterEachStep() throws Exception {
        WeftRunner.Outcome outcome = WeftRunner.run(ReportPrograms.class, "assertionOnALocalThenAfterEachSteps",
                reports);

        String trace = Files.readString(outcome.testDir().resolve("trace.txt"));
        // main's read of the counter (the workers' reads saw 0), on the line before the assertion
        assertThat(trace.lines().filter(l -> l.startsWith(">"))).singleElement().asString()
                .containsPattern("read Counter@\\d+\\.value = 1 .*ReportPrograms\\.java:\\d+$");
        assertThat(trace).doesNotContain("CleanupBase.java");
    }

    /**
     * The threads the test keeps in an array are its own {@code new Thread(...)}: the values written and read name
     * them as {@code Thread}s, never as the platform thread Weft runs each on ({@code Carrier}).
     */
    @Test
    void aThreadKeptInAnArrayIsNamedAsTheTestsThread() throws Exception {
        WeftRunner.Outcome outcome = WeftRunner.run(ReportPrograms.class, "boundedBufferDeadlock", reports);

        String trace = Files.readString(outcome.testDir().resolve("trace.txt"));
        assertThat(trace).containsPattern("write Thread\\[]@\\d+\\[0] = Thread@\\d+ ")
                .doesNotContain("Carrier").doesNotContain("Fiber");
        assertThat(Files.readString(outcome.testDir().resolve("report.html"))).doesNotContain("Carrier");
    }

    /**
     * The bounded buffer's deadlock needs no preemption and no spurious wake-up; the explorer's first deadlock took
     * wake-ups (the thread that begins to wait goes on by default, taking the one offered to it). The report shows a
     * schedule with neither.
     */
    @Test
    void theReportedDeadlockHasTheFewestPreemptionsAndNoSpuriousWakeUp() throws Exception {
        WeftRunner.Outcome outcome = WeftRunner.run(ReportPrograms.class, "boundedBufferDeadlock", reports);

        assertThat(outcome.summaryJson()).contains("\"kind\": \"DEADLOCK\"");
        assertThat(outcome.number("preemptions")).isZero();
        assertThat(Files.readString(outcome.testDir().resolve("trace.txt"))).doesNotContain("spurious");
        assertThat(outcome.failure().orElseThrow().getMessage()).contains(", shown with 0 preemptions")
                .doesNotContain("spurious wake-up:");
    }
}
