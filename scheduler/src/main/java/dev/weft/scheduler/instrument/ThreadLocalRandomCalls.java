package dev.weft.scheduler.instrument;

import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * A draw from a {@code ThreadLocalRandom} ({@code ThreadLocalRandom.current().nextInt(10)}) is made from the generator
 * {@code Hooks.threadLocalRandom} gives instead, the same method on a {@code java.util.Random}: the JDK's generator
 * mixes the JVM thread's id into each draw, and a thread of an execution runs on a different JVM thread every time,
 * so the same schedule would draw different numbers. Every draw method of {@code ThreadLocalRandom} is one of
 * {@code Random} (or of the {@code RandomGenerator} it implements), with the same descriptor.
 *
 * <p>After {@link AtomicVisitor} in the chain: the call it emits on the thread's own generator is no shared draw.
 */
final class ThreadLocalRandomCalls extends MethodVisitor {

    private static final String THREAD_LOCAL_RANDOM = "java/util/concurrent/ThreadLocalRandom";
    private static final String RANDOM = "java/util/Random";

    private final MethodContext context;

    ThreadLocalRandomCalls(MethodVisitor next, MethodContext context) {
        super(OpenedClassReader.ASM_API, next);
        this.context = context;
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        if (!replaces(opcode, owner, name)) {
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            return;
        }
        Type[] arguments = Type.getArgumentTypes(descriptor);
        int[] slots = CallBracket.parkArguments(context, mv, arguments);
        Emit.callHook(mv, "threadLocalRandom", "(L" + THREAD_LOCAL_RANDOM + ";)L" + RANDOM + ";");
        CallBracket.reloadArguments(mv, arguments, slots);
        super.visitMethodInsn(Opcodes.INVOKEVIRTUAL, RANDOM, name, descriptor, false);
    }

    /** Whether this call is such a draw (also for a method reference: {@code ThreadLocalRandom.current()::nextInt}). */
    static boolean replaces(int opcode, String owner, String name) {
        return opcode == Opcodes.INVOKEVIRTUAL && owner.equals(THREAD_LOCAL_RANDOM)
                && (name.startsWith("next") || name.equals("ints") || name.equals("longs") || name.equals("doubles"));
    }
}
