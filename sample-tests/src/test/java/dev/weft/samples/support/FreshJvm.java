package dev.weft.samples.support;

import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * Runs {@code @ExhaustiveConcurrency} programs through the JUnit Platform launcher in a fresh JVM, as Surefire runs a
 * user's first test class: the launcher's discovery loads the class before the first test installs Weft, so the class
 * is retransformed, not transformed as it is defined, and keeps {@code ACC_SYNCHRONIZED} on its methods. The test JVM
 * cannot show that once anything there installed Weft.
 */
public final class FreshJvm {

    /** What the fresh JVM printed, and the {@code summary.json} of each program, by method name. */
    public record Runs(String output, Map<String, String> summaries) {

        /** The run of one program, read as a {@link WeftRunner} run would be (no JUnit events: they stayed there). */
        public String summary(String method) {
            String json = summaries.get(method);
            if (json == null || json.isEmpty()) {
                throw new AssertionError(method + " wrote no summary.json; the fresh JVM printed:\n" + output);
            }
            return json;
        }
    }

    private FreshJvm() {
    }

    /**
     * Runs every {@code @ExhaustiveConcurrency} method of the class named {@code programs}, in one fresh JVM with this
     * JVM's class path (its output is read until it ends).
     */
    public static Runs run(String programs, Path reportDir) {
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), FreshJvm.class.getName(), reportDir.toString(), programs);
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            process.waitFor();
            Map<String, String> summaries = new LinkedHashMap<>();
            Path programDir = reportDir.resolve(programs);
            if (Files.isDirectory(programDir)) {
                try (Stream<Path> methods = Files.list(programDir)) {
                    for (Path method : methods.toList()) {
                        Path summary = method.resolve("summary.json");
                        if (Files.exists(summary)) {
                            summaries.put(method.getFileName().toString(), Files.readString(summary));
                        }
                    }
                }
            }
            return new Runs(output, summaries);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * In the fresh JVM: {@code reportDir programsClass}. Prints, after the runs, whether the class's synchronized
     * methods kept {@code ACC_SYNCHRONIZED} ({@code keptAccSynchronized=true}).
     */
    public static void main(String[] args) throws ClassNotFoundException {
        LauncherDiscoveryRequest discovery = LauncherDiscoveryRequestBuilder.request()
                .configurationParameter("weft.reportDir", args[0])
                .selectors(selectClass(args[1]))
                .build();
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        LauncherFactory.create().execute(discovery, listener);
        // what JUnit saw there (a test that ended without a report says why only here)
        listener.getSummary().printFailuresTo(new PrintWriter(System.out, true), 20);
        boolean kept = false;
        for (Method method : Class.forName(args[1]).getDeclaredMethods()) {
            kept |= Modifier.isSynchronized(method.getModifiers());
        }
        System.out.println("keptAccSynchronized=" + kept);
    }
}
