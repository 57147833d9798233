package dev.weft.reporting;

import java.io.IOException;
import java.nio.file.Path;

/** Writes {@code summary.json}: by hand, so that the one file every run writes needs no JSON library. */
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
        Summary.Failure failure = summary.failure();
        String failureJson = failure == null ? "null"
                : "{\"kind\": " + quote(failure.kind()) + ", \"message\": " + quote(failure.message())
                  + ", \"replay\": " + quote(failure.replay()) + ", \"preemptions\": " + failure.preemptions()
                  + "}";
        json.append("  \"failure\": ").append(failureJson).append("\n}\n");
        return json.toString();
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
