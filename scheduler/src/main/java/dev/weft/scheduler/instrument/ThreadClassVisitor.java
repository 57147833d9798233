package dev.weft.scheduler.instrument;

import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;

/**
 * {@code java.lang.Thread} itself: only its {@code run()} is changed, bracketed by {@link ThreadRunBracket}, so that
 * threads running a {@code Runnable} report when they begin and end. Likewise {@code java.lang.VirtualThread}
 * (JDK 21+), whose task runs in its private {@code run(Runnable)} on the virtual thread itself, not through
 * {@code Thread.run()}.
 */
final class ThreadClassVisitor extends ContextualClassVisitor {

    ThreadClassVisitor(ClassVisitor next, ClassScan scan, TypeHierarchy.View types, ClassFilter filter) {
        super(next, scan, types, filter, null);
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                     String[] exceptions) {
        MethodVisitor writer = super.visitMethod(access, name, descriptor, signature, exceptions);
        if (writer == null || !isRunMethod(name, descriptor)) {
            return writer;
        }
        MethodContext method = new MethodContext(context(), name, descriptor);
        return new ThreadRunBracket(new HandlerOrdering(writer, method), method);
    }

    private boolean isRunMethod(String name, String descriptor) {
        if (!name.equals("run")) {
            return false;
        }
        return context().internalName().equals(ClassInstrumenter.VIRTUAL_THREAD)
                ? descriptor.equals("(Ljava/lang/Runnable;)V")
                : descriptor.equals("()V");
    }
}
