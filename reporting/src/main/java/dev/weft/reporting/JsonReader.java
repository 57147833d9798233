package dev.weft.reporting;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads the little JSON that Weft writes: objects, strings, numbers (without exponents), {@code true}, {@code false}
 * and {@code null} (no arrays). Enough to read {@code summary.json} back without a JSON library.
 */
final class JsonReader {

    private final String text;
    private int at;

    private JsonReader(String text) {
        this.text = text;
    }

    /**
     * The object the text holds, its values as {@code String}, {@code Long}, {@code Double} (a number with a
     * fraction), {@code Boolean}, {@code Map} or {@code null}.
     *
     * @throws IllegalArgumentException saying where the text stops being such JSON
     */
    static Map<String, Object> object(String text) {
        JsonReader reader = new JsonReader(text);
        Map<String, Object> object = reader.readObject();
        reader.skipSpace();
        if (reader.at != text.length()) {
            throw reader.error("nothing after the object");
        }
        return object;
    }

    private Map<String, Object> readObject() {
        expect('{');
        Map<String, Object> fields = new LinkedHashMap<>();
        skipSpace();
        if (peek() == '}') {
            at++;
            return fields;
        }
        while (true) {
            skipSpace();
            String name = readString();
            skipSpace();
            expect(':');
            fields.put(name, readValue());
            skipSpace();
            char next = next();
            if (next == '}') {
                return fields;
            }
            if (next != ',') {
                throw error("',' or '}' after a field");
            }
        }
    }

    private Object readValue() {
        skipSpace();
        char c = peek();
        if (c == '{') {
            return readObject();
        }
        if (c == '"') {
            return readString();
        }
        if (c == '-' || Character.isDigit(c)) {
            int start = at;
            at++;
            while (at < text.length() && Character.isDigit(text.charAt(at))) {
                at++;
            }
            boolean fraction = at < text.length() && text.charAt(at) == '.';
            if (fraction) {
                at++;
                while (at < text.length() && Character.isDigit(text.charAt(at))) {
                    at++;
                }
            }
            try {
                String number = text.substring(start, at);
                return fraction ? (Object) Double.parseDouble(number) : (Object) Long.parseLong(number);
            } catch (NumberFormatException e) {
                throw error("a number");
            }
        }
        for (String word : new String[]{"true", "false", "null"}) {
            if (text.startsWith(word, at)) {
                at += word.length();
                return word.equals("null") ? null : Boolean.valueOf(word);
            }
        }
        throw error("a value");
    }

    private String readString() {
        expect('"');
        StringBuilder value = new StringBuilder();
        while (true) {
            char c = next();
            if (c == '"') {
                return value.toString();
            }
            if (c != '\\') {
                value.append(c);
                continue;
            }
            char escaped = next();
            switch (escaped) {
                case 'n' -> value.append('\n');
                case 'r' -> value.append('\r');
                case 't' -> value.append('\t');
                case 'b' -> value.append('\b');
                case 'f' -> value.append('\f');
                case 'u' -> {
                    if (at + 4 > text.length()) {
                        throw error("four hex digits");
                    }
                    value.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                    at += 4;
                }
                default -> value.append(escaped); // \" \\ \/
            }
        }
    }

    private void skipSpace() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
    }

    private char peek() {
        if (at >= text.length()) {
            throw error("more text");
        }
        return text.charAt(at);
    }

    private char next() {
        char c = peek();
        at++;
        return c;
    }

    private void expect(char c) {
        skipSpace();
        if (next() != c) {
            at--;
            throw error("'" + c + "'");
        }
    }

    private IllegalArgumentException error(String expected) {
        return new IllegalArgumentException("not the JSON of a Weft summary: expected " + expected + " at character "
                + at);
    }
}
