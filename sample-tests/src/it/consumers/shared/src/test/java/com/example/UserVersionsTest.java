package com.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.scheduler.instrument.ClassFilter;
import dev.weft.scheduler.instrument.WeftInstrumentation;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The JUnit and Byte Buddy this build runs on are the ones the user asked for (the cell's pom says which, through
 * the expected.* system properties), whatever weft-junit brings and wherever it is declared.
 */
class UserVersionsTest {

    @Test
    void jupiterAndThePlatformAreTheUsers() throws ClassNotFoundException {
        String jupiter = System.getProperty("expected.jupiter");
        // Jupiter 5.x runs on Platform 1.x; from 6.0 on both have one version.
        String platform = jupiter.startsWith("5.") ? "1." + jupiter.substring(2) : jupiter;
        assertEquals(jupiter, versionOf("org.junit.jupiter.api.Test"));
        assertEquals(jupiter, versionOf("org.junit.jupiter.engine.JupiterTestEngine"));
        assertEquals(platform, versionOf("org.junit.platform.commons.support.AnnotationSupport"));
        assertEquals(platform, versionOf("org.junit.platform.engine.TestEngine"));
    }

    @Test
    void byteBuddyIsTheUsersOrNone() throws Exception {
        String expected = System.getProperty("expected.bytebuddy");
        if (expected.equals("none")) {
            assertThrows(ClassNotFoundException.class, () -> Class.forName("net.bytebuddy.ByteBuddy"));
        } else {
            String jar = jarOf(Class.forName("net.bytebuddy.ByteBuddy")).getFileName().toString();
            assertEquals("byte-buddy-" + expected + ".jar", jar);
        }
        assertThrows(ClassNotFoundException.class, () -> Class.forName("org.objectweb.asm.ClassReader"));
    }

    @Test
    void weftRunsOnItsOwnRelocatedByteBuddyAndLeavesTheUsersAlone() throws Exception {
        Path weftJar = jarOf(WeftInstrumentation.class);
        assertTrue(weftJar.getFileName().toString().startsWith("weft-scheduler-"), weftJar.toString());
        assertEquals(weftJar, jarOf(Class.forName("dev.weft.scheduler.shaded.bytebuddy.ByteBuddy")));
        ClassLoader loader = getClass().getClassLoader();
        ClassFilter filter = ClassFilter.fromSystemProperties();
        assertFalse(filter.instruments("net/bytebuddy/ByteBuddy", loader));
        assertFalse(filter.instruments("dev/weft/scheduler/shaded/bytebuddy/ByteBuddy", loader));
        assertTrue(filter.instruments("com/example/Counter", loader));
    }

    /** What `mvn dependency:tree` shows below weft-junit: Weft's own artifacts, and nothing else. */
    @Test
    void weftBringsNothingButWeft() throws IOException {
        List<String> tree = Files.readAllLines(Path.of(System.getProperty("dependency.tree")));
        int at = -1;
        for (int i = 0; i < tree.size(); i++) {
            if (tree.get(i).contains("dev.weft:weft-junit:jar:")) {
                at = i;
            }
        }
        assertTrue(at > 0, "weft-junit is in the tree:\n" + String.join("\n", tree));
        int depth = depthOf(tree.get(at));
        for (int i = at + 1; i < tree.size() && depthOf(tree.get(i)) > depth; i++) {
            assertTrue(tree.get(i).contains("dev.weft:"), "weft-junit brings " + tree.get(i));
        }
    }

    private static int depthOf(String treeLine) {
        int column = 0;
        while (column < treeLine.length() && !Character.isLetterOrDigit(treeLine.charAt(column))) {
            column++;
        }
        return column;
    }

    private static String versionOf(String className) throws ClassNotFoundException {
        return Class.forName(className).getPackage().getImplementationVersion();
    }

    private static Path jarOf(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }
}
