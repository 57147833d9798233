package dev.weft.scheduler.instrument;

import dev.weft.scheduler.hooks.Hooks;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.instrument.Instrumentation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;

/**
 * Puts {@code ThreadRunBridge} on the bootstrap class path and connects it to {@link Hooks}.
 *
 * <p>Only that one class goes there, not the hooks package: a class the application loader has already loaded (and
 * {@code Hooks} is loaded early, by whatever installs a handler) would otherwise exist twice, and the bootstrap copy
 * would never see the installed handler. The bridge's name is used nowhere in Weft's own code but through the
 * bootstrap loader, and it carries only JDK types, so there is exactly one copy and it reaches {@code Hooks}
 * through the functional interfaces that Weft hands it.
 */
final class BootstrapBridge {

    static final String CLASS_NAME = Emit.THREAD_RUN_BRIDGE.replace('/', '.');
    private static final String RESOURCE = Emit.THREAD_RUN_BRIDGE + ".class";

    private BootstrapBridge() {
    }

    static void install(Instrumentation instrumentation) {
        try {
            instrumentation.appendToBootstrapClassLoaderSearch(new JarFile(writeJar().toFile()));
            Class<?> bridge = Class.forName(CLASS_NAME, true, null);
            Consumer<Thread> begins = Hooks::threadRunBegins;
            BiConsumer<Thread, Throwable> ends = Hooks::threadRunEnds;
            bridge.getMethod("connect", Consumer.class, BiConsumer.class).invoke(null, begins, ends);
        } catch (IOException | ReflectiveOperationException | LinkageError e) {
            throw new WeftSetupException("Weft could not place " + CLASS_NAME + " on the bootstrap class path, "
                    + "which java.lang.Thread.run() needs to report thread starts and ends: " + e, e);
        }
    }

    private static Path writeJar() throws IOException {
        Path jar = Files.createTempFile("weft-bootstrap", ".jar");
        jar.toFile().deleteOnExit();
        try (InputStream classFile = BootstrapBridge.class.getClassLoader().getResourceAsStream(RESOURCE);
             OutputStream out = Files.newOutputStream(jar);
             JarOutputStream jarOut = new JarOutputStream(out)) {
            if (classFile == null) {
                throw new IOException("class file " + RESOURCE + " is missing from Weft's jar");
            }
            jarOut.putNextEntry(new JarEntry(RESOURCE));
            classFile.transferTo(jarOut);
            jarOut.closeEntry();
        }
        return jar;
    }
}
