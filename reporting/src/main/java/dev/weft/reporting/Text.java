package dev.weft.reporting;

/** Fitting text into fixed widths, and escaping it for the formats the reports are written in. */
final class Text {

    static final String ELLIPSIS = "…";

    private Text() {
    }

    /** The text, cut to at most {@code width} characters with an ellipsis at the end when it was longer. */
    static String fit(String text, int width) {
        if (text.length() <= width) {
            return text;
        }
        return width <= 1 ? ELLIPSIS.substring(0, width) : text.substring(0, width - 1) + ELLIPSIS;
    }

    /** "1 step" or "3 steps". */
    static String steps(int count) {
        return count + (count == 1 ? " step" : " steps");
    }

    /** "1 preemption" or "3 preemptions". */
    static String preemptions(int count) {
        return count + (count == 1 ? " preemption" : " preemptions");
    }

    /** Escapes text for HTML and XML, in element content and in quoted attribute values alike. */
    static String xml(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> {
                    // Control characters other than tab and line breaks are not allowed in XML at all.
                    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
                        out.append('\uFFFD');
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
    }

    /**
     * Escapes text for a double-quoted Graphviz string. A backslash must be doubled, or Graphviz reads it as one of
     * its own escapes ({@code \N}, {@code \l}); a line break becomes Graphviz's centred line break.
     */
    static String dot(String text) {
        StringBuilder out = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '"' -> out.append("\\\"");
                case '\n' -> out.append("\\n");
                case '\r' -> { }
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
