package dev.weft.scheduler.instrument;

import dev.weft.scheduler.hooks.JdkImplementations;
import java.util.Optional;
import java.util.function.Predicate;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * Replaces the calls listed in {@link CallReplacements} by hook calls. {@code INVOKESPECIAL} is left alone: it is a
 * subclass calling the JDK's implementation ({@code super.start()}), typically from the very override that the hook
 * calls; except for a protected query ({@link CallReplacements#protectedQuery}), which a subclass can only reach that
 * way and whose answer must be the model's ({@code super.getOwner()}).
 *
 * <p>A call whose receiver may be an implementation that is not the JDK's (its owner is an interface, an abstract
 * class or not the JDK's: {@code future.get(t, unit)}, {@code lock.lock()}) asks first whether the receiver reaches
 * the JDK's implementation ({@link JdkImplementations}), before any of its arguments is converted:
 * <pre>
 *   [receiver, args...] → arguments to fresh locals → Hooks.reachesJdkImplementation(receiver, call)
 *     true:  [receiver, args...] → the replacement's hook call
 *     false: [receiver, args...] → the original call
 * </pre>
 */
final class CallReplacementVisitor extends MethodVisitor {

    private final MethodContext context;
    private final Predicate<CallReplacements.Replacement> applies;

    CallReplacementVisitor(MethodVisitor next, MethodContext context) {
        this(next, context, replacement -> true);
    }

    /** Makes only the replacements {@code applies} accepts (JDK code keeps some calls that user code has replaced). */
    CallReplacementVisitor(MethodVisitor next, MethodContext context,
                           Predicate<CallReplacements.Replacement> applies) {
        super(OpenedClassReader.ASM_API, next);
        this.context = context;
        this.applies = applies;
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        Optional<CallReplacements.Replacement> replacement = replacement(opcode, owner, name, descriptor,
                context.types());
        if (replacement.isEmpty() || !applies.test(replacement.get())) {
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            return;
        }
        CallReplacements.Adapter adapter = replacement.get().adapter();
        int site = context.site(replacement.get().member());
        if (replacement.get().isStatic() || !mayRunOwnImplementation(owner, replacement.get().jdkClass())) {
            adapter.emit(mv, site);
            return;
        }
        int receiverSlot = CallBracket.keepReceiver(context, mv, descriptor);
        mv.visitVarInsn(Opcodes.ALOAD, receiverSlot);
        Emit.pushInt(mv, JdkImplementations.register(replacement.get().jdkClass(), name, descriptor));
        Emit.callHook(mv, "reachesJdkImplementation", "(Ljava/lang/Object;I)Z");
        Label original = new Label();
        Label done = new Label();
        mv.visitJumpInsn(Opcodes.IFEQ, original);
        CallBracket.reloadArguments(mv, descriptor, receiverSlot);
        CallBracket.forgetReceiver(mv, receiverSlot);
        adapter.emit(mv, site);
        mv.visitJumpInsn(Opcodes.GOTO, done);
        mv.visitLabel(original);
        CallBracket.reloadArguments(mv, descriptor, receiverSlot);
        CallBracket.forgetReceiver(mv, receiverSlot);
        super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
        mv.visitLabel(done);
    }

    /**
     * Whether a receiver of the call may run an implementation that is not the JDK's: the replaced type is an
     * interface or an abstract class, and the owner is not a concrete class of {@code java.*} (whose subclasses are
     * modelled as that class, {@link JdkImplementations}). Unresolvable types are asked at run time.
     */
    private boolean mayRunOwnImplementation(String owner, String jdkType) {
        return implementable(jdkType) && (!owner.startsWith("java/") || implementable(owner));
    }

    private boolean implementable(String type) {
        return context.types().describe(type).map(found -> found.isInterface() || found.isAbstract()).orElse(true);
    }

    /** The replacement this visitor makes for the call, if any. */
    static Optional<CallReplacements.Replacement> replacement(int opcode, String owner, String name,
                                                              String descriptor, TypeHierarchy.View types) {
        return CallReplacements.candidates(name, descriptor).stream()
                .filter(candidate -> candidate.isStatic() == (opcode == Opcodes.INVOKESTATIC))
                .filter(candidate -> opcode != Opcodes.INVOKESPECIAL || candidate.superCalls())
                .filter(candidate -> candidate.jdkClass().equals(CallReplacements.OBJECT)
                        || types.isSubtypeOf(owner, candidate.jdkClass()))
                .findFirst();
    }
}
