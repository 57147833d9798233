package dev.weft.scheduler.model;

import java.util.Objects;

/**
 * Where in the source an operation happened.
 *
 * @param className  the fully qualified class name
 * @param methodName the method name
 * @param fileName   the source file name, or {@code null} when the class has no debug information
 * @param line       the line number, or {@code -1} when unknown
 */
public record SourcePosition(String className, String methodName, String fileName, int line) {

    public static final SourcePosition UNKNOWN = new SourcePosition("?", "?", null, -1);

    /** Field by field, as the record's own would; written out for speed (see {@link Location#equals}). */
    @Override
    public boolean equals(Object other) {
        return this == other || other instanceof SourcePosition that && line == that.line
                && Objects.equals(className, that.className) && Objects.equals(methodName, that.methodName)
                && Objects.equals(fileName, that.fileName);
    }

    @Override
    public int hashCode() {
        return (Objects.hashCode(className) * 31 + Objects.hashCode(methodName)) * 31 + line;
    }

    /** Whether this says anything: operations without an instruction of their own (a thread's end) have no position. */
    public boolean isKnown() {
        return !this.equals(UNKNOWN);
    }

    /** {@code File.java:42}, the form IDEs turn into links; empty for {@link #UNKNOWN}. */
    @Override
    public String toString() {
        if (!isKnown()) {
            return "";
        }
        String file = fileName != null ? fileName : simpleClassName() + ".java";
        return line >= 0 ? file + ":" + line : file;
    }

    private String simpleClassName() {
        int dot = className.lastIndexOf('.');
        return dot < 0 ? className : className.substring(dot + 1);
    }
}
