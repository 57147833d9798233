package dev.weft.scheduler.instrument;

import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * Sends the calls that may ask for an object's identity hash to the bootstrap {@code StableHashes}, which answers with
 * the hash an object constructed in an execution keeps between executions: {@code x.hashCode()} (virtual or interface
 * call, whatever the receiver's static type: its class decides at run time), {@code System.identityHashCode(x)}, and
 * {@code super.hashCode()} where the super class is {@code Object}.
 * Same stack before and after, so the method's frames stay as they are.
 *
 * <p>In the test's code this is the last visitor before the writer, so that the others see the original call. In the
 * JDK's hash tables ({@link JdkClasses#rewritesHashCalls}) it is the only change: their hash functions then place
 * such objects the same way in every execution, and so iterate them in the same order.
 */
final class StableHashCalls extends MethodVisitor {

    static final String STABLE_HASHES = "dev/weft/scheduler/instrument/boot/StableHashes";
    private static final String OBJECT_TO_INT = "(Ljava/lang/Object;)I";

    StableHashCalls(MethodVisitor next) {
        super(OpenedClassReader.ASM_API, next);
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        if (replaces(opcode, owner, name, descriptor)) {
            super.visitMethodInsn(Opcodes.INVOKESTATIC, STABLE_HASHES, name, OBJECT_TO_INT, false);
        } else if (opcode == Opcodes.INVOKESPECIAL && owner.equals("java/lang/Object") && name.equals("hashCode")
                && descriptor.equals("()I")) {
            // super.hashCode() in a class directly below Object: the object's identity hash, whatever it overrides
            super.visitMethodInsn(Opcodes.INVOKESTATIC, STABLE_HASHES, "identityHashCode", OBJECT_TO_INT, false);
        } else {
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
        }
    }

    /** Whether this call asks for a hash (also for a method reference: {@code System::identityHashCode}). */
    static boolean replaces(int opcode, String owner, String name, String descriptor) {
        return (opcode == Opcodes.INVOKEVIRTUAL || opcode == Opcodes.INVOKEINTERFACE)
                && name.equals("hashCode") && descriptor.equals("()I")
                || opcode == Opcodes.INVOKESTATIC && owner.equals("java/lang/System")
                && name.equals("identityHashCode") && descriptor.equals(OBJECT_TO_INT);
    }

    /** The whole change to a JDK hash table's class: every method's hash calls, nothing else. */
    static final class InJdkClass extends ClassVisitor {

        InJdkClass(ClassVisitor next) {
            super(OpenedClassReader.ASM_API, next);
        }

        @Override
        public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                         String[] exceptions) {
            MethodVisitor writer = super.visitMethod(access, name, descriptor, signature, exceptions);
            return writer == null ? null : new StableHashCalls(writer);
        }
    }
}
