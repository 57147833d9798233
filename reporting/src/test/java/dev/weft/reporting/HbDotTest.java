package dev.weft.reporting;

import static dev.weft.reporting.Execution.at;
import static dev.weft.reporting.Execution.thread;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.scheduler.model.FailureKind;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.Operation;
import org.junit.jupiter.api.Test;

class HbDotTest {

    @Test
    void groupsTheStepsOfEachThreadInAClusterInProgramOrder() {
        String dot = HbDot.render(Failures.lostUpdateFailure());

        assertThat(dot).startsWith("digraph weft {").endsWith("}\n")
                .contains("subgraph cluster_0 {\n    label=\"main\";")
                .contains("subgraph cluster_1 {\n    label=\"main.1\";")
                .contains("subgraph cluster_2 {\n    label=\"main.2\";")
                .contains("    e3 -> e7;\n")
                .contains("e7 [label=\"#7 write Account@1.balance = 40\\nAccount.java:13\"");
    }

    @Test
    void leavesOutTheStepsThatDoNotHappenBeforeTheFailure() {
        String dot = HbDot.render(Failures.lostUpdateFailure());

        assertThat(dot).doesNotContain("cluster_3").doesNotContain("Log@1")
                .doesNotContain(" e4 ").doesNotContain(" e6 ").doesNotContain(" e10 ")
                .contains("// 3 steps that do not happen before the failure");
    }

    @Test
    void drawsStartAndJoinEdgesButNotTheReadThatTheJoinImplies() {
        String dot = HbDot.render(Failures.lostUpdateFailure());

        assertThat(dot).contains("  e0 -> e3 [label=\"start\"];")
                .contains("  e1 -> e5 [label=\"start\"];")
                .contains("  e9 -> e12 [label=\"join\"];")
                .contains("  e11 -> e13 [label=\"join\"];")
                .doesNotContain("e8 -> e14");
    }

    @Test
    void drawsReleaseToAcquireAndNotifyEdges() {
        String dot = HbDot.render(Failures.waitNotifyFailure());

        assertThat(dot).contains("  e4 -> e5 [label=\"lock\"];")
                .contains("  e8 -> e9 [label=\"lock\"];")
                .contains("  e7 -> e9 [label=\"notify\"];")
                .doesNotContain("e6 -> e10");
        assertThat(HbDot.render(Failures.lockOrderDeadlock())).contains("  e3 -> e5 [label=\"lock\"];");
    }

    @Test
    void drawsAReadsFromEdgeThatNothingElseImpliesInRedWhenItIsTheRace() {
        Location flag = Location.field("Flag@1", "set");
        String dot = HbDot.render(new Execution()
                .step(Failures.MAIN, Operation.start(Failures.T1), at("T.java", 1))
                .step(Failures.MAIN, Operation.write(flag), at("T.java", 2), "true")
                .step(Failures.T1, Operation.read(flag), at("T.java", 3), "true")
                .failure(FailureKind.ASSERTION, "flag was set"));

        assertThat(dot).contains("  e1 -> e2 [label=\"reads, race\", color=\"#d92d20\"")
                .doesNotContain("e0 -> e2").doesNotContain("style=dashed");
    }

    @Test
    void highlightsTheRaceAndTheFailurePoint() {
        String dot = HbDot.render(Failures.lostUpdateFailure());

        assertThat(dot).contains("  e7 -> e8 [label=\"race\", style=dashed, dir=both")
                .containsPattern("e7 \\[label=[^\\n]*color=\"#d92d20\"")
                .containsPattern("e14 \\[label=[^\\n]*style=\"rounded,bold\"");
    }

    @Test
    void highlightsTheRaceTheExplorerNamedAndSaysWhichItIs() {
        String dot = HbDot.render(Failures.registryDataRace());

        assertThat(dot).contains("  // in red: the data race\n")
                .contains("  e2 -> e3 [label=\"race\", style=dashed, dir=both")
                .containsPattern("e2 \\[label=[^\\n]*style=\"rounded,bold\", penwidth=2, color=\"#d92d20\"")
                .containsPattern("e3 \\[label=[^\\n]*style=\"rounded,bold\", penwidth=2, color=\"#d92d20\"");
    }

    @Test
    void escapesQuotesAndBackslashesInNames() {
        String dot = HbDot.render(new Execution()
                .step(thread(0, "main \"quoted\""), Operation.write(Location.field("C:\\dir", "f")), at("T.java", 1))
                .failure(FailureKind.ASSERTION, "said \"no\""));

        assertThat(dot).contains("label=\"main \\\"quoted\\\"\"")
                .contains("write C:\\\\dir.f")
                .contains("said \\\"no\\\"");
    }

    @Test
    void endsTheClusterOfEachDeadlockedThreadWithWhatItIsBlockedOn() {
        String dot = HbDot.render(Failures.lockOrderDeadlock());

        assertThat(dot).contains("    w1 [label=\"blocked: lock Account@2\\nBank.java:11\"")
                .contains("    e7 -> w1 [style=dashed];")
                .contains("  w1 -> w2 [label=\"waits for\"")
                .contains("  w2 -> w1 [label=\"waits for\"")
                .contains("  w0 -> w1 [label=\"waits for\"");
    }
}
