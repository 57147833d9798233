package dev.weft.scheduler.instrument;

import java.lang.invoke.LambdaMetafactory;
import net.bytebuddy.jar.asm.Handle;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * Method references whose target the instrumentation would handle at a call site ({@code counter::getAndIncrement},
 * {@code Thread::start}, {@code account::deposit} with {@code synchronized deposit}, {@code System::identityHashCode})
 * are linked by {@link LambdaMetafactory} into a hidden class that calls the target directly, and hidden classes are
 * never instrumented. Their {@code invokedynamic} is redirected to {@link MethodReferenceBootstrap}, with the same
 * arguments preceded by a {@link BridgeTargets} number; at link time it makes the lambda call the target through an
 * instrumented {@link BridgeClass}.
 *
 * <p>Constructor references are bridged only where the constructor reads a collection argument
 * ({@code map(ArrayList::new)}, {@link CollectionArguments}). Left alone: lambdas (their body is a method of this
 * class, instrumented already), other constructor references (a {@code Thread::new} gives a real thread, as
 * {@code weft.reuseThreads=false} does), {@code H_INVOKESPECIAL} handles (private methods of older class files),
 * private targets (a bridge in another class cannot call them) and serializable method references (their
 * {@code $deserializeLambda$} checks the implementation method, which must stay the original).
 */
final class MethodReferenceVisitor extends MethodVisitor {

    static final String METAFACTORY = "java/lang/invoke/LambdaMetafactory";
    static final String BOOTSTRAP = "dev/weft/scheduler/instrument/MethodReferenceBootstrap";
    private static final String COMMON_PARAMETERS =
            "Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/invoke/MethodType;";
    private static final String METAFACTORY_DESCRIPTOR = "(" + COMMON_PARAMETERS + "I"
            + "Ljava/lang/invoke/MethodType;Ljava/lang/invoke/MethodHandle;Ljava/lang/invoke/MethodType;)"
            + "Ljava/lang/invoke/CallSite;";
    private static final String ALT_METAFACTORY_DESCRIPTOR = "(" + COMMON_PARAMETERS + "[Ljava/lang/Object;)"
            + "Ljava/lang/invoke/CallSite;";

    private final MethodContext context;

    MethodReferenceVisitor(MethodVisitor next, MethodContext context) {
        super(OpenedClassReader.ASM_API, next);
        this.context = context;
    }

    @Override
    public void visitInvokeDynamicInsn(String name, String descriptor, Handle bootstrap, Object... arguments) {
        if (!isLambdaFactory(bootstrap, arguments) || !(arguments[1] instanceof Handle target) || !needsBridge(target)) {
            super.visitInvokeDynamicInsn(name, descriptor, bootstrap, arguments);
            return;
        }
        BridgeTargets.Target bridged = new BridgeTargets.Target(
                context.where(Emit.simpleName(target.getOwner()) + "." + target.getName(), ""),
                target.getTag(), target.getOwner(), target.getName(), target.getDesc(), target.isInterface());
        Object[] redirected = new Object[arguments.length + 1];
        redirected[0] = BridgeTargets.register(bridged);
        System.arraycopy(arguments, 0, redirected, 1, arguments.length);
        boolean alternative = bootstrap.getName().equals("altMetafactory");
        Handle weft = new Handle(Opcodes.H_INVOKESTATIC, BOOTSTRAP, bootstrap.getName(),
                alternative ? ALT_METAFACTORY_DESCRIPTOR : METAFACTORY_DESCRIPTOR, false);
        super.visitInvokeDynamicInsn(name, descriptor, weft, redirected);
    }

    /** {@code LambdaMetafactory.metafactory}, or {@code altMetafactory} for a lambda that is not serializable. */
    private static boolean isLambdaFactory(Handle bootstrap, Object[] arguments) {
        if (!bootstrap.getOwner().equals(METAFACTORY) || arguments.length < 3) {
            return false;
        }
        return switch (bootstrap.getName()) {
            case "metafactory" -> true;
            case "altMetafactory" -> arguments.length >= 4 && arguments[3] instanceof Integer flags
                    && (flags & LambdaMetafactory.FLAG_SERIALIZABLE) == 0;
            default -> false;
        };
    }

    /** Whether a call of the target would be instrumented as a call, by the visitors the bridge passes through. */
    private boolean needsBridge(Handle target) {
        int opcode = switch (target.getTag()) {
            case Opcodes.H_INVOKEVIRTUAL -> Opcodes.INVOKEVIRTUAL;
            case Opcodes.H_INVOKEINTERFACE -> Opcodes.INVOKEINTERFACE;
            case Opcodes.H_INVOKESTATIC -> Opcodes.INVOKESTATIC;
            case Opcodes.H_NEWINVOKESPECIAL -> Opcodes.INVOKESPECIAL;
            default -> -1;
        };
        String owner = target.getOwner();
        String name = target.getName();
        String descriptor = target.getDesc();
        if (opcode == Opcodes.INVOKESPECIAL) {
            return CollectionArguments.of(opcode, owner, name, descriptor) != null;
        }
        if (opcode < 0) {
            return false;
        }
        return CallReplacementVisitor.replacement(opcode, owner, name, descriptor, context.types()).isPresent()
                || AtomicVisitor.intercepts(opcode, owner, name, descriptor, context.types())
                || CollectionCallVisitor.intercepts(opcode, owner, name, descriptor, context.types())
                || CollectionArguments.of(opcode, owner, name, descriptor) != null
                || StableHashCalls.replaces(opcode, owner, name, descriptor)
                || RandomCalls.replaces(opcode, owner, name, descriptor)
                || ReflectiveFieldCalls.replaces(opcode, owner, name, descriptor)
                || SynchronizedCallVisitor.synchronizedTarget(context.classContext(), opcode, owner, name, descriptor,
                        target.isInterface())
                .filter(method -> !method.isPrivate())
                .isPresent();
    }
}
