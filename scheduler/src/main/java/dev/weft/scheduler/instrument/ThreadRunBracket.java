package dev.weft.scheduler.instrument;

import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * {@code run()} of {@code java.lang.Thread} and of its subclasses: tells the {@code ThreadRunBridge} when it begins
 * and how it ends. The bridge lives on the bootstrap class path so that {@code java.lang.Thread} can call it; it
 * reports only the outermost {@code run()} running on its own thread (a subclass's {@code run()} may call
 * {@code super.run()}, and anyone may call {@code run()} as a plain method).
 */
final class ThreadRunBracket extends MethodBracket {

    ThreadRunBracket(MethodVisitor next, MethodContext context) {
        super(next, context);
    }

    @Override
    void enter() {
        super.visitVarInsn(Opcodes.ALOAD, 0);
        super.visitMethodInsn(Opcodes.INVOKESTATIC, Emit.THREAD_RUN_BRIDGE, "runBegins", "(Ljava/lang/Thread;)V",
                false);
    }

    @Override
    void exitNormally() {
        super.visitVarInsn(Opcodes.ALOAD, 0);
        super.visitInsn(Opcodes.ACONST_NULL);
        callRunEnds();
    }

    @Override
    void exitByThrowable() {
        super.visitInsn(Opcodes.DUP);
        super.visitVarInsn(Opcodes.ALOAD, 0);
        super.visitInsn(Opcodes.SWAP);
        callRunEnds();
    }

    private void callRunEnds() {
        super.visitMethodInsn(Opcodes.INVOKESTATIC, Emit.THREAD_RUN_BRIDGE, "runEnds",
                "(Ljava/lang/Thread;Ljava/lang/Throwable;)V", false);
    }
}
