package dev.weft.scheduler.instrument;

import dev.weft.scheduler.hooks.Sites;
import java.util.function.Function;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * Turns a class file into its instrumented form: a first pass ({@link ClassScan}), then the instrumenting pass into
 * a writer that recomputes every stack map frame ({@code COMPUTE_FRAMES}): the inserted branches and handlers need
 * new frames, and recomputing all of them is simpler and safer than patching the old ones. The frames' merge types
 * come from {@link TypeHierarchy}, read from class files of the class's own loader, never by loading classes.
 *
 * <p>Only method bodies change, which is what retransformation of already loaded classes allows, with two
 * exceptions for a class being defined: it loses {@code ACC_SYNCHRONIZED} on its methods, which take their monitor
 * themselves ({@link SynchronizedMethodBody}), and a class whose static initialiser can run again gets a copy of it
 * and loses {@code final} on the static fields it assigns ({@link InstrumentingClassVisitor}). A retransformed class
 * keeps the flag unless it lost it when it was defined ({@link StrippedClasses}); its methods were copied then too.
 */
final class ClassInstrumenter {

    static final String THREAD = "java/lang/Thread";
    /** JDK 21+: a virtual thread runs its task in {@code VirtualThread.run(Runnable)}, never in {@code Thread.run()}. */
    static final String VIRTUAL_THREAD = "java/lang/VirtualThread";

    private final TypeHierarchy hierarchy = new TypeHierarchy();
    private final StrippedClasses stripped = new StrippedClasses();
    private final ClassFilter filter;

    ClassInstrumenter(ClassFilter filter) {
        this.filter = filter;
    }

    /** Whether {@link #instrument} changes this class. */
    boolean accepts(String internalName, ClassLoader loader) {
        return isThreadClass(internalName, loader) || isJdkBody(internalName, loader)
                || isJdkHashing(internalName, loader) || isForkJoin(internalName, loader)
                || filter.instruments(internalName, loader);
    }

    /**
     * @param redefining whether the class is already loaded (retransformation), rather than being defined
     */
    byte[] instrument(String internalName, ClassLoader loader, byte[] classFile, boolean redefining) {
        ClassScan scan = ClassScan.of(classFile);
        TypeHierarchy.View types = hierarchy.of(loader);
        if (isThreadClass(internalName, loader)) {
            return write(classFile, types, writer -> new ThreadClassVisitor(writer, scan, types, filter));
        }
        if (isJdkBody(internalName, loader)) {
            return write(classFile, types, writer -> new JdkBodyVisitor(writer, scan, types, filter));
        }
        if (isJdkHashing(internalName, loader)) {
            return sendHashCallsToStableHashes(classFile);
        }
        if (isForkJoin(internalName, loader)) {
            return write(classFile, types, writer -> new ForkJoinRedirects(writer, internalName));
        }
        boolean strip = redefining ? stripped.contains(loader, internalName) : scan.hasSynchronizedMethods();
        byte[] repeatableInitialiser = !redefining && scan.initialiserRepeatable() ? classFile : null;
        byte[] instrumented = write(classFile, types,
                writer -> new InstrumentingClassVisitor(writer, scan, types, filter, strip, null,
                        repeatableInitialiser));
        if (!redefining && scan.hasSynchronizedMethods()) {
            // Only once the class file is complete: a class that fails to instrument is defined unchanged.
            stripped.add(loader, internalName);
        }
        return instrumented;
    }

    /**
     * A bridge generated for a method reference ({@link BridgeClass}), instrumented as the code of the class that
     * holds the reference would be, its sites reporting the reference's {@code origin}.
     */
    byte[] instrumentBridge(ClassLoader loader, byte[] classFile, Sites.Site origin) {
        ClassScan scan = ClassScan.of(classFile);
        TypeHierarchy.View types = hierarchy.of(loader);
        return write(classFile, types,
                writer -> new InstrumentingClassVisitor(writer, scan, types, filter, false, origin, null));
    }

    private static byte[] write(byte[] classFile, TypeHierarchy.View types,
                                Function<ClassWriter, ClassVisitor> visitor) {
        ClassWriter writer = new FrameComputingWriter(types);
        // Old frames are skipped: the writer computes new ones.
        OpenedClassReader.of(classFile).accept(visitor.apply(writer), ClassReader.SKIP_FRAMES);
        return writer.toByteArray();
    }

    /** Keeps the class's frames: the calls replaced take and leave the same stack. */
    private static byte[] sendHashCallsToStableHashes(byte[] classFile) {
        ClassReader reader = OpenedClassReader.of(classFile);
        ClassWriter writer = new ClassWriter(reader, 0);
        reader.accept(new StableHashCalls.InJdkClass(writer), 0);
        return writer.toByteArray();
    }

    private static boolean isJdkHashing(String internalName, ClassLoader loader) {
        return loader == null && JdkClasses.rewritesHashCalls(internalName);
    }

    private static boolean isForkJoin(String internalName, ClassLoader loader) {
        return loader == null && ForkJoinRedirects.redirects(internalName);
    }

    private static boolean isThreadClass(String internalName, ClassLoader loader) {
        return loader == null && (THREAD.equals(internalName) || VIRTUAL_THREAD.equals(internalName));
    }

    private static boolean isJdkBody(String internalName, ClassLoader loader) {
        return loader == null && JdkClasses.instrumentsBody(internalName);
    }

    private static final class FrameComputingWriter extends ClassWriter {

        private final TypeHierarchy.View types;

        FrameComputingWriter(TypeHierarchy.View types) {
            super(ClassWriter.COMPUTE_FRAMES);
            this.types = types;
        }

        @Override
        protected String getCommonSuperClass(String first, String second) {
            return types.commonSuperClass(first, second);
        }
    }
}
