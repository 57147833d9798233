package dev.weft.samples.extension;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

/**
 * What an IDE does: discover and run tests through the JUnit Platform Launcher with a listener, and show the
 * failure it gets back.
 */
class LauncherRunTest {

    @TempDir
    Path reports;

    private TestExecutionSummary launch(String method) {
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectMethod(ExtensionPrograms.class, method))
                .configurationParameter("weft.reportDir", reports.toString())
                .build();
        Launcher launcher = LauncherFactory.create();
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        launcher.execute(request, listener);
        return listener.getSummary();
    }

    @Test
    void theLauncherReportsARaceAsAFailedTestWithTheKindAndTheInterleaving() {
        TestExecutionSummary summary = launch("lostUpdate");

        assertThat(summary.getTestsFoundCount()).isEqualTo(1);
        assertThat(summary.getTestsFailedCount()).isEqualTo(1);
        Throwable failure = summary.getFailures().get(0).getException();
        assertThat(failure).isInstanceOf(AssertionError.class)
                .hasMessageStartingWith("ASSERTION: assertion failed in thread main")
                .hasMessageContaining("replay: @ExhaustiveConcurrency(replay = \"weft1.");
        assertThat(failure.getCause()).isInstanceOf(org.opentest4j.AssertionFailedError.class);
    }

    @Test
    void theLauncherReportsACorrectTestAsOneSucceededTest() {
        TestExecutionSummary summary = launch("countsEveryExecution");

        assertThat(summary.getTestsFoundCount()).isEqualTo(1);
        assertThat(summary.getTestsSucceededCount()).isEqualTo(1);
        assertThat(summary.getTestsFailedCount()).isZero();
    }
}
