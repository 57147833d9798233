package dev.weft.scheduler.instrument;

import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * {@code MONITORENTER}/{@code MONITOREXIT} → ask {@code Hooks.monitorEnter/monitorExit} first; when the handler
 * answers that it took (released) the monitor in its model, the real instruction is skipped:
 * <pre>
 *   DUP; push site; INVOKESTATIC Hooks.monitorEnter(Object,int)boolean; IFNE model
 *   MONITORENTER; GOTO done
 *   model: POP
 *   done:
 * </pre>
 * Managed threads thus never block on a real monitor the scheduler cannot see, and unmanaged threads keep the
 * JVM's. The JIT cannot prove such monitors balanced and leaves the method interpreted; the cost is paid only by
 * methods with {@code synchronized} blocks.
 */
final class MonitorVisitor extends MethodVisitor {

    private static final String HOOK_DESCRIPTOR = "(Ljava/lang/Object;I)Z";

    private final MethodContext context;

    MonitorVisitor(MethodVisitor next, MethodContext context) {
        super(OpenedClassReader.ASM_API, next);
        this.context = context;
    }

    @Override
    public void visitInsn(int opcode) {
        if (opcode == Opcodes.MONITORENTER || opcode == Opcodes.MONITOREXIT) {
            modelOrReal(mv, opcode, context.site(""));
        } else {
            super.visitInsn(opcode);
        }
    }

    /**
     * Emits the hook-or-real sequence above for {@code MONITORENTER} or {@code MONITOREXIT}; the monitor is on the
     * stack and is consumed.
     */
    static void modelOrReal(MethodVisitor mv, int opcode, int site) {
        Label model = new Label();
        Label done = new Label();
        mv.visitInsn(Opcodes.DUP);
        Emit.callHook(mv, site, opcode == Opcodes.MONITORENTER ? "monitorEnter" : "monitorExit", HOOK_DESCRIPTOR);
        mv.visitJumpInsn(Opcodes.IFNE, model);
        mv.visitInsn(opcode);
        mv.visitJumpInsn(Opcodes.GOTO, done);
        mv.visitLabel(model);
        mv.visitInsn(Opcodes.POP);
        mv.visitLabel(done);
    }
}
