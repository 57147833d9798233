package dev.weft.scheduler.instrument;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Installs the instrumentation for the subjects, and finds their source lines by marker comments. */
public final class SubjectSetup {

    static final String SUBJECTS = "dev.weft.scheduler.instrument.subjects";

    private SubjectSetup() {
    }

    /**
     * The subjects live under Weft's own (excluded) packages; the include property brings them back in. Every test of
     * this module that needs the instrumentation installs it here: installed without that property, it would stay so
     * for the instrumentation tests that run later in the same JVM.
     */
    public static synchronized void ensureInstalled() {
        if (System.getProperty(ClassFilter.INCLUDE_PROPERTY) == null) {
            System.setProperty(ClassFilter.INCLUDE_PROPERTY, SUBJECTS);
        }
        WeftInstrumentation.ensureInstalled();
    }

    /** {@code "Fields.java:12"}: where the line marked {@code // mark:name} is in the subject's source. */
    static String at(Class<?> subject, String marker) {
        return at(subject.getName(), marker);
    }

    /** As {@link #at(Class, String)}, without loading the class (a class literal would). */
    static String at(String className, String marker) {
        Path source = Path.of("src/test/java", className.replace('.', '/') + ".java");
        String fileName = className.substring(className.lastIndexOf('.') + 1) + ".java";
        try {
            List<String> lines = Files.readAllLines(source);
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).endsWith("// mark:" + marker)) {
                    return fileName + ":" + (i + 1);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new IllegalArgumentException("no line marked " + marker + " in " + source);
    }
}
