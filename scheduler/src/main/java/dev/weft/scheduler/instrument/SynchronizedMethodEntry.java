package dev.weft.scheduler.instrument;

import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * At entry of a {@code synchronized} method that keeps {@code ACC_SYNCHRONIZED} (its class was loaded before
 * installation and is retransformed): {@code Hooks.synchronizedMethodEntered(monitor, site)}. The monitor is
 * modelled at call sites ({@link SynchronizedCallVisitor}); this notification lets the runtime notice entries no
 * call site announced and fail instead of running them uncontrolled.
 */
final class SynchronizedMethodEntry extends MethodVisitor {

    private final MethodContext context;
    private final boolean isStatic;

    SynchronizedMethodEntry(MethodVisitor next, MethodContext context, boolean isStatic) {
        super(OpenedClassReader.ASM_API, next);
        this.context = context;
        this.isStatic = isStatic;
    }

    @Override
    public void visitCode() {
        super.visitCode();
        ClassContext owner = context.classContext();
        if (isStatic) {
            super.visitLdcInsn(Type.getObjectType(owner.internalName()));
        } else {
            super.visitVarInsn(Opcodes.ALOAD, 0);
        }
        String member = Emit.simpleName(owner.internalName()) + "." + context.methodName();
        Emit.callHook(mv, context.site(member), "synchronizedMethodEntered", "(Ljava/lang/Object;I)V");
    }
}
