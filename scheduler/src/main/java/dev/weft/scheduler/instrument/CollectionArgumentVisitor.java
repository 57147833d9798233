package dev.weft.scheduler.instrument;

import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Type;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * Calls of {@link CollectionArguments} → {@code Hooks.collectionArgument(argument, writes, site)} for each argument
 * the call reads or changes as a collection, right before the call. The arguments are parked in fresh local
 * variables to reach them, then pushed back; a constructor's uninitialised receiver stays on the stack beneath.
 */
final class CollectionArgumentVisitor extends MethodVisitor {

    private static final String HOOK_DESCRIPTOR = "(Ljava/lang/Object;ZI)V";

    private final MethodContext context;

    CollectionArgumentVisitor(MethodVisitor next, MethodContext context) {
        super(OpenedClassReader.ASM_API, next);
        this.context = context;
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        CollectionArguments.Use[] uses = CollectionArguments.of(opcode, owner, name, descriptor);
        if (uses == null) {
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            return;
        }
        int site = context.site(Emit.simpleName(owner) + "." + (name.equals("<init>") ? "new" : name));
        Type[] arguments = Type.getArgumentTypes(descriptor);
        int[] slots = CallBracket.parkArguments(context, mv, arguments);
        for (int i = 0; i < arguments.length; i++) {
            if (uses[i] != CollectionArguments.Use.NONE) {
                Emit.load(mv, arguments[i], slots[i]);
                Emit.pushInt(mv, uses[i] == CollectionArguments.Use.WRITE ? 1 : 0);
                Emit.callHook(mv, site, "collectionArgument", HOOK_DESCRIPTOR);
            }
        }
        CallBracket.reloadArgumentsOnce(mv, arguments, slots);
        super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
    }
}
