package dev.weft.reporting;

import dev.weft.dpor.Coverage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SummaryJsonTest {

    @Test
    void aPassingTestIsWrittenInTheFieldOrderOfTheContract() {
        String json = SummaryJson.render(new Summary("com.example.AccountTest#transfers", "DPOR", true, true, 4, 0, 37,
                null));
        assertThat(json).isEqualTo("""
                {
                  "test": "com.example.AccountTest#transfers",
                  "algorithm": "DPOR",
                  "verdict": "PASS",
                  "complete": true,
                  "executions": 4,
                  "sleepSetBlocked": 0,
                  "elapsedMillis": 37,
                  "failure": null
                }
                """);
    }

    @Test
    void aFailureCarriesItsKindMessageReplayTokenEscapedAndPreemptions() {
        String json = SummaryJson.render(new Summary("T#m", "NAIVE", false, false, 2, 1, 5,
                new Summary.Failure("DEADLOCK", "main waits for \"lock A@1\"\nheld by main.1", "weft1.x.y", 1)));
        assertThat(json).contains("\"verdict\": \"FAIL\"")
                .contains("\"failure\": {\"kind\": \"DEADLOCK\", \"message\": \"main waits for \\\"lock A@1\\\"\\nheld by main.1\", \"replay\": \"weft1.x.y\", \"preemptions\": 1}");
    }

    @Test
    void writingReplacesTheFileWholeAndLeavesNoTemporaryFiles(@TempDir Path dir) throws Exception {
        Path testDir = dir.resolve("com.example.T").resolve("m");
        SummaryJson.write(testDir, new Summary("T#m", "DPOR", true, true, 1, 0, 1, null));
        SummaryJson.write(testDir, new Summary("T#m", "DPOR", true, true, 2, 0, 1, null));
        assertThat(Files.readString(testDir.resolve("summary.json"))).contains("\"executions\": 2,");
        try (var files = Files.list(testDir)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("summary.json");
        }
    }

    @Test
    void aShardSaysWhichPartItIsAfterItsTime() {
        String json = SummaryJson.render(new Summary("T#m", "OPTIMAL", true, true, 3, 0, 5, null, "2/3"));
        assertThat(json).contains("  \"elapsedMillis\": 5,\n  \"shard\": \"2/3\",\n  \"failure\": null\n");
    }

    @Test
    void whatIsWrittenReadsBackTheSame() {
        for (Summary summary : new Summary[]{
                new Summary("com.example.T#m", "DPOR", true, true, 4, 0, 37, null),
                new Summary("T#m", "OPTIMAL", false, false, 2, 1, 5, new Summary.Failure("DEADLOCK",
                        "main waits for \"lock A@1\"\n\theld by main.1 \u0001 \\ done", "weft1.x.y", 1), "3/7")}) {
            assertThat(SummaryJson.parse(SummaryJson.render(summary))).isEqualTo(summary);
        }
    }

    /**
     * A search that was not exhaustive says what it covered: the bound it completed, the share of the next (a number
     * with a fraction, which the reader reads back), the random schedules and the estimate; nothing when it covered
     * no bound and sampled nothing.
     */
    @Test
    void aSearchThatWasNotExhaustiveStatesItsCoverageAndReadsItBack() {
        Summary summary = new Summary("T#m", "OPTIMAL", true, false, 900, 0, 60_000, null, null,
                new Coverage(1, 0.125, 2_872, 153, 11));

        String json = SummaryJson.render(summary);

        assertThat(json).contains("  \"elapsedMillis\": 60000,\n  \"coveredPreemptions\": 1,\n"
                + "  \"nextBoundShare\": 0.125,\n  \"estimatedTraces\": 2872,\n  \"sampledSchedules\": 153,\n"
                + "  \"sampledThreads\": 11,\n  \"failure\": null\n");
        Summary read = SummaryJson.parse(json);
        assertThat(read.coverage().completedBound()).isEqualTo(1);
        assertThat(read.coverage().nextBoundShare()).isEqualTo(0.125);
        assertThat(read.coverage().estimatedExecutions()).isEqualTo(2_872);
        assertThat(read.coverage().sampled()).isEqualTo(153);
        assertThat(read.coverage().sampledThreads()).isEqualTo(11);
        assertThat(SummaryJson.render(new Summary("T#m", "OPTIMAL", true, true, 4, 0, 5, null)))
                .doesNotContain("coveredPreemptions").doesNotContain("nextBoundShare")
                .doesNotContain("sampledSchedules");
    }

    @Test
    void aTextThatIsNotASummarySaysWhereItGoesWrong() {
        assertThatThrownBy(() -> SummaryJson.parse("{\"test\": \"T#m\", \"algorithm\" \"DPOR\"}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("expected ':' at character 28");
        assertThatThrownBy(() -> SummaryJson.parse("{\"test\": \"T#m\", \"algorithm\": \"DPOR\", \"verdict\": \"MAYBE\"}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("MAYBE");
        assertThatThrownBy(() -> SummaryJson.parse("{\"test\": 3}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("\"test\" must be a string");
    }
}
