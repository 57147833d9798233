package dev.weft.reporting;

import dev.weft.dpor.Coverage;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * Writes and reads {@code summary.json}: by hand, so that the one file every run writes needs no JSON library.
 */
public final class SummaryJson {

    private SummaryJson() {
    }

    /** The JSON text, in the field order of {@code API.md}. */
    public static String render(Summary summary) {
        StringBuilder json = new StringBuilder("{\n");
        field(json, "test", quote(summary.test()));
        field(json, "algorithm", quote(summary.algorithm()));
        field(json, "verdict", quote(summary.passed() ? "PASS" : "FAIL"));
        field(json, "complete", Boolean.toString(summary.complete()));
        field(json, "executions", Long.toString(summary.executions()));
        field(json, "sleepSetBlocked", Long.toString(summary.sleepSetBlocked()));
        field(json, "elapsedMillis", Long.toString(summary.elapsedMillis()));
        if (summary.shard() != null) {
            field(json, "shard", quote(summary.shard()));
        }
        Coverage coverage = summary.coverage();
        if (coverage.completedBound() >= 0) {
            field(json, "coveredPreemptions", Integer.toString(coverage.completedBound()));
        }
        if (!Double.isNaN(coverage.nextBoundShare())) {
            field(json, "nextBoundShare", String.format(Locale.ROOT, "%.3f", coverage.nextBoundShare()));
        }
        if (coverage.estimatedExecutions() >= 0) {
            field(json, "estimatedTraces", Long.toString(coverage.estimatedExecutions()));
        }
        if (coverage.sampled() > 0) {
            field(json, "sampledSchedules", Long.toString(coverage.sampled()));
            field(json, "sampledThreads", Integer.toString(coverage.sampledThreads()));
        }
        Summary.Failure failure = summary.failure();
        String failureJson = failure == null ? "null"
                : "{\"kind\": " + quote(failure.kind()) + ", \"message\": " + quote(failure.message())
                  + ", \"replay\": " + quote(failure.replay()) + ", \"preemptions\": " + failure.preemptions()
                  + "}";
        json.append("  \"failure\": ").append(failureJson).append("\n}\n");
        return json.toString();
    }

    /**
     * Reads what {@link #render} wrote (fields in any order; unknown fields are ignored, so files of later versions
     * still read).
     *
     * @throws IllegalArgumentException saying what is wrong when the text is not such a summary
     */
    public static Summary parse(String json) {
        Map<String, Object> fields = JsonReader.object(json);
        Object failure = fields.get("failure");
        Summary.Failure parsedFailure = null;
        if (failure instanceof Map<?, ?> f) {
            parsedFailure = new Summary.Failure(text(f, "kind"), text(f, "message"), text(f, "replay"),
                    (int) number(f, "preemptions"));
        }
        String test = text(fields, "test");
        String algorithm = text(fields, "algorithm");
        String verdict = text(fields, "verdict");
        if (!"PASS".equals(verdict) && !"FAIL".equals(verdict)) {
            throw new IllegalArgumentException("\"verdict\" must be \"PASS\" or \"FAIL\" but was " + verdict);
        }
        Coverage coverage = new Coverage(
                fields.containsKey("coveredPreemptions") ? (int) number(fields, "coveredPreemptions") : -1,
                fields.get("nextBoundShare") instanceof Number share ? share.doubleValue() : Double.NaN,
                fields.containsKey("estimatedTraces") ? number(fields, "estimatedTraces") : -1,
                fields.containsKey("sampledSchedules") ? number(fields, "sampledSchedules") : 0,
                fields.containsKey("sampledThreads") ? (int) number(fields, "sampledThreads") : 0);
        return new Summary(test, algorithm, "PASS".equals(verdict),
                bool(fields, "complete"), number(fields, "executions"), number(fields, "sleepSetBlocked"),
                number(fields, "elapsedMillis"), parsedFailure, (String) fields.get("shard"), coverage);
    }

    private static String text(Map<?, ?> fields, String name) {
        if (fields.get(name) instanceof String value) {
            return value;
        }
        if (fields.containsKey(name) && fields.get(name) == null) {
            return null;
        }
        throw new IllegalArgumentException("\"" + name + "\" must be a string but was " + fields.get(name));
    }

    private static long number(Map<?, ?> fields, String name) {
        if (fields.get(name) instanceof Long value) {
            return value;
        }
        throw new IllegalArgumentException("\"" + name + "\" must be a whole number but was " + fields.get(name));
    }

    private static boolean bool(Map<?, ?> fields, String name) {
        if (fields.get(name) instanceof Boolean value) {
            return value;
        }
        throw new IllegalArgumentException("\"" + name + "\" must be true or false but was " + fields.get(name));
    }

    /** Writes {@code summary.json} into the folder atomically: a reader sees the old file or the whole new one. */
    public static Path write(Path testDir, Summary summary) throws IOException {
        return AtomicFiles.write(testDir.resolve("summary.json"), render(summary));
    }

    private static void field(StringBuilder json, String name, String value) {
        json.append("  \"").append(name).append("\": ").append(value).append(",\n");
    }

    static String quote(String text) {
        if (text == null) {
            return "null";
        }
        StringBuilder quoted = new StringBuilder("\"");
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> quoted.append("\\\"");
                case '\\' -> quoted.append("\\\\");
                case '\n' -> quoted.append("\\n");
                case '\r' -> quoted.append("\\r");
                case '\t' -> quoted.append("\\t");
                default -> {
                    if (c < 0x20) {
                        quoted.append(String.format("\\u%04x", (int) c));
                    } else {
                        quoted.append(c);
                    }
                }
            }
        }
        return quoted.append('"').toString();
    }
}
