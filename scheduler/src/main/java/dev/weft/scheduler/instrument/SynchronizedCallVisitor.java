package dev.weft.scheduler.instrument;

import java.util.Optional;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * Calls of {@code synchronized} methods of instrumented classes are bracketed at the call site:
 * <pre>
 *   Hooks.monitorEnter(monitor, site)      // the model acquires; the result is ignored
 *   invoke                                  // the JVM takes and releases the real monitor, uncontended
 *   Hooks.monitorExit(monitor, site)       // also when the call throws, then rethrown
 * </pre>
 * In a class loaded before installation, retransformation cannot remove {@code ACC_SYNCHRONIZED}, so the real monitor
 * of a synchronized method is always taken. Announcing the acquisition before the invocation lets the scheduler hold a thread back while its model says
 * another managed thread owns the monitor; the thread then reaches the real monitor only once it is free, and never
 * blocks where the scheduler cannot see. The monitor is released in the model only after the JVM released it.
 *
 * <p>The method is resolved statically, from the call's owner up the class chain. A call whose static target is not
 * synchronized but whose runtime target is (an override) is not announced, nor is an entry by a method reference,
 * reflection or the JDK: the method's body then takes the monitor ({@link SynchronizedMethodBody}), and a thread paused
 * inside such a method waits in its real monitor, so that the unannounced entry does not block in the JVM.
 * Synchronized methods of uninstrumented classes are not announced: the synchronized collections' calls
 * ({@code Vector}, {@code Hashtable}, {@code StringBuffer}, {@code Collections.synchronized*}) are bracketed as
 * collection calls, which take the monitor in the model ({@code CollectionModel}); the others run unseen.
 *
 * <p>Whether the callee keeps {@code ACC_SYNCHRONIZED} is unknown here (it may not be loaded yet), so the call is
 * announced anyway, and the model enters the reentrant monitor twice (call site, then body).
 */
final class SynchronizedCallVisitor extends MethodVisitor {

    private static final String HOOK_DESCRIPTOR = "(Ljava/lang/Object;I)Z";

    private final MethodContext context;

    SynchronizedCallVisitor(MethodVisitor next, MethodContext context) {
        super(OpenedClassReader.ASM_API, next);
        this.context = context;
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        Optional<MethodDescription> target = synchronizedTarget(context.classContext(), opcode, owner, name,
                descriptor, isInterface);
        if (target.isEmpty()) {
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            return;
        }
        TypeDescription declaring = target.get().getDeclaringType().asErasure();
        int site = context.site(Emit.simpleName(declaring.getInternalName()) + "." + name);
        boolean isStatic = opcode == Opcodes.INVOKESTATIC;
        int monitorSlot = isStatic ? -1 : CallBracket.keepReceiver(context, mv, descriptor);

        pushMonitor(declaring, monitorSlot);
        Emit.callHook(mv, site, "monitorEnter", HOOK_DESCRIPTOR);
        super.visitInsn(Opcodes.POP);
        if (!isStatic) {
            CallBracket.reloadArguments(mv, descriptor, monitorSlot);
        }

        CallBracket.invoke(context, mv, () -> super.visitMethodInsn(opcode, owner, name, descriptor, isInterface),
                () -> { }, () -> {
                    releaseInModel(declaring, monitorSlot, site);
                    if (monitorSlot >= 0) {
                        CallBracket.forgetReceiver(mv, monitorSlot);
                    }
                });
    }

    /** The synchronized method whose call this visitor announces, if the call is one. */
    static Optional<MethodDescription> synchronizedTarget(ClassContext caller, int opcode, String owner, String name,
                                                          String descriptor, boolean isInterface) {
        if (isInterface || opcode == Opcodes.INVOKEINTERFACE || name.startsWith("<") || owner.startsWith("[")
                || !caller.filter().instrumentsName(owner)) {
            return Optional.empty();
        }
        return caller.types().classMethod(owner, name, descriptor)
                .filter(MethodDescription::isSynchronized)
                .filter(method -> caller.filter()
                        .instrumentsName(method.getDeclaringType().asErasure().getInternalName()))
                // The class literal of a static method's declaring class must be accessible from here.
                .filter(method -> !method.isStatic() || method.getDeclaringType().asErasure().isPublic()
                        || method.getDeclaringType().asErasure().getInternalName().equals(owner));
    }

    private void pushMonitor(TypeDescription declaring, int monitorSlot) {
        if (monitorSlot < 0) {
            super.visitLdcInsn(Type.getObjectType(declaring.getInternalName()));
        } else {
            super.visitVarInsn(Opcodes.ALOAD, monitorSlot);
        }
    }

    private void releaseInModel(TypeDescription declaring, int monitorSlot, int site) {
        pushMonitor(declaring, monitorSlot);
        Emit.callHook(mv, site, "monitorExit", HOOK_DESCRIPTOR);
        super.visitInsn(Opcodes.POP);
    }
}
