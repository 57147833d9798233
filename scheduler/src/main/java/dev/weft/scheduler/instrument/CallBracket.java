package dev.weft.scheduler.instrument;

import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * Code shared by the visitors that bracket a call with hooks: keeping the receiver of the call in a local variable
 * while a hook is called with it, and running an exit hook after the call whether it returns or throws.
 */
final class CallBracket {

    private CallBracket() {
    }

    /**
     * [receiver, args...] → [receiver]: the arguments go to fresh local variables, and a copy of the receiver too.
     *
     * @return the local variable holding the receiver; the arguments follow it (see {@link #reloadArguments})
     */
    static int keepReceiver(MethodContext context, MethodVisitor mv, String descriptor) {
        Type[] arguments = Type.getArgumentTypes(descriptor);
        context.startTemps();
        int receiverSlot = context.newTemp(Type.getObjectType("java/lang/Object"));
        int[] slots = new int[arguments.length];
        for (int i = 0; i < arguments.length; i++) {
            slots[i] = context.newTemp(arguments[i]);
        }
        for (int i = arguments.length - 1; i >= 0; i--) {
            Emit.store(mv, arguments[i], slots[i]);
        }
        mv.visitInsn(Opcodes.DUP);
        mv.visitVarInsn(Opcodes.ASTORE, receiverSlot);
        return receiverSlot;
    }

    /**
     * [args...] → []: the arguments go to fresh local variables, for hooks to be given some of them before the call;
     * whatever lies beneath them (a receiver, a constructor's uninitialised object) stays on the stack.
     *
     * @return the local variable of each argument, for {@link #reloadArguments(MethodVisitor, Type[], int[])}
     */
    static int[] parkArguments(MethodContext context, MethodVisitor mv, Type[] arguments) {
        context.startTemps();
        int[] slots = new int[arguments.length];
        for (int i = 0; i < arguments.length; i++) {
            slots[i] = context.newTemp(arguments[i]);
        }
        for (int i = arguments.length - 1; i >= 0; i--) {
            Emit.store(mv, arguments[i], slots[i]);
        }
        return slots;
    }

    /**
     * Pushes the arguments {@link #parkArguments} stored, in order; the local variables keep them (a hook after the
     * call may read them), until the caller {@link #forget}s them.
     */
    static void reloadArguments(MethodVisitor mv, Type[] arguments, int[] slots) {
        for (int i = 0; i < arguments.length; i++) {
            Emit.load(mv, arguments[i], slots[i]);
        }
    }

    /** Pushes the arguments {@link #parkArguments} stored, in order, and {@link #forget}s them. */
    static void reloadArgumentsOnce(MethodVisitor mv, Type[] arguments, int[] slots) {
        reloadArguments(mv, arguments, slots);
        forget(mv, arguments, slots);
    }

    /**
     * Pushes the arguments {@link #keepReceiver} stored, in order, and {@link #forget}s them; the receiver stays, for a
     * hook after the call, until {@link #forgetReceiver}.
     */
    static void reloadArguments(MethodVisitor mv, String descriptor, int receiverSlot) {
        Type[] arguments = Type.getArgumentTypes(descriptor);
        int[] slots = new int[arguments.length];
        int slot = receiverSlot + 1;
        for (int i = 0; i < arguments.length; i++) {
            slots[i] = slot;
            slot += arguments[i].getSize();
        }
        reloadArguments(mv, arguments, slots);
        forget(mv, arguments, slots);
    }

    /** Sets the local variable {@link #keepReceiver} stored the receiver in to {@code null} (see {@link #forget}). */
    static void forgetReceiver(MethodVisitor mv, int receiverSlot) {
        storeNull(mv, receiverSlot);
    }

    /**
     * Sets the local variables that held reference arguments to {@code null}. A local variable is a root of the heap
     * for as long as the frame lives (in interpreted code, whatever the JIT would make of it): one left holding an
     * argument kept it reachable after the test's own variables let it go, and a test that waits for a collection
     * ({@code System.gc()} until a {@code WeakReference} clears) waited for ever for a key it had put into a map.
     */
    static void forget(MethodVisitor mv, Type[] arguments, int[] slots) {
        for (int i = 0; i < arguments.length; i++) {
            int sort = arguments[i].getSort();
            if (sort == Type.OBJECT || sort == Type.ARRAY) {
                storeNull(mv, slots[i]);
            }
        }
    }

    /**
     * Stores {@code null}, cast to {@code Object}, in a local variable of Weft's. Stored with the null type, the variable
     * made ASM's frame computation give an exception handler of the method's own, whose range covered the store, the
     * null type for it where an instruction earlier in that range saw it hold a {@code String}, and the JVM refused
     * the class; typed {@code Object}, it fits whatever the variable held before.
     */
    private static void storeNull(MethodVisitor mv, int slot) {
        mv.visitInsn(Opcodes.ACONST_NULL);
        mv.visitTypeInsn(Opcodes.CHECKCAST, "java/lang/Object");
        mv.visitVarInsn(Opcodes.ASTORE, slot);
    }

    /**
     * Emits {@code call}, then {@code onReturn} and {@code onExit} when it returns; when it throws, {@code onExit}
     * and the throwable rethrown. Neither may leave anything on the stack.
     */
    static void invoke(MethodContext context, MethodVisitor mv, Runnable call, Runnable onReturn, Runnable onExit) {
        Label callStart = new Label();
        Label callEnd = new Label();
        Label thrown = new Label();
        Label after = new Label();
        mv.visitLabel(callStart);
        call.run();
        mv.visitLabel(callEnd);
        onReturn.run();
        onExit.run();
        mv.visitJumpInsn(Opcodes.GOTO, after);
        mv.visitLabel(thrown);
        onExit.run();
        mv.visitInsn(Opcodes.ATHROW);
        mv.visitLabel(after);
        context.addInnerHandler(new MethodContext.Handler(callStart, callEnd, thrown, null));
    }
}
