package dev.weft.scheduler.instrument;

import java.lang.instrument.Instrumentation;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.Optional;
import net.bytebuddy.agent.ByteBuddyAgent;

/**
 * Attaches an agent to the running JVM with the Byte Buddy shaded into Weft (which starts a helper JVM where a JVM
 * does not let itself attach), and hands back the JVM's instrumentation.
 *
 * <p>The agent is Byte Buddy's {@code Installer}, which only keeps the instrumentation. Where the test class path has a
 * Byte Buddy agent of its own (Mockito's), the shaded copy uses that one's {@code net.bytebuddy.agent.Installer}, as
 * Byte Buddy does on purpose for all its shaded copies: Weft and Mockito then share one attach, and Mockito never
 * attaches inside a test that Weft controls. Only that holder of the instrumentation is shared; none of the code.
 *
 * <p>On Java 21 and later the JVM prints a warning when an agent is loaded this way (JEP 451); Weft explains it in one
 * line. Under {@code -XX:-EnableDynamicAgentLoading}, or where attaching is refused, it fails with the exact
 * {@code -javaagent} line to add instead.
 */
final class SelfAttach {

    private SelfAttach() {
    }

    static Instrumentation attach() {
        if (DynamicAgentLoading.isDisabled()) {
            throw new WeftSetupException("This JVM runs with -XX:-" + DynamicAgentLoading.OPTION + ", so Weft cannot"
                    + " attach its instrumentation agent while the tests run. " + startUpLoading());
        }
        boolean warns = DynamicAgentLoading.warns() && !attachedAlready();
        Instrumentation instrumentation;
        try {
            instrumentation = ByteBuddyAgent.install();
        } catch (RuntimeException | LinkageError e) {
            throw new WeftSetupException("Weft could not attach its instrumentation agent to this JVM (" + e
                    + "). Attaching needs a JDK with the jdk.attach module and is refused under "
                    + "-XX:+DisableAttachMechanism and -XX:-" + DynamicAgentLoading.OPTION + ". " + startUpLoading(),
                    e);
        }
        if (warns) {
            System.err.println(DynamicAgentLoading.explanation(startUpAgentJar()));
        }
        return instrumentation;
    }

    /** Whether a Byte Buddy agent is in place already (Mockito's attached first): then nothing is attached now. */
    private static boolean attachedAlready() {
        try {
            ByteBuddyAgent.getInstrumentation();
            return true;
        } catch (IllegalStateException notYet) {
            return false;
        }
    }

    /** What to add to the build instead of attaching: the exact {@code -javaagent} line. */
    private static String startUpLoading() {
        return "Load the agent when the JVM starts instead; with Maven Surefire, add to its <configuration>: "
                + "<argLine>-javaagent:" + startUpAgentJar() + "</argLine>";
    }

    /**
     * The jar to give {@code -javaagent}: the weft-scheduler jar Weft runs from (its manifest names
     * {@link WeftAgent}); a placeholder where Weft runs from class directories, as in its own build.
     */
    private static String startUpAgentJar() {
        return jarOf(SelfAttach.class).map(Path::toString).orElse("/path/to/weft-scheduler.jar");
    }

    /** The jar a class was loaded from, if it was loaded from a jar file. */
    private static Optional<Path> jarOf(Class<?> type) {
        try {
            CodeSource source = type.getProtectionDomain().getCodeSource();
            if (source == null || source.getLocation() == null) {
                return Optional.empty();
            }
            Path path = Path.of(source.getLocation().toURI());
            return path.toString().endsWith(".jar") ? Optional.of(path) : Optional.empty();
        } catch (URISyntaxException | SecurityException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
