package dev.weft.scheduler.instrument;

import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * {@code Hooks.classUsed(Owner.class)} before each instruction that initialises its class if it is not:
 * {@code NEW}, {@code GETSTATIC}, {@code PUTSTATIC} and {@code INVOKESTATIC} of another class, whose static
 * initialiser (or a superclass's) Weft can run again ({@link TypeHierarchy.View#initialisesRepeatably}). The runtime
 * runs it again there, at the class's first use in each execution, as a fresh JVM would. Uses of the class's own
 * members need no check: its code runs only once something else used it.
 */
final class ClassUseVisitor extends MethodVisitor {

    private static final String HOOK_DESCRIPTOR = "(Ljava/lang/Class;)V";

    private final MethodContext context;

    ClassUseVisitor(MethodVisitor next, MethodContext context) {
        super(OpenedClassReader.ASM_API, next);
        this.context = context;
    }

    @Override
    public void visitTypeInsn(int opcode, String type) {
        if (opcode == Opcodes.NEW) {
            used(type);
        }
        super.visitTypeInsn(opcode, type);
    }

    @Override
    public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
        if (opcode == Opcodes.GETSTATIC || opcode == Opcodes.PUTSTATIC) {
            used(owner);
        }
        super.visitFieldInsn(opcode, owner, name, descriptor);
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        if (opcode == Opcodes.INVOKESTATIC && !isInterface) {
            used(owner);
        }
        super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
    }

    private void used(String owner) {
        ClassContext own = context.classContext();
        if (!owner.equals(own.internalName()) && !owner.startsWith("[")
                && context.types().initialisesRepeatably(owner, own.filter()::instrumentsName)) {
            super.visitLdcInsn(Type.getObjectType(owner));
            Emit.callHook(mv, "classUsed", HOOK_DESCRIPTOR);
        }
    }
}
