package dev.weft.scheduler.instrument;

import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * Array element loads and stores → {@code Hooks.arrayRead/arrayWrite(array, index, site)} before the instruction,
 * except on an array that never leaves its method's frame ({@link ConfinedObjects}).
 * The array may be {@code null} or the index out of bounds: the hook runs first, then the instruction throws.
 */
final class ArrayAccessVisitor extends MethodVisitor {

    private static final String HOOK_DESCRIPTOR = "(Ljava/lang/Object;II)V";

    private final MethodContext context;

    ArrayAccessVisitor(MethodVisitor next, MethodContext context) {
        super(OpenedClassReader.ASM_API, next);
        this.context = context;
    }

    @Override
    public void visitInsn(int opcode) {
        boolean access = (opcode >= Opcodes.IALOAD && opcode <= Opcodes.SALOAD)
                || (opcode >= Opcodes.IASTORE && opcode <= Opcodes.SASTORE);
        // an array that never leaves the method's frame (ConfinedObjects): no other thread can see the access
        if (access && !context.accessesConfinedObject(opcode)) {
            hookBefore(opcode);
        }
        super.visitInsn(opcode);
    }

    private void hookBefore(int opcode) {
        if (opcode >= Opcodes.IALOAD && opcode <= Opcodes.SALOAD) {
            super.visitInsn(Opcodes.DUP2);
            Emit.callHook(mv, context.site(""), "arrayRead", HOOK_DESCRIPTOR);
        } else if (opcode == Opcodes.LASTORE || opcode == Opcodes.DASTORE) {
            // [a, i, vv] → DUP2_X2 → [vv, a, i, vv] → POP2 → [vv, a, i] → DUP2_X2 → [a, i, vv, a, i]
            super.visitInsn(Opcodes.DUP2_X2);
            super.visitInsn(Opcodes.POP2);
            super.visitInsn(Opcodes.DUP2_X2);
            Emit.callHook(mv, context.site(""), "arrayWrite", HOOK_DESCRIPTOR);
        } else if (opcode >= Opcodes.IASTORE && opcode <= Opcodes.SASTORE) {
            // [a, i, v] → DUP_X2 → [v, a, i, v] → POP → [v, a, i] → DUP2_X1 → [a, i, v, a, i]
            super.visitInsn(Opcodes.DUP_X2);
            super.visitInsn(Opcodes.POP);
            super.visitInsn(Opcodes.DUP2_X1);
            Emit.callHook(mv, context.site(""), "arrayWrite", HOOK_DESCRIPTOR);
        }
    }
}
