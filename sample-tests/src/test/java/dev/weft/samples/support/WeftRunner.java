package dev.weft.samples.support;

import dev.weft.dpor.Shard;
import dev.weft.reporting.ShardMerge;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

/**
 * Runs one {@code @ExhaustiveConcurrency} test through the JUnit Platform (the way an IDE or Surefire does) and reads
 * back what it wrote: the JUnit events and its {@code summary.json}.
 */
public final class WeftRunner {

    /** A time budget no test of the suite reaches. */
    private static final String NO_TIME_BUDGET = "86400";

    private WeftRunner() {
    }

    /** The outcome of one test run. */
    public record Outcome(EngineExecutionResults results, String summaryJson, Path testDir) {

        /** A number field of {@code summary.json}. */
        public long number(String field) {
            Matcher m = Pattern.compile("\"" + field + "\": (\\d+)").matcher(summaryJson);
            if (!m.find()) {
                throw new AssertionError("summary.json has no number field '" + field + "':\n" + summaryJson);
            }
            return Long.parseLong(m.group(1));
        }

        /** The replay token of the failure in {@code summary.json}. */
        public String replayToken() {
            Matcher m = Pattern.compile("\"replay\": \"([^\"]+)\"").matcher(summaryJson);
            if (!m.find()) {
                throw new AssertionError("summary.json has no replay token:\n" + summaryJson);
            }
            return m.group(1);
        }

        /** The throwable the test failed with, if it failed. */
        public Optional<Throwable> failure() {
            return results.testEvents().failed().stream().findFirst()
                    .flatMap(e -> e.getPayload(org.junit.platform.engine.TestExecutionResult.class))
                    .flatMap(org.junit.platform.engine.TestExecutionResult::getThrowable);
        }

        /** The warnings Weft published for the test (report entries {@code weft.warning}), in order. */
        public java.util.List<String> warnings() {
            return results.allEvents().reportingEntryPublished().stream()
                    .flatMap(e -> e.getPayload(org.junit.platform.engine.reporting.ReportEntry.class).stream())
                    .map(entry -> entry.getKeyValuePairs().get("weft.warning"))
                    .filter(java.util.Objects::nonNull)
                    .toList();
        }

        public long succeeded() {
            return results.testEvents().succeeded().count();
        }

        public Optional<Event> aborted() {
            return results.testEvents().aborted().stream().findFirst();
        }
    }

    /**
     * Whether the suite runs with the lowest awake thread as the free choice ({@code -Dweft.freeChoice=lowest}), for
     * the few counts that depend on it (each says why).
     */
    public static boolean lowestThreadFirst() {
        return "lowest".equalsIgnoreCase(System.getProperty("weft.freeChoice", "last").strip());
    }

    /**
     * The settings the whole suite is run with when the build sets them (the test kit reads no system properties):
     * {@code -Dweft.freeChoice}, whose choice the suite's verdicts must not depend on, nor its counts but a few that
     * say why; and {@code -Dweft.workers}, whose number the verdicts and counts must not depend on at all. A test's
     * own parameters override them. {@code .ci/run} runs the suite with the settings that are not the default too.
     */
    private static Map<String, String> passedThrough() {
        Map<String, String> set = new HashMap<>();
        for (String key : List.of("weft.freeChoice", "weft.workers")) {
            String value = System.getProperty(key);
            if (value != null) {
                set.put(key, value);
            }
        }
        return set;
    }

    /** Runs {@code testClass#method} with extra configuration parameters, reporting into {@code reportDir}. */
    public static Outcome run(Class<?> testClass, String method, Path reportDir, Map<String, String> parameters) {
        EngineExecutionResults results = EngineTestKit.engine("junit-jupiter")
                .configurationParameter("weft.reportDir", reportDir.toString())
                // The suite's counts must not depend on the machine's speed: no time budget unless a test sets one
                // (the default minute would end big0 on a slow machine, and its exhaustive half gives way on an
                // estimate made against the time).
                .configurationParameter("weft.maxSeconds", NO_TIME_BUDGET)
                .configurationParameters(passedThrough())
                .configurationParameters(parameters)
                .selectors(selectMethod(testClass, method))
                .execute();
        Path testDir = reportDir.resolve(testClass.getName()).resolve(method);
        if (sharded(parameters)) {
            testDir = testDir.resolve(ShardMerge.folderOf(parameters.get("weft.shard"))); // a folder of its own
        }
        try {
            Path summary = testDir.resolve("summary.json");
            String json = Files.exists(summary) ? Files.readString(summary) : "";
            return new Outcome(results, json, testDir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether the parameters make the run one shard of several (a replay is whole; a bad shard fails the test). */
    private static boolean sharded(Map<String, String> parameters) {
        String shard = parameters.get("weft.shard");
        try {
            return shard != null && !parameters.containsKey("weft.replay") && !Shard.parse(shard).whole();
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** A class of test programs from another package, where it is package-private. */
    public static Class<?> programs(String className) {
        try {
            return Class.forName(className);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    public static Outcome run(Class<?> testClass, String method, Path reportDir) {
        return run(testClass, method, reportDir, Map.of());
    }
}
