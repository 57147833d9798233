package dev.weft.scheduler.instrument;

import java.lang.instrument.Instrumentation;

/**
 * The agent entry points named in the jar's manifest ({@code Premain-Class}, {@code Agent-Class}), for
 * {@code -javaagent:weft-scheduler.jar} and for attaching the jar to a running JVM.
 */
public final class WeftAgent {

    private WeftAgent() {
    }

    public static void premain(String arguments, Instrumentation instrumentation) {
        WeftInstrumentation.install(instrumentation);
    }

    public static void agentmain(String arguments, Instrumentation instrumentation) {
        WeftInstrumentation.install(instrumentation);
    }
}
