package dev.weft.scheduler.instrument;

import dev.weft.scheduler.hooks.CollectionCalls;
import java.util.Optional;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * Brackets the calls of {@link CollectionMethods} on JDK collections, iterators and views:
 * <pre>
 *   Hooks.collectionCallBegins(receiver, key, access, site)   // the runtime's scheduling point for the whole call
 *   invoke                                               // the real call, as one step
 *   Hooks.collectionViewReturned(result, site)           // only for calls that return a view or an iterator
 *   Hooks.collectionCallEnds(site)                       // also when the call throws, then rethrown
 * </pre>
 * {@code INVOKESPECIAL} ({@code super.put(k, v)} in a subclass) is bracketed too and marked
 * {@link CollectionCalls#NON_VIRTUAL}: it runs the JDK's implementation even when the subclass overrides the method.
 */
final class CollectionCallVisitor extends MethodVisitor {

    private static final String BEGINS = "(Ljava/lang/Object;Ljava/lang/Object;II)V";

    private final MethodContext context;

    CollectionCallVisitor(MethodVisitor next, MethodContext context) {
        super(OpenedClassReader.ASM_API, next);
        this.context = context;
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        Optional<CollectionMethods.Access> access = name.startsWith("<")
                ? Optional.empty()
                : CollectionMethods.access(opcode, owner, name, descriptor, context.types());
        if (access.isEmpty()) {
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            return;
        }
        int site = context.site(Emit.simpleName(owner) + "." + name);
        CollectionCalls.register(site, name, descriptor);
        int code = access.get().code() | (opcode == Opcodes.INVOKESPECIAL ? CollectionCalls.NON_VIRTUAL : 0);
        boolean keyed = (code & (CollectionCalls.KEYED | CollectionCalls.READS_ARGUMENT)) != 0
                && firstArgumentIsAnObject(descriptor);
        code = keyed ? code : code & ~(CollectionCalls.KEYED | CollectionCalls.READS_ARGUMENT);

        int receiverSlot = CallBracket.keepReceiver(context, mv, descriptor);
        super.visitVarInsn(Opcodes.ALOAD, receiverSlot);
        if (keyed) {
            super.visitVarInsn(Opcodes.ALOAD, receiverSlot + 1);
        } else {
            super.visitInsn(Opcodes.ACONST_NULL);
        }
        Emit.pushInt(mv, code);
        Emit.callHook(mv, site, "collectionCallBegins", BEGINS);
        CallBracket.reloadArguments(mv, descriptor, receiverSlot);
        CallBracket.invoke(context, mv, () -> super.visitMethodInsn(opcode, owner, name, descriptor, isInterface),
                () -> {
                    if (access.get().returnsView()) {
                        super.visitInsn(Opcodes.DUP);
                        Emit.callHook(mv, site, "collectionViewReturned", "(Ljava/lang/Object;I)V");
                    }
                },
                () -> Emit.callHook(mv, site, "collectionCallEnds", "(I)V"));
    }

    /** Whether the call's first argument is a reference, the key of a keyed call ({@code List.remove(int)} is not). */
    private static boolean firstArgumentIsAnObject(String descriptor) {
        Type[] arguments = Type.getArgumentTypes(descriptor);
        return arguments.length > 0 && arguments[0].getSort() >= Type.ARRAY;
    }

    /** Whether this visitor brackets the call (for method references, which need a bridge then). */
    static boolean intercepts(int opcode, String owner, String name, String descriptor, TypeHierarchy.View types) {
        return !name.startsWith("<") && CollectionMethods.access(opcode, owner, name, descriptor, types).isPresent();
    }
}
