package dev.weft.scheduler.instrument;

import dev.weft.scheduler.hooks.Hooks;
import dev.weft.scheduler.hooks.IdentityHashes;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.instrument.Instrumentation;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;

/**
 * Puts {@code ThreadRunBridge}, {@code JdkHookLinker}, {@code StableHashes} and the generated {@code JdkHooks}
 * ({@link JdkHooksClass}) on the bootstrap class path and connects them to {@link Hooks} (and {@link IdentityHashes});
 * makes {@code java.base} read the bootstrap loader's unnamed module, where they are, so that instrumented JDK classes
 * may call them.
 *
 * <p>Only these classes go there, not the hooks package: a class the application loader has already loaded (and
 * {@code Hooks} is loaded early, by whatever installs a handler) would otherwise exist twice, and the bootstrap copy
 * would never see the installed handler. The bridges' names are used nowhere in Weft's own code but through the
 * bootstrap loader, and they carry only JDK types, so there is exactly one copy of each; they reach {@code Hooks}
 * through the functional interfaces and the {@code Class} that Weft hands them.
 */
final class BootstrapBridge {

    static final String CLASS_NAME = Emit.THREAD_RUN_BRIDGE.replace('/', '.');
    private static final String LINKER = "dev/weft/scheduler/instrument/boot/JdkHookLinker";
    private static final List<String> RESOURCES = List.of(Emit.THREAD_RUN_BRIDGE + ".class", LINKER + ".class",
            StableHashCalls.STABLE_HASHES + ".class", StableHashCalls.STABLE_HASHES + "$Entry.class",
            StableHashCalls.STABLE_HASHES + "$ClassSet.class");

    private BootstrapBridge() {
    }

    static void install(Instrumentation instrumentation) {
        try {
            instrumentation.appendToBootstrapClassLoaderSearch(new JarFile(writeJar().toFile()));
            Class<?> bridge = Class.forName(CLASS_NAME, true, null);
            Consumer<Thread> begins = Hooks::threadRunBegins;
            BiConsumer<Thread, Throwable> ends = Hooks::threadRunEnds;
            bridge.getMethod("connect", Consumer.class, BiConsumer.class).invoke(null, begins, ends);
            Class<?> linker = Class.forName(Emit.dotted(LINKER), true, null);
            linker.getMethod("connect", Class.class).invoke(null, Hooks.class);
            // initialised now, before any hash table calls it: from inside HashMap, its loading must not need one
            Class<?> stableHashes = Class.forName(Emit.dotted(StableHashCalls.STABLE_HASHES), true, null);
            MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            MethodType remembers = MethodType.methodType(boolean.class, Object.class, int.class);
            IdentityHashes.connect(
                    lookup.findStatic(stableHashes, "remember", remembers),
                    lookup.findStatic(stableHashes, "rememberIdentity", remembers),
                    lookup.findStatic(stableHashes, "rebind", MethodType.methodType(void.class, Object.class, int.class)),
                    lookup.findStatic(stableHashes, "remembered", MethodType.methodType(int.class, Object.class)));
            Class<?> jdkHooks = Class.forName(Emit.dotted(JdkHooksClass.INTERNAL_NAME), false, null);
            readableFromJavaBase(instrumentation, jdkHooks.getModule());
        } catch (IOException | ReflectiveOperationException | LinkageError | RuntimeException e) {
            throw new WeftSetupException("Weft could not place its bridges on the bootstrap class path, which "
                    + "java.lang.Thread.run() needs to report thread starts and ends, and the instrumented executor "
                    + "classes of java.util.concurrent need to reach Weft's hooks: " + e, e);
        }
    }

    /**
     * Named modules do not read unnamed ones unless told; HotSpot lets {@code java.base} reach the bootstrap class
     * path without it, but the module system's rules say it must read the module, so it is made to.
     */
    private static void readableFromJavaBase(Instrumentation instrumentation, Module bootUnnamed) {
        Module javaBase = Object.class.getModule();
        if (!javaBase.canRead(bootUnnamed)) {
            instrumentation.redefineModule(javaBase, Set.of(bootUnnamed), Map.of(), Map.of(), Set.of(), Map.of());
        }
    }

    private static Path writeJar() throws IOException {
        Path jar = Files.createTempFile("weft-bootstrap", ".jar");
        jar.toFile().deleteOnExit();
        try (OutputStream out = Files.newOutputStream(jar);
             JarOutputStream jarOut = new JarOutputStream(out)) {
            for (String resource : RESOURCES) {
                try (InputStream classFile = BootstrapBridge.class.getClassLoader().getResourceAsStream(resource)) {
                    if (classFile == null) {
                        throw new IOException("class file " + resource + " is missing from Weft's jar");
                    }
                    jarOut.putNextEntry(new JarEntry(resource));
                    classFile.transferTo(jarOut);
                    jarOut.closeEntry();
                }
            }
            jarOut.putNextEntry(new JarEntry(JdkHooksClass.INTERNAL_NAME + ".class"));
            jarOut.write(JdkHooksClass.generate());
            jarOut.closeEntry();
        }
        return jar;
    }
}
