package dev.weft.scheduler.instrument;

import java.util.concurrent.atomic.AtomicInteger;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * Generates the class file of a bridge: one public static method that takes the receiver (for an instance method)
 * and the arguments of a method reference's target, and calls the target (or, for a constructor reference, makes
 * the object and returns it). The call is ordinary bytecode, so the
 * instrumenting visitors treat it as any call (a replaced JDK call, an atomic access, an announced synchronized
 * call), which they cannot do in the lambda proxy class that the JDK would otherwise generate.
 *
 * <p>A bridge is named after the class holding the method reference, {@code Caller$$WeftBridge$7}: it must be in
 * the same package to be defined through that class's lookup, and to reach package-private targets.
 */
final class BridgeClass {

    static final String METHOD = "bridge";
    private static final String MARKER = "$$WeftBridge$";
    private static final AtomicInteger COUNTER = new AtomicInteger();

    private BridgeClass() {
    }

    /** A fresh bridge name beside the caller (internal names). */
    static String nameFor(String callerInternalName) {
        return callerInternalName + MARKER + COUNTER.incrementAndGet();
    }

    static boolean isBridge(String internalName) {
        return internalName.contains(MARKER);
    }

    static byte[] generate(String internalName, BridgeTargets.Target target) {
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        writer.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL | Opcodes.ACC_SUPER | Opcodes.ACC_SYNTHETIC,
                internalName, null, "java/lang/Object", null);
        String descriptor = target.bridgeDescriptor();
        MethodVisitor method = writer.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC,
                METHOD, descriptor, null, null);
        method.visitCode();
        if (target.isConstructor()) {
            method.visitTypeInsn(Opcodes.NEW, target.owner());
            method.visitInsn(Opcodes.DUP);
        }
        int slot = 0;
        for (Type parameter : Type.getArgumentTypes(descriptor)) {
            Emit.load(method, parameter, slot);
            slot += parameter.getSize();
        }
        method.visitMethodInsn(target.opcode(), target.owner(), target.name(), target.descriptor(),
                target.isInterface());
        method.visitInsn(Type.getReturnType(descriptor).getOpcode(Opcodes.IRETURN));
        method.visitMaxs(0, 0);
        method.visitEnd();
        writer.visitEnd();
        return writer.toByteArray();
    }
}
