package dev.weft.reporting;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

class ReportFilesTest {

    @Test
    void writesTheTraceTheGraphAndThePageIntoAFolderItCreates(@TempDir Path reports) throws Exception {
        Path testDir = reports.resolve("com.example.AccountTest").resolve("withdrawalsKeepTheTotal");

        Path html = ReportFiles.write(testDir, "com.example.AccountTest#withdrawalsKeepTheTotal",
                Failures.lostUpdateFailure(), "v1:abc");

        assertThat(html).isEqualTo(testDir.resolve("report.html")).isRegularFile();
        assertThat(Files.readString(html)).startsWith("<!DOCTYPE html>");
        assertThat(Files.readString(testDir.resolve("hb.dot"))).startsWith("digraph weft {");
        assertThat(Files.readString(testDir.resolve("trace.txt")))
                .startsWith("com.example.AccountTest#withdrawalsKeepTheTotal failed: ASSERTION: "
                        + "org.opentest4j.AssertionFailedError: expected: <30> but was: <90> in thread main\n\n"
                        + "Steps that happen before the failure")
                .endsWith("\nschedule: 15 steps, 0 preemptions\nreplay: v1:abc\n");
        try (Stream<Path> files = Files.list(testDir)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("trace.txt", "hb.dot", "report.html");
        }
    }

    @Test
    void replacesTheFilesOfAnEarlierRun(@TempDir Path testDir) throws Exception {
        ReportFiles.write(testDir, "t", Failures.lostUpdateFailure(), null);
        ReportFiles.write(testDir, "t", Failures.lockOrderDeadlock(), null);

        assertThat(Files.readString(testDir.resolve("trace.txt"))).contains("DEADLOCK").doesNotContain("ASSERTION");
        try (Stream<Path> files = Files.list(testDir)) {
            assertThat(files).hasSize(3);
        }
    }
}
