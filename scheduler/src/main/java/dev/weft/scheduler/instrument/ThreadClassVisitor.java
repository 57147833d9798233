package dev.weft.scheduler.instrument;

import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * {@code java.lang.Thread} itself: only its {@code run()} is changed, bracketed by {@link ThreadRunBracket}, so that
 * threads running a {@code Runnable} report when they begin and end. Likewise {@code java.lang.VirtualThread}
 * (JDK 21+), whose task runs in its private {@code run(Runnable)} on the virtual thread itself, not through
 * {@code Thread.run()}.
 */
final class ThreadClassVisitor extends ClassVisitor {

    private final ClassScan scan;
    private final TypeHierarchy.View types;
    private final ClassFilter filter;
    private ClassContext context;

    ThreadClassVisitor(ClassVisitor next, ClassScan scan, TypeHierarchy.View types, ClassFilter filter) {
        super(OpenedClassReader.ASM_API, next);
        this.scan = scan;
        this.types = types;
        this.filter = filter;
    }

    @Override
    public void visit(int version, int access, String name, String signature, String superName,
                      String[] interfaces) {
        context = new ClassContext(name, superName, scan, types, filter);
        super.visit(version, access, name, signature, superName, interfaces);
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                     String[] exceptions) {
        MethodVisitor writer = super.visitMethod(access, name, descriptor, signature, exceptions);
        if (writer == null || !isRunMethod(name, descriptor)) {
            return writer;
        }
        MethodContext method = new MethodContext(context, name, descriptor);
        return new ThreadRunBracket(new HandlerOrdering(writer, method), method);
    }

    private boolean isRunMethod(String name, String descriptor) {
        if (!name.equals("run")) {
            return false;
        }
        return context.internalName().equals(ClassInstrumenter.VIRTUAL_THREAD)
                ? descriptor.equals("(Ljava/lang/Runnable;)V")
                : descriptor.equals("()V");
    }
}
