package dev.weft.scheduler.instrument;

import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * Calls something at method entry and at every exit, normal or by a throwable: a catch-anything handler around the
 * whole body reports the throwable and rethrows it. The handler is registered as an outer handler, so the method's
 * own handlers still see their exceptions first.
 */
abstract class MethodBracket extends MethodVisitor {

    private final MethodContext context;
    private final Label bodyStart = new Label();

    MethodBracket(MethodVisitor next, MethodContext context) {
        super(OpenedClassReader.ASM_API, next);
        this.context = context;
    }

    /** Emits the entry call. */
    abstract void enter();

    /** Emits the call before a return instruction; the stack holds the return value, if any. */
    abstract void exitNormally();

    /** Emits the call at the handler; the stack holds the throwable, which must stay there. */
    abstract void exitByThrowable();

    @Override
    public void visitCode() {
        super.visitCode();
        enter();
        super.visitLabel(bodyStart);
    }

    @Override
    public void visitInsn(int opcode) {
        if (Emit.isReturn(opcode)) {
            exitNormally();
        }
        super.visitInsn(opcode);
    }

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
        Label bodyEnd = new Label();
        Label handler = new Label();
        super.visitLabel(bodyEnd);
        super.visitLabel(handler);
        exitByThrowable();
        super.visitInsn(Opcodes.ATHROW);
        context.addOuterHandler(new MethodContext.Handler(bodyStart, bodyEnd, handler, null));
        super.visitMaxs(maxStack, maxLocals);
    }
}
