package dev.weft.scheduler.instrument;

import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/** Small bytecode idioms shared by the visitors. */
final class Emit {

    static final String HOOKS = "dev/weft/scheduler/hooks/Hooks";
    static final String THREAD_RUN_BRIDGE = "dev/weft/scheduler/instrument/boot/ThreadRunBridge";

    private Emit() {
    }

    static void pushInt(MethodVisitor mv, int value) {
        if (value >= -1 && value <= 5) {
            mv.visitInsn(Opcodes.ICONST_0 + value);
        } else if (value >= Byte.MIN_VALUE && value <= Byte.MAX_VALUE) {
            mv.visitIntInsn(Opcodes.BIPUSH, value);
        } else if (value >= Short.MIN_VALUE && value <= Short.MAX_VALUE) {
            mv.visitIntInsn(Opcodes.SIPUSH, value);
        } else {
            mv.visitLdcInsn(value);
        }
    }

    /** Pushes the site number and calls {@code Hooks.name}. */
    static void callHook(MethodVisitor mv, int site, String name, String descriptor) {
        pushInt(mv, site);
        callHook(mv, name, descriptor);
    }

    static void callHook(MethodVisitor mv, String name, String descriptor) {
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, HOOKS, name, descriptor, false);
    }

    static void store(MethodVisitor mv, Type type, int slot) {
        mv.visitVarInsn(type.getOpcode(Opcodes.ISTORE), slot);
    }

    static void load(MethodVisitor mv, Type type, int slot) {
        mv.visitVarInsn(type.getOpcode(Opcodes.ILOAD), slot);
    }

    /** Duplicates the value on top of the stack, whatever its size. */
    static void dup(MethodVisitor mv, Type type) {
        mv.visitInsn(type.getSize() == 2 ? Opcodes.DUP2 : Opcodes.DUP);
    }

    /** {@code a/b/Outer$Inner} becomes {@code Outer$Inner}: how sites name types to people. */
    static String simpleName(String internalName) {
        return internalName.substring(internalName.lastIndexOf('/') + 1);
    }

    static String dotted(String internalName) {
        return internalName.replace('/', '.');
    }

    static boolean isReturn(int opcode) {
        return opcode >= Opcodes.IRETURN && opcode <= Opcodes.RETURN;
    }
}
