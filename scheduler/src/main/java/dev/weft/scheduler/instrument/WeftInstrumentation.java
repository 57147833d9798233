package dev.weft.scheduler.instrument;

import java.lang.instrument.Instrumentation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Installs Weft's bytecode instrumentation into the running JVM, once.
 *
 * <p>With {@code -javaagent:weft-scheduler.jar} the JVM installs it at start ({@link WeftAgent}). Otherwise
 * {@link #ensureInstalled()} attaches Weft's agent to the running JVM ({@link SelfAttach}), so that plain IDE and
 * Surefire runs need no flag.
 *
 * <p>Classes loaded before installation (the test class, often) are retransformed; classes loaded later are
 * transformed as they load. {@code java.lang.Thread.run()} is retransformed to report thread starts and ends.
 */
public final class WeftInstrumentation {

    /** Where the JDK keeps its continuations (JDK 21 on). */
    private static final String CONTINUATIONS_PACKAGE = "jdk.internal.vm";
    private static final List<InstrumentationFailure> FAILURES = new CopyOnWriteArrayList<>();
    private static boolean installed;
    /** Set once, at installation; read by {@link MethodReferenceBootstrap} on any thread. */
    private static volatile ClassInstrumenter instrumenter;

    private WeftInstrumentation() {
    }

    /**
     * Installs the instrumentation unless it is installed already.
     *
     * @throws WeftSetupException when no agent can be attached; its message says which {@code -javaagent} to add
     */
    public static synchronized void ensureInstalled() {
        if (!installed) {
            install(SelfAttach.attach());
        }
    }

    public static synchronized boolean isInstalled() {
        return installed;
    }

    /**
     * The classes that could not be instrumented and run unchanged. A test that reaches one of them is not under
     * control and must not pass.
     */
    public static List<InstrumentationFailure> failures() {
        return List.copyOf(FAILURES);
    }

    /** Installs with the given instrumentation ({@link WeftAgent} at JVM start, or after self-attach). */
    static synchronized void install(Instrumentation instrumentation) {
        if (installed) {
            return;
        }
        if (!instrumentation.isRetransformClassesSupported()) {
            throw new WeftSetupException("Weft needs to retransform classes, but this JVM's agent was loaded without "
                    + "Can-Retransform-Classes: true in its manifest");
        }
        BootstrapBridge.install(instrumentation);
        openJdkPackages(instrumentation);
        ClassInstrumenter created = new ClassInstrumenter(ClassFilter.fromSystemProperties());
        instrumenter = created;
        instrumentation.addTransformer(new WeftTransformer(created, WeftInstrumentation::failed), true);
        retransformLoaded(instrumentation, created);
        installed = true;
    }

    /**
     * Opens the synchronizer packages of {@code java.base} to Weft's own module, for the runtime's models to read the
     * few private members no public method gives (a {@code CyclicBarrier}'s action, the state behind a
     * {@code ReentrantReadWriteLock}'s views, the mutex of a {@code Collections.synchronized*} wrapper), and
     * {@code java.lang} for the thread-local values of the threads the
     * runtime reuses, {@code java.lang.invoke} for the field a {@code VarHandle} on an inherited field reaches. On a class path Weft's module is the unnamed module of its class loader,
     * which the application shares. Where the JDK has continuations ({@code jdk.internal.vm}, JDK 21 on), that
     * package is exported to Weft too, for the runtime to run managed threads as continuations.
     */
    private static void openJdkPackages(Instrumentation instrumentation) {
        Module base = Object.class.getModule();
        Set<Module> weft = Set.of(WeftInstrumentation.class.getModule());
        Map<String, Set<Module>> exports = base.getPackages().contains(CONTINUATIONS_PACKAGE)
                ? Map.of(CONTINUATIONS_PACKAGE, weft) : Map.of();
        instrumentation.redefineModule(base, Set.of(), exports,
                Map.of("java.lang", weft, "java.lang.invoke", weft, "java.util", weft, "java.util.concurrent", weft,
                        "java.util.concurrent.locks", weft), Set.of(),
                Map.of());
    }

    private static void retransformLoaded(Instrumentation instrumentation, ClassInstrumenter instrumenter) {
        List<Class<?>> targets = new ArrayList<>();
        for (Class<?> type : instrumentation.getAllLoadedClasses()) {
            if (!type.isArray() && !type.isPrimitive() && !type.isHidden()
                    && instrumenter.accepts(type.getName().replace('.', '/'), type.getClassLoader())
                    && instrumentation.isModifiableClass(type)) {
                targets.add(type);
            }
        }
        try {
            instrumentation.retransformClasses(targets.toArray(Class<?>[]::new));
        } catch (Exception | LinkageError batchFailure) {
            // One class the JVM rejects fails the whole batch: retry one by one to find it and keep the others.
            for (Class<?> type : targets) {
                try {
                    instrumentation.retransformClasses(type);
                } catch (Exception | LinkageError failure) {
                    failed(type.getName(), failure);
                }
            }
        }
    }

    /** The installed instrumenter, which instruments bridges of method references. */
    static ClassInstrumenter instrumenter() {
        ClassInstrumenter current = instrumenter;
        if (current == null) {
            throw new IllegalStateException("Weft's instrumentation is not installed, yet an instrumented method"
                    + " reference is being linked");
        }
        return current;
    }

    static void failed(String className, Throwable cause) {
        FAILURES.add(new InstrumentationFailure(className, cause));
        System.err.println("[weft] could not instrument " + className + "; it runs uncontrolled: " + cause);
    }
}
