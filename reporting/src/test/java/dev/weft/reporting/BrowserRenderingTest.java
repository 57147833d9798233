package dev.weft.reporting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Opens report.html in a real browser (headless Chromium, as CI installs it) to check that the page a user gets is
 * the page the text tests describe: the browser's own DOM has the drawing with one lane per thread, and it paints.
 */
class BrowserRenderingTest {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final long TIMEOUT_SECONDS = 120;

    @Test
    void chromiumRendersTheDrawingWithOneLanePerThread(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "no browser at " + CHROMIUM
                + ", so report.html was not rendered; install one with 'apt-get install -y chromium'");
        Path html = ReportFiles.write(dir.resolve("report"), "com.example.AccountTest#withdrawalsKeepTheTotal",
                Failures.lostUpdateFailure(), "v1:token");

        String dom = chromium(dir, "--dump-dom", html.toUri().toString());

        assertThat(dom).contains("<svg class=\"swimlanes\"");
        assertThat(HtmlReportTest.count(dom, "<g class=\"lane\" data-thread=")).isEqualTo(3);
        assertThat(HtmlReportTest.count(dom, "<g class=\"step[ \"]")).isEqualTo(12);

        // Kept under target/ so a person can look at it; docs/images/report-lost-update.png is a copy.
        Path screenshot = Path.of("target", "browser", "report-lost-update.png").toAbsolutePath();
        Files.createDirectories(screenshot.getParent());
        Files.deleteIfExists(screenshot);
        chromium(dir, "--screenshot=" + screenshot, "--window-size=1200,900", "--hide-scrollbars",
                html.toUri().toString());

        byte[] png = Files.readAllBytes(screenshot);
        assertThat(png).startsWith(0x89, 'P', 'N', 'G');
        assertThat(png.length).as("a page with a drawing, not a blank one").isGreaterThan(20_000);
    }

    /** What a browser shows on hovering a step is the step's SVG title: its source line, then its stack. */
    @Test
    void chromiumKeepsTheStackOfEachStepForItsHover(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "no browser at " + CHROMIUM);
        Path html = ReportFiles.write(dir.resolve("report"), "com.example.RegistryTest#registers",
                Failures.registryDataRace(), "v1:token");

        String dom = chromium(dir, "--dump-dom", html.toUri().toString());

        Matcher title = Pattern.compile("<g class=\"step failure race\" data-index=\"3\"[^>]*><title>([^<]*)</title>")
                .matcher(dom);
        assertThat(title.find()).as("the hovered title of step 3 in the browser's DOM").isTrue();
        assertThat(title.group(1)).startsWith("#3 main.2: call HashMap@1.put\nRegistry.java:12")
                .contains("\n    at com.example.Registry.register(Registry.java:12)"
                        + "\n    at com.example.RegistryTest.lambda$1(RegistryTest.java:9)");
    }

    /** Runs headless Chromium with a fresh profile and no network chatter, and returns what it printed. */
    private static String chromium(Path dir, String... arguments) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(dir, "profile");
        List<String> command = new ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox",
                "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--user-data-dir=" + profile));
        command.addAll(List.of(arguments));
        Path out = Files.createTempFile(dir, "chromium", ".out");
        Path err = Files.createTempFile(dir, "chromium", ".err");
        Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
            throw new AssertionError("chromium did not finish within " + TIMEOUT_SECONDS + " s: " + command);
        }
        assertThat(process.exitValue()).as("chromium exit code; its errors:\n%s", Files.readString(err)).isZero();
        return Files.readString(out);
    }
}
