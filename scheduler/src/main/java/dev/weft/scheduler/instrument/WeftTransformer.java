package dev.weft.scheduler.instrument;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.function.BiConsumer;

/**
 * The JVM's entry into the instrumentation: called for every class as it is loaded, and again for each class that
 * is retransformed. A class that fails to instrument is loaded unchanged and the failure is reported; it is never
 * swallowed, because an uninstrumented class would run uncontrolled.
 */
final class WeftTransformer implements ClassFileTransformer {

    /** Classes the transformer itself loads (ByteBuddy's type pool, ...) reach it again; those are left alone. */
    private static final ThreadLocal<Boolean> TRANSFORMING = ThreadLocal.withInitial(() -> false);

    private final ClassInstrumenter instrumenter;
    private final BiConsumer<String, Throwable> onFailure;

    WeftTransformer(ClassInstrumenter instrumenter, BiConsumer<String, Throwable> onFailure) {
        this.instrumenter = instrumenter;
        this.onFailure = onFailure;
    }

    @Override
    public byte[] transform(ClassLoader loader, String className, Class<?> classBeingRedefined,
                            ProtectionDomain protectionDomain, byte[] classFile) {
        if (className == null || TRANSFORMING.get() || !instrumenter.accepts(className, loader)) {
            return null;
        }
        TRANSFORMING.set(true);
        try {
            return instrumenter.instrument(className, loader, classFile, classBeingRedefined != null);
        } catch (Throwable failure) {
            onFailure.accept(className.replace('/', '.'), failure);
            return null;
        } finally {
            TRANSFORMING.set(false);
        }
    }
}
