package dev.weft.scheduler.instrument;

import java.util.Optional;
import java.util.function.Predicate;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * Replaces the calls listed in {@link CallReplacements} by hook calls. {@code INVOKESPECIAL} is left alone: it is a
 * subclass calling the JDK's implementation ({@code super.start()}), typically from the very override that the hook
 * calls.
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
        if (replacement.isPresent() && applies.test(replacement.get())) {
            replacement.get().adapter().emit(mv, context.site(replacement.get().member()));
        } else {
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
        }
    }

    /** The replacement this visitor makes for the call, if any. */
    static Optional<CallReplacements.Replacement> replacement(int opcode, String owner, String name,
                                                              String descriptor, TypeHierarchy.View types) {
        return CallReplacements.candidates(name, descriptor).stream()
                .filter(candidate -> candidate.isStatic() == (opcode == Opcodes.INVOKESTATIC))
                .filter(candidate -> opcode != Opcodes.INVOKESPECIAL)
                .filter(candidate -> candidate.jdkClass().equals(CallReplacements.OBJECT)
                        || types.isSubtypeOf(owner, candidate.jdkClass()))
                .findFirst();
    }
}
