package dev.weft.scheduler.instrument;

import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * A JDK class on the {@link JdkClasses} list: only its calls are instrumented ({@link CallReplacementVisitor}, plus the
 * JDK-only {@link JdkCallVisitor}, and its own constructors' {@code Hooks.constructing}, {@link AllocationVisitor}),
 * never its field, array, monitor or atomic accesses, so that the scheduler sees where its threads start, block and
 * wake, and nothing of its internal bookkeeping. The hook calls go to the bootstrap {@code JdkHooks}
 * ({@link JdkHooksClass}), since JDK classes cannot name {@code Hooks}.
 *
 * <p>Only method bodies change, so the class may be retransformed after it was loaded (most of these are loaded before
 * Weft installs: JUnit and Surefire use executors).
 */
final class JdkBodyVisitor extends ContextualClassVisitor {

    JdkBodyVisitor(ClassVisitor next, ClassScan scan, TypeHierarchy.View types, ClassFilter filter) {
        super(next, scan, types, filter, null);
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                     String[] exceptions) {
        MethodVisitor writer = super.visitMethod(access, name, descriptor, signature, exceptions);
        if (writer == null || (access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0) {
            return writer;
        }
        MethodContext method = new MethodContext(context(), name, descriptor);
        MethodVisitor chain = new HooksToJdkHooks(new HandlerOrdering(writer, method));
        chain = new JdkCallVisitor(chain, method);
        chain = new CallReplacementVisitor(chain, method, JdkBodyVisitor::appliesToJdkCode);
        chain = new AllocationVisitor(chain, method, false);
        chain = JdkEntryHooks.wrap(chain, method, context().internalName(), name, descriptor, access);
        return new PositionTracker(chain, method);
    }

    /**
     * Every replacement but those that see the test's code look at its thread's identity (the JDK's looks do not tell
     * one worker from another), and the acquisitions of synchronizers of the user's own (a pool's workers are the
     * JDK's own).
     */
    private static boolean appliesToJdkCode(CallReplacements.Replacement replacement) {
        return !CallReplacements.looksAtThreadIdentity(replacement)
                && !OwnSynchronizerCalls.isOwnSynchronizerCall(replacement);
    }

    /** Sends the hook calls the visitors before it emit to {@code JdkHooks}, which bootstrap classes can see. */
    private static final class HooksToJdkHooks extends MethodVisitor {

        HooksToJdkHooks(MethodVisitor next) {
            super(OpenedClassReader.ASM_API, next);
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
            String target = owner.equals(Emit.HOOKS) ? JdkHooksClass.INTERNAL_NAME : owner;
            super.visitMethodInsn(opcode, target, name, descriptor, isInterface);
        }
    }
}
