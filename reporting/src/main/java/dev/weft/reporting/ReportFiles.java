package dev.weft.reporting;

import dev.weft.dpor.ExplorationFailure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes the report of a failure into the test's folder: {@code trace.txt}, {@code hb.dot}, {@code report.html}. */
public final class ReportFiles {

    static final String TRACE = "trace.txt";
    static final String DOT = "hb.dot";
    static final String HTML = "report.html";

    private ReportFiles() {
    }

    /**
     * Writes the three files, each atomically, creating the folder when needed.
     *
     * @param testDir     the test's folder, {@code <reportDir>/<fully.qualified.TestClass>/<methodName>}
     * @param testName    the test, as the summary names it
     * @param replayToken the token that re-runs the failing schedule, or {@code null}
     * @return the path of {@code report.html}
     */
    public static Path write(Path testDir, String testName, ExplorationFailure failure, String replayToken)
            throws IOException {
        Files.createDirectories(testDir);
        AtomicFiles.write(testDir.resolve(TRACE), trace(testName, failure, replayToken));
        AtomicFiles.write(testDir.resolve(DOT), HbDot.render(failure));
        Path html = testDir.resolve(HTML);
        AtomicFiles.write(html, HtmlReport.render(testName, failure, replayToken));
        return html;
    }

    private static String trace(String testName, ExplorationFailure failure, String replayToken) {
        return testName + " failed: " + failure.kind() + ": " + failure.message() + "\n\n"
                + TraceTable.render(failure)
                + "\nschedule: " + Text.steps(failure.events().size()) + ", " + Text.preemptions(failure.preemptions())
                + "\n"
                + (replayToken == null || replayToken.isEmpty() ? "" : "replay: " + replayToken + "\n");
    }
}
