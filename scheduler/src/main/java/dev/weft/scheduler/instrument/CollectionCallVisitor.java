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
 *   Hooks.collectionEntryReturned(result, site)          // only for an iterator's next, which may return an entry
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
        if (access.isEmpty() || context.accessesConfinedObject(opcode)) {
            // not a collection call, or one on a list that never leaves the method's frame (ConfinedObjects)
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            return;
        }
        int site = context.site(Emit.simpleName(owner) + "." + name);
        CollectionCalls.register(site, name, descriptor);
        int code = access.get().code() | (opcode == Opcodes.INVOKESPECIAL ? CollectionCalls.NON_VIRTUAL : 0);
        Type[] arguments = Type.getArgumentTypes(descriptor);
        int given = givenArgument(code, arguments);
        code = given >= 0 ? code : code & ~(CollectionCalls.KEYED | CollectionCalls.READS_ARGUMENT);

        int receiverSlot = CallBracket.keepReceiver(context, mv, descriptor);
        super.visitVarInsn(Opcodes.ALOAD, receiverSlot);
        if (given >= 0) {
            super.visitVarInsn(Opcodes.ALOAD, receiverSlot + 1 + slotsBefore(arguments, given));
        } else {
            super.visitInsn(Opcodes.ACONST_NULL);
        }
        Emit.pushInt(mv, code);
        Emit.callHook(mv, site, "collectionCallBegins", BEGINS);
        CallBracket.reloadArguments(mv, descriptor, receiverSlot);
        CallBracket.forgetReceiver(mv, receiverSlot);
        CallBracket.invoke(context, mv, () -> super.visitMethodInsn(opcode, owner, name, descriptor, isInterface),
                () -> {
                    CollectionMethods.Returns returns = access.get().returns();
                    if (returns != CollectionMethods.Returns.OTHER) {
                        super.visitInsn(Opcodes.DUP);
                        Emit.callHook(mv, site, returns == CollectionMethods.Returns.VIEW
                                ? "collectionViewReturned"
                                : "collectionEntryReturned", "(Ljava/lang/Object;I)V");
                    }
                },
                () -> Emit.callHook(mv, site, "collectionCallEnds", "(I)V"));
    }

    /**
     * Which argument the hook is given, or {@code -1}: a keyed call's key, its first argument if that is a reference
     * ({@code List.remove(int)} has none); the collection a call reads, its first reference argument
     * ({@code addAll(index, c)}'s {@code c}).
     */
    private static int givenArgument(int code, Type[] arguments) {
        if ((code & CollectionCalls.KEYED) != 0) {
            return arguments.length > 0 && isReference(arguments[0]) ? 0 : -1;
        }
        if ((code & CollectionCalls.READS_ARGUMENT) != 0) {
            for (int i = 0; i < arguments.length; i++) {
                if (isReference(arguments[i])) {
                    return i;
                }
            }
        }
        return -1;
    }

    private static boolean isReference(Type type) {
        return type.getSort() >= Type.ARRAY;
    }

    /** The local variable slots the arguments before {@code index} take. */
    private static int slotsBefore(Type[] arguments, int index) {
        int slots = 0;
        for (int i = 0; i < index; i++) {
            slots += arguments[i].getSize();
        }
        return slots;
    }

    /** Whether this visitor brackets the call (for method references, which need a bridge then). */
    static boolean intercepts(int opcode, String owner, String name, String descriptor, TypeHierarchy.View types) {
        return !name.startsWith("<") && CollectionMethods.access(opcode, owner, name, descriptor, types).isPresent();
    }
}
