package dev.weft.scheduler.instrument;

import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * Draws from a {@code java.util.Random} or a {@code ThreadLocalRandom} ({@code random.nextInt(10)},
 * {@code ThreadLocalRandom.current().nextDouble()}) and shuffles ({@code Collections.shuffle(list)}) are made from the
 * generator {@code Hooks.randomToDrawFrom} gives, the same method called on a {@code java.util.Random}: on a thread of
 * an execution, one whose numbers the same schedule reproduces (runtime {@code Randomness}). Every draw method of
 * {@code ThreadLocalRandom} is one of {@code Random} (or of the {@code RandomGenerator} it implements), with the same
 * descriptor; a shuffle without a generator is given one.
 *
 * <p>Last before {@link StableHashCalls} in the chain: {@code CollectionArgumentVisitor} sees the original shuffle
 * (which writes its list).
 */
final class RandomCalls extends MethodVisitor {

    private static final String RANDOM = "java/util/Random";
    private static final String THREAD_LOCAL_RANDOM = "java/util/concurrent/ThreadLocalRandom";
    private static final String COLLECTIONS = "java/util/Collections";
    private static final String SHUFFLE = "(Ljava/util/List;)V";
    private static final String SHUFFLE_WITH = "(Ljava/util/List;Ljava/util/Random;)V";
    private static final String HOOK = "(L" + RANDOM + ";)L" + RANDOM + ";";

    private final MethodContext context;

    RandomCalls(MethodVisitor next, MethodContext context) {
        super(OpenedClassReader.ASM_API, next);
        this.context = context;
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        if (isShuffle(opcode, owner, name, descriptor)) {
            if (descriptor.equals(SHUFFLE)) {
                super.visitInsn(Opcodes.ACONST_NULL);
            }
            Emit.callHook(mv, "randomToDrawFrom", HOOK);
            super.visitMethodInsn(Opcodes.INVOKESTATIC, COLLECTIONS, name, SHUFFLE_WITH, false);
        } else if (isDraw(opcode, owner, name)) {
            Type[] arguments = Type.getArgumentTypes(descriptor);
            int[] slots = CallBracket.parkArguments(context, mv, arguments);
            Emit.callHook(mv, "randomToDrawFrom", HOOK);
            CallBracket.reloadArguments(mv, arguments, slots);
            super.visitMethodInsn(Opcodes.INVOKEVIRTUAL, RANDOM, name, descriptor, false);
        } else {
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
        }
    }

    /** Whether this call is replaced (also for a method reference: {@code ThreadLocalRandom.current()::nextInt}). */
    static boolean replaces(int opcode, String owner, String name, String descriptor) {
        return isDraw(opcode, owner, name) || isShuffle(opcode, owner, name, descriptor);
    }

    private static boolean isDraw(int opcode, String owner, String name) {
        return opcode == Opcodes.INVOKEVIRTUAL && (owner.equals(RANDOM) || owner.equals(THREAD_LOCAL_RANDOM))
                && (name.startsWith("next") || name.equals("ints") || name.equals("longs") || name.equals("doubles"));
    }

    private static boolean isShuffle(int opcode, String owner, String name, String descriptor) {
        return opcode == Opcodes.INVOKESTATIC && owner.equals(COLLECTIONS) && name.equals("shuffle")
                && (descriptor.equals(SHUFFLE) || descriptor.equals(SHUFFLE_WITH));
    }
}
