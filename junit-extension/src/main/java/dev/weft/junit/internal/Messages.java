package dev.weft.junit.internal;

/** Shortening the messages that Weft quotes in a console line or a warning, where only their first line fits. */
final class Messages {

    private Messages() {
    }

    /** The text up to its first line break; empty for {@code null}. */
    static String firstLine(String text) {
        return text == null ? "" : text.lines().findFirst().orElse("");
    }
}
