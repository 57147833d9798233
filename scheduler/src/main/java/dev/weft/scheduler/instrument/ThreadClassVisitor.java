package dev.weft.scheduler.instrument;

import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.utility.OpenedClassReader;

import java.util.Set;

/**
 * {@code java.lang.Thread} itself: its {@code run()} is bracketed by {@link ThreadRunBracket}, so that threads running a
 * {@code Runnable} report when they begin and end. Likewise {@code java.lang.VirtualThread} (JDK 21+), whose task runs
 * in its private {@code run(Runnable)} on the virtual thread itself, not through {@code Thread.run()}.
 *
 * <p>And its constructors ask the {@code Thread.isDaemon()} hook for the flag a new thread inherits from its creator:
 * a test's thread runs on a thread of Weft's whose own flag is not the one the test sees; the number of a default
 * name comes from the execution ({@link DefaultNameNumbers}), and the id its {@code toString()} shows is the one the
 * test's {@code getId()} calls get ({@link AskedOfJdkHooks}).
 */
final class ThreadClassVisitor extends ContextualClassVisitor {

    ThreadClassVisitor(ClassVisitor next, ClassScan scan, TypeHierarchy.View types, ClassFilter filter) {
        super(next, scan, types, filter, null);
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                     String[] exceptions) {
        MethodVisitor writer = super.visitMethod(access, name, descriptor, signature, exceptions);
        if (writer != null && !isRunMethod(name, descriptor)
                && context().internalName().equals(ClassInstrumenter.THREAD)) {
            MethodVisitor numbered = new DefaultNameNumbers(writer);
            if (name.equals("<init>")) {
                // a new thread inherits its creator's daemon flag as the test sees it, not the flag of the Weft
                // thread the creator runs on
                return new AskedOfJdkHooks(numbered, "threadIsDaemon", "()Z", "isDaemon");
            }
            if (name.equals("toString")) {
                // JDK 19+ shows the id (Thread[#31,Thread-0,5,main]): the one the test's getId() calls get
                return new AskedOfJdkHooks(numbered, "threadId", "()J", "threadId", "getId");
            }
            return numbered;
        }
        if (writer == null || !isRunMethod(name, descriptor)) {
            return writer;
        }
        MethodContext method = new MethodContext(context(), name, descriptor);
        return new ThreadRunBracket(new HandlerOrdering(writer, method), method);
    }

    /**
     * Calls on a thread that {@code Thread}'s own code makes ({@code parent.isDaemon()}, {@code threadId()}) become
     * the {@code JdkHooks} method that answers as the test's code is answered: {@code thread.isDaemon()} becomes
     * {@code JdkHooks.threadIsDaemon(thread, -1)}.
     */
    private static final class AskedOfJdkHooks extends MethodVisitor {

        private final String hook;
        private final String descriptor;
        private final Set<String> methods;

        /** @param descriptor the methods' descriptor, no arguments ({@code "()Z"}); the hook's takes the thread */
        AskedOfJdkHooks(MethodVisitor next, String hook, String descriptor, String... methods) {
            super(OpenedClassReader.ASM_API, next);
            this.hook = hook;
            this.descriptor = descriptor;
            this.methods = Set.of(methods);
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
            if (opcode == Opcodes.INVOKEVIRTUAL && owner.equals(ClassInstrumenter.THREAD) && methods.contains(name)
                    && descriptor.equals(this.descriptor)) {
                Emit.pushInt(this, -1);
                super.visitMethodInsn(Opcodes.INVOKESTATIC, JdkHooksClass.INTERNAL_NAME, hook,
                        "(Ljava/lang/Thread;I)" + descriptor.substring("()".length()), false);
                return;
            }
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
        }
    }

    /**
     * The number in a default thread name ({@code "Thread-" + n}, from {@code nextThreadNum()} on Java 17 and
     * {@code ThreadNumbering.next()} on 19+) goes through {@code JdkHooks.threadNumber}: the JDK's counter is global to
     * the JVM, so the same thread of the test would have a new name in every execution.
     */
    private static final class DefaultNameNumbers extends MethodVisitor {

        DefaultNameNumbers(MethodVisitor next) {
            super(OpenedClassReader.ASM_API, next);
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            if (opcode == Opcodes.INVOKESTATIC && descriptor.equals("()I")
                    && (owner.equals(ClassInstrumenter.THREAD) && name.equals("nextThreadNum")
                    || owner.equals("java/lang/Thread$ThreadNumbering") && name.equals("next"))) {
                super.visitMethodInsn(Opcodes.INVOKESTATIC, JdkHooksClass.INTERNAL_NAME, "threadNumber", "(I)I",
                        false);
            }
        }
    }

    private boolean isRunMethod(String name, String descriptor) {
        if (!name.equals("run")) {
            return false;
        }
        return context().internalName().equals(ClassInstrumenter.VIRTUAL_THREAD)
                ? descriptor.equals("(Ljava/lang/Runnable;)V")
                : descriptor.equals("()V");
    }
}
