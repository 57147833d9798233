package dev.weft.scheduler.instrument;

import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * How many operand stack slots an instruction takes and leaves (a {@code long} or {@code double} is two), as the JVM
 * specification gives them; {@code null} for an instruction after which the code does not simply go on (a jump, a
 * switch, a return, a throw, a subroutine). The shaded ASM has no analysis package, and {@link ConfinedObjects} needs
 * no more than this.
 */
final class StackEffect {

    private StackEffect() {
    }

    /**
     * @param operand    the local variable or int operand ({@code MULTIANEWARRAY}: the dimensions)
     * @param descriptor a field's or method's descriptor, for those instructions
     * @param constant   an {@code LDC}'s constant
     * @return {@code {taken, left}}, or {@code null}
     */
    static int[] of(int opcode, int operand, String descriptor, Object constant) {
        switch (opcode) {
            case Opcodes.NOP, Opcodes.IINC:
                return effect(0, 0);
            case Opcodes.ACONST_NULL, Opcodes.ICONST_M1, Opcodes.ICONST_0, Opcodes.ICONST_1, Opcodes.ICONST_2,
                 Opcodes.ICONST_3, Opcodes.ICONST_4, Opcodes.ICONST_5, Opcodes.FCONST_0, Opcodes.FCONST_1,
                 Opcodes.FCONST_2, Opcodes.BIPUSH, Opcodes.SIPUSH, Opcodes.ILOAD, Opcodes.FLOAD, Opcodes.ALOAD,
                 Opcodes.NEW:
                return effect(0, 1);
            case Opcodes.LCONST_0, Opcodes.LCONST_1, Opcodes.DCONST_0, Opcodes.DCONST_1, Opcodes.LLOAD,
                 Opcodes.DLOAD:
                return effect(0, 2);
            case Opcodes.LDC:
                return effect(0, constant instanceof Long || constant instanceof Double ? 2 : 1);
            case Opcodes.IALOAD, Opcodes.FALOAD, Opcodes.AALOAD, Opcodes.BALOAD, Opcodes.CALOAD, Opcodes.SALOAD:
                return effect(2, 1);
            case Opcodes.LALOAD, Opcodes.DALOAD:
                return effect(2, 2);
            case Opcodes.ISTORE, Opcodes.FSTORE, Opcodes.ASTORE, Opcodes.POP, Opcodes.MONITORENTER,
                 Opcodes.MONITOREXIT:
                return effect(1, 0);
            case Opcodes.LSTORE, Opcodes.DSTORE, Opcodes.POP2:
                return effect(2, 0);
            case Opcodes.IASTORE, Opcodes.FASTORE, Opcodes.AASTORE, Opcodes.BASTORE, Opcodes.CASTORE,
                 Opcodes.SASTORE:
                return effect(3, 0);
            case Opcodes.LASTORE, Opcodes.DASTORE:
                return effect(4, 0);
            case Opcodes.DUP:
                return effect(1, 2);
            case Opcodes.DUP_X1:
                return effect(2, 3);
            case Opcodes.DUP_X2:
                return effect(3, 4);
            case Opcodes.DUP2:
                return effect(2, 4);
            case Opcodes.DUP2_X1:
                return effect(3, 5);
            case Opcodes.DUP2_X2:
                return effect(4, 6);
            case Opcodes.SWAP:
                return effect(2, 2);
            case Opcodes.IADD, Opcodes.ISUB, Opcodes.IMUL, Opcodes.IDIV, Opcodes.IREM, Opcodes.ISHL, Opcodes.ISHR,
                 Opcodes.IUSHR, Opcodes.IAND, Opcodes.IOR, Opcodes.IXOR, Opcodes.FADD, Opcodes.FSUB, Opcodes.FMUL,
                 Opcodes.FDIV, Opcodes.FREM, Opcodes.FCMPL, Opcodes.FCMPG:
                return effect(2, 1);
            case Opcodes.LADD, Opcodes.LSUB, Opcodes.LMUL, Opcodes.LDIV, Opcodes.LREM, Opcodes.LAND, Opcodes.LOR,
                 Opcodes.LXOR, Opcodes.DADD, Opcodes.DSUB, Opcodes.DMUL, Opcodes.DDIV, Opcodes.DREM:
                return effect(4, 2);
            case Opcodes.LSHL, Opcodes.LSHR, Opcodes.LUSHR:
                return effect(3, 2);
            case Opcodes.INEG, Opcodes.FNEG, Opcodes.I2F, Opcodes.F2I, Opcodes.I2B, Opcodes.I2C, Opcodes.I2S,
                 Opcodes.NEWARRAY, Opcodes.ANEWARRAY, Opcodes.ARRAYLENGTH, Opcodes.CHECKCAST, Opcodes.INSTANCEOF:
                return effect(1, 1);
            case Opcodes.LNEG, Opcodes.DNEG, Opcodes.L2D, Opcodes.D2L:
                return effect(2, 2);
            case Opcodes.I2L, Opcodes.I2D, Opcodes.F2L, Opcodes.F2D:
                return effect(1, 2);
            case Opcodes.L2I, Opcodes.L2F, Opcodes.D2I, Opcodes.D2F:
                return effect(2, 1);
            case Opcodes.LCMP, Opcodes.DCMPL, Opcodes.DCMPG:
                return effect(4, 1);
            case Opcodes.GETSTATIC:
                return effect(0, Type.getType(descriptor).getSize());
            case Opcodes.PUTSTATIC:
                return effect(Type.getType(descriptor).getSize(), 0);
            case Opcodes.GETFIELD:
                return effect(1, Type.getType(descriptor).getSize());
            case Opcodes.PUTFIELD:
                return effect(1 + Type.getType(descriptor).getSize(), 0);
            case Opcodes.INVOKEVIRTUAL, Opcodes.INVOKESPECIAL, Opcodes.INVOKEINTERFACE:
                return call(descriptor, 1);
            case Opcodes.INVOKESTATIC, Opcodes.INVOKEDYNAMIC:
                return call(descriptor, 0);
            case Opcodes.MULTIANEWARRAY:
                return effect(operand, 1);
            default:
                return null; // jumps, switches, returns, athrow, jsr, ret
        }
    }

    private static int[] call(String descriptor, int receiver) {
        int sizes = Type.getArgumentsAndReturnSizes(descriptor);
        return effect((sizes >> 2) - 1 + receiver, sizes & 0x3);
    }

    private static int[] effect(int taken, int left) {
        return new int[] {taken, left};
    }
}
