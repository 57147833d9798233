package dev.weft.scheduler.instrument;

import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * A {@code synchronized} method whose {@code ACC_SYNCHRONIZED} flag was removed (a class transformed as it loads)
 * takes its monitor itself, as a {@code synchronized} block does ({@link MonitorVisitor}): at entry
 * {@code Hooks.monitorEnter(monitor, site)} decides between the model and a real {@code MONITORENTER}, and at every
 * exit, by return or by throwable, {@code Hooks.monitorExit} decides between the model and {@code MONITOREXIT}. The
 * monitor is {@code this}, or the class for a static method.
 *
 * <p>So every entry is controlled, whoever calls: a lambda proxy, reflection, the JDK. A call site that also
 * announces the call ({@link SynchronizedCallVisitor} cannot tell whether the callee will be stripped) makes the
 * model enter the monitor twice and leave it twice, which a reentrant monitor allows.
 */
final class SynchronizedMethodBody extends MethodBracket {

    private final MethodContext context;
    private final boolean isStatic;
    private final String member;
    /** Where the receiver is kept: the code may reuse local 0, but the monitor stays the receiver. */
    private int receiverSlot = -1;

    SynchronizedMethodBody(MethodVisitor next, MethodContext context, boolean isStatic) {
        super(next, context);
        this.context = context;
        this.isStatic = isStatic;
        this.member = Emit.simpleName(context.classContext().internalName()) + "." + context.methodName();
    }

    @Override
    void enter() {
        if (!isStatic) {
            receiverSlot = context.reserveLocal(Type.getObjectType("java/lang/Object"));
            super.visitVarInsn(Opcodes.ALOAD, 0);
            super.visitVarInsn(Opcodes.ASTORE, receiverSlot);
        }
        modelOrReal(Opcodes.MONITORENTER);
    }

    @Override
    void exitNormally() {
        modelOrReal(Opcodes.MONITOREXIT);
    }

    @Override
    void exitByThrowable() {
        modelOrReal(Opcodes.MONITOREXIT);
    }

    private void modelOrReal(int opcode) {
        if (isStatic) {
            super.visitLdcInsn(Type.getObjectType(context.classContext().internalName()));
        } else {
            super.visitVarInsn(Opcodes.ALOAD, receiverSlot);
        }
        MonitorVisitor.modelOrReal(mv, opcode, context.site(member));
    }
}
