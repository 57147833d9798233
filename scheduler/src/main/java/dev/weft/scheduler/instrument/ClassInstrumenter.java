package dev.weft.scheduler.instrument;

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
 * <p>Only method bodies change (no member, modifier or hierarchy change), which is what retransformation of already
 * loaded classes allows.
 */
final class ClassInstrumenter {

    static final String THREAD = "java/lang/Thread";

    private final TypeHierarchy hierarchy = new TypeHierarchy();
    private final ClassFilter filter;

    ClassInstrumenter(ClassFilter filter) {
        this.filter = filter;
    }

    /** Whether {@link #instrument} changes this class. */
    boolean accepts(String internalName, ClassLoader loader) {
        return isThreadClass(internalName, loader) || filter.instruments(internalName, loader);
    }

    byte[] instrument(String internalName, ClassLoader loader, byte[] classFile) {
        ClassScan scan = ClassScan.of(classFile);
        TypeHierarchy.View types = hierarchy.of(loader);
        ClassWriter writer = new FrameComputingWriter(types);
        ClassVisitor visitor = isThreadClass(internalName, loader)
                ? new ThreadClassVisitor(writer, scan, types, filter)
                : new InstrumentingClassVisitor(writer, scan, types, filter);
        // Old frames are skipped: the writer computes new ones.
        OpenedClassReader.of(classFile).accept(visitor, ClassReader.SKIP_FRAMES);
        return writer.toByteArray();
    }

    private static boolean isThreadClass(String internalName, ClassLoader loader) {
        return loader == null && THREAD.equals(internalName);
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
