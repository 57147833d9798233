package dev.weft.scheduler.instrument;

import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * A {@code synchronized} method takes its monitor in its own body, so that every entry is controlled, whoever calls:
 * an instrumented call site, a lambda proxy, reflection, virtual dispatch, the JDK. The monitor is {@code this}, or
 * the class for a static method; the receiver is kept in a reserved local, since the code may reuse local 0.
 *
 * <ul>
 *   <li>{@code ACC_SYNCHRONIZED} removed (a class transformed as it is defined): the method takes its monitor as a
 *   {@code synchronized} block does ({@link MonitorVisitor}): at entry {@code Hooks.monitorEnter(monitor, site)}
 *   decides between the model and a real {@code MONITORENTER}, and at every exit, by return or by throwable,
 *   {@code Hooks.monitorExit} between the model and {@code MONITOREXIT}.</li>
 *   <li>{@code ACC_SYNCHRONIZED} kept (a retransformed class: the flag cannot be removed): the JVM has taken the real
 *   monitor when {@code Hooks.synchronizedMethodEntered(monitor, site)} runs at entry, and releases it after
 *   {@code Hooks.synchronizedMethodExited(monitor, site)} at every exit; the runtime takes the monitor in its model
 *   there when no call site announced the call.</li>
 * </ul>
 *
 * <p>A call site that also announces the call ({@link SynchronizedCallVisitor} cannot tell whether the callee keeps
 * the flag) makes the model enter the monitor twice and leave it twice, which a reentrant monitor allows: the call
 * site's enter is the {@code LOCK}, the body's only counts.
 */
final class SynchronizedMethodBody extends MethodBracket {

    private static final String ANNOUNCEMENT_DESCRIPTOR = "(Ljava/lang/Object;I)V";

    private final MethodContext context;
    private final boolean isStatic;
    private final boolean flagKept;
    private final String member;
    /** Where the receiver is kept: the code may reuse local 0, but the monitor stays the receiver. */
    private int receiverSlot = -1;

    /** @param flagKept whether the method keeps {@code ACC_SYNCHRONIZED} (its class is retransformed) */
    SynchronizedMethodBody(MethodVisitor next, MethodContext context, boolean isStatic, boolean flagKept) {
        super(next, context);
        this.context = context;
        this.isStatic = isStatic;
        this.flagKept = flagKept;
        this.member = Emit.simpleName(context.classContext().internalName()) + "." + context.methodName();
    }

    @Override
    void enter() {
        if (!isStatic) {
            receiverSlot = context.reserveLocal(Type.getObjectType("java/lang/Object"));
            super.visitVarInsn(Opcodes.ALOAD, 0);
            super.visitVarInsn(Opcodes.ASTORE, receiverSlot);
        }
        monitor(true);
    }

    @Override
    void exitNormally() {
        monitor(false);
    }

    @Override
    void exitByThrowable() {
        monitor(false);
    }

    /** At entry ({@code entry}) or at an exit: takes or releases the monitor, or tells the runtime the JVM does. */
    private void monitor(boolean entry) {
        if (isStatic) {
            super.visitLdcInsn(Type.getObjectType(context.classContext().internalName()));
        } else {
            super.visitVarInsn(Opcodes.ALOAD, receiverSlot);
        }
        int site = context.site(member);
        if (flagKept) {
            Emit.callHook(mv, site, entry ? "synchronizedMethodEntered" : "synchronizedMethodExited",
                    ANNOUNCEMENT_DESCRIPTOR);
        } else {
            MonitorVisitor.modelOrReal(mv, entry ? Opcodes.MONITORENTER : Opcodes.MONITOREXIT, site);
        }
    }
}
