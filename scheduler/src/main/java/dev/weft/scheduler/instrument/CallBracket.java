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

    /** Pushes the arguments {@link #parkArguments} stored, in order. */
    static void reloadArguments(MethodVisitor mv, Type[] arguments, int[] slots) {
        for (int i = 0; i < arguments.length; i++) {
            Emit.load(mv, arguments[i], slots[i]);
        }
    }

    /** Pushes the arguments {@link #keepReceiver} stored, in order. */
    static void reloadArguments(MethodVisitor mv, String descriptor, int receiverSlot) {
        int slot = receiverSlot + 1;
        for (Type argument : Type.getArgumentTypes(descriptor)) {
            Emit.load(mv, argument, slot);
            slot += argument.getSize();
        }
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
