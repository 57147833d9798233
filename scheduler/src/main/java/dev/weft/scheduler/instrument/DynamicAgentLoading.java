package dev.weft.scheduler.instrument;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import java.lang.management.ManagementFactory;
import java.util.Optional;

/**
 * What the JVM's {@code EnableDynamicAgentLoading} option says about Weft's self-attach (JEP 451): whether it is
 * refused ({@code -XX:-EnableDynamicAgentLoading}), and whether the JVM prints its warning about a dynamically loaded
 * agent (Java 21 and later, unless the option was given explicitly).
 */
final class DynamicAgentLoading {

    static final String OPTION = "EnableDynamicAgentLoading";
    /** The first Java release that warns when an agent is loaded into a running JVM. */
    private static final int FIRST_WARNING_RELEASE = 21;

    private DynamicAgentLoading() {
    }

    /** The option as the running JVM has it; empty on a JVM without it or without the HotSpot management bean. */
    private static Optional<VMOption> option() {
        try {
            HotSpotDiagnosticMXBean hotSpot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            return hotSpot == null ? Optional.empty() : Optional.of(hotSpot.getVMOption(OPTION));
        } catch (RuntimeException | LinkageError e) {
            return Optional.empty();
        }
    }

    /** Whether the JVM refuses agents loaded after it started. */
    static boolean isDisabled() {
        return option().map(value -> !Boolean.parseBoolean(value.getValue())).orElse(false);
    }

    /** Whether attaching makes the JVM print its "A Java agent has been loaded dynamically" warning. */
    static boolean warns() {
        return Runtime.version().feature() >= FIRST_WARNING_RELEASE
                && option().map(value -> value.getOrigin() == VMOption.Origin.DEFAULT).orElse(false);
    }

    /** The line Weft prints under that warning, naming the flags that silence it. */
    static String explanation(String agentJar) {
        return "[weft] The JVM warning above about a dynamically loaded agent is Weft attaching its instrumentation"
                + " (JEP 451); to silence it, run the tests with -XX:+EnableDynamicAgentLoading or -javaagent:"
                + agentJar;
    }
}
