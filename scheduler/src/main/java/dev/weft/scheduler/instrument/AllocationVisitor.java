package dev.weft.scheduler.instrument;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;
import net.bytebuddy.jar.asm.Handle;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * {@code Hooks.allocated(object, site)} after every object is constructed and every array created, so that the
 * runtime can name objects in the order they appear. A plain {@code new Thread(...)} first passes through
 * {@code Hooks.threadConstructed}, which may hand the code a reused thread instead (the runtime's {@code Carrier}).
 * What a JDK factory makes anew at each call ({@code Collections.synchronizedList}, {@code ConcurrentHashMap.newKeySet})
 * is reported after the call, as a {@code new} would be.
 *
 * <p>An object is reported after its {@code INVOKESPECIAL <init>} returned, using the copy javac keeps with
 * {@code NEW; DUP}; a {@code NEW} not followed by {@code DUP} leaves no copy and is not reported. Pairing each
 * {@code <init>} with its {@code NEW} (they nest, as in {@code new A(new B())}) also tells which {@code <init>} in a
 * constructor is its own {@code super(...)}/{@code this(...)} call: the one without a {@code NEW}. Until it, this
 * visitor tells {@link MethodContext} that {@code this} may be uninitialised. Right after it, where it is
 * {@code Object}'s constructor (or {@code Thread}'s), {@code Hooks.constructing(this)} gives the new object its
 * identity hash ({@code StableHashes}) before any constructor can let anything ask for it; so does a plain
 * {@code new Object()}, {@code new Thread(..)} or {@code new} of a few other JDK classes, right after it.
 */
final class AllocationVisitor extends MethodVisitor {

    private static final String HOOK_DESCRIPTOR = "(Ljava/lang/Object;I)V";
    private static final String CONSTRUCTING = "(Ljava/lang/Object;)V";
    private static final String OBJECT = "java/lang/Object";
    private static final String THREAD = "java/lang/Thread";
    /** A {@code new Random(..)} is reported too: {@code Hooks.randomMade} seeds one made without a seed. */
    private static final String RANDOM = "java/util/Random";
    /**
     * The constructors of a plain {@code Thread} (no thread group, no stack size) after which
     * {@code Hooks.threadConstructed} may replace the new thread by one the runtime reuses.
     */
    private static final Set<String> STANDS_IN = Set.of("()V", "(Ljava/lang/Runnable;)V",
            "(Ljava/lang/Runnable;Ljava/lang/String;)V", "(Ljava/lang/String;)V");

    /**
     * The JDK classes that a plain {@code new} of the test's gives a hash right after their constructor: it asks for
     * none. Reference objects are keyed in registries by identity (commons-pool's evictor map is keyed by
     * {@code WeakReference}s), and locks and latches are ordered by identity hash as {@code new Object()} locks are.
     */
    private static final Set<String> JDK_CLASSES_SILENT_ON_HASH = Set.of(OBJECT, THREAD,
            "java/lang/ref/WeakReference", "java/lang/ref/SoftReference", "java/lang/ref/PhantomReference",
            "java/util/concurrent/locks/ReentrantLock", "java/util/concurrent/locks/ReentrantReadWriteLock",
            "java/util/concurrent/locks/StampedLock", "java/util/concurrent/Semaphore",
            "java/util/concurrent/CountDownLatch", "java/util/concurrent/CyclicBarrier",
            "java/util/concurrent/atomic/AtomicBoolean", "java/util/concurrent/atomic/AtomicInteger",
            "java/util/concurrent/atomic/AtomicLong", "java/util/concurrent/atomic/AtomicReference");

    /**
     * The superclasses whose constructors never ask for the new object's hash. The constructor of a class directly
     * below one of them calls {@code Hooks.constructing} after its {@code super(...)}: the first code that could ask.
     * Below any other superclass it would come too late (a library's constructor may have put {@code this} in a hash
     * set already), so an object of such a class keeps the JVM's hash. The fork/join task classes only set fields: a
     * hash set of the test's {@code RecursiveTask}s handed to {@code invokeAll} must iterate alike in every execution
     * (the JSR-166 TCK's {@code testInvokeAllCollection} diverged when it did not).
     */
    private static final Set<String> SUPERCLASSES_SILENT_ON_HASH = Set.of(OBJECT, THREAD,
            "java/util/concurrent/ForkJoinTask", "java/util/concurrent/RecursiveTask",
            "java/util/concurrent/RecursiveAction", "java/util/concurrent/CountedCompleter");

    private final MethodContext context;
    private final boolean reportsAllocations;
    /** For each {@code NEW} whose {@code <init>} has not run yet: whether it was followed by {@code DUP}. */
    private final Deque<Boolean> pendingNews = new ArrayDeque<>();
    private boolean previousWasNew;

    /**
     * @param reportsAllocations {@code false} in JDK code: only its own constructors' objects are reported, through
     *                           {@code Hooks.constructing} (a {@code FutureTask} a pool makes gets its stable hash as
     *                           the test's objects do), not the objects it makes (they are its internals)
     */
    AllocationVisitor(MethodVisitor next, MethodContext context, boolean reportsAllocations) {
        super(OpenedClassReader.ASM_API, next);
        this.context = context;
        this.reportsAllocations = reportsAllocations;
    }

    @Override
    public void visitTypeInsn(int opcode, String type) {
        previousWasNew = false;
        super.visitTypeInsn(opcode, type);
        if (opcode == Opcodes.NEW) {
            pendingNews.push(false);
            previousWasNew = true;
        } else if (opcode == Opcodes.ANEWARRAY && reportsAllocations) {
            reportTopOfStack(Emit.simpleName(Type.getObjectType(type).getClassName().replace('.', '/')) + "[]");
        }
    }

    @Override
    public void visitInsn(int opcode) {
        if (previousWasNew && opcode == Opcodes.DUP) {
            pendingNews.pop();
            pendingNews.push(true);
        }
        previousWasNew = false;
        super.visitInsn(opcode);
    }

    @Override
    public void visitIntInsn(int opcode, int operand) {
        previousWasNew = false;
        super.visitIntInsn(opcode, operand);
        if (opcode == Opcodes.NEWARRAY && reportsAllocations) {
            reportTopOfStack(primitiveArrayName(operand));
        }
    }

    @Override
    public void visitMultiANewArrayInsn(String descriptor, int dimensions) {
        previousWasNew = false;
        super.visitMultiANewArrayInsn(descriptor, dimensions);
        if (reportsAllocations) {
            reportTopOfStack(Emit.simpleName(Type.getType(descriptor).getClassName().replace('.', '/')));
        }
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        previousWasNew = false;
        super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
        if (opcode == Opcodes.INVOKESTATIC && reportsAllocations && makesAFreshObject(owner, name)) {
            reportTopOfStack(Emit.simpleName(owner) + "." + name);
            return;
        }
        if (opcode != Opcodes.INVOKESPECIAL || !name.equals("<init>")) {
            return;
        }
        if (pendingNews.isEmpty()) {
            context.thisInitialized();
            if (context.isConstructor() && SUPERCLASSES_SILENT_ON_HASH.contains(owner)) {
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                Emit.callHook(mv, "constructing", CONSTRUCTING);
            }
        } else if (pendingNews.pop() && reportsAllocations) {
            if (JDK_CLASSES_SILENT_ON_HASH.contains(owner)) {
                // Their constructors asked nothing. The hash is given before the reports below: naming the object
                // hashes it, and a reused thread standing in for a new one takes over its hash.
                giveHashToTopOfStack(mv);
            }
            if (owner.equals(THREAD) && STANDS_IN.contains(descriptor)) {
                Emit.callHook(mv, context.site("new Thread"), "threadConstructed",
                        "(Ljava/lang/Thread;I)Ljava/lang/Thread;");
            }
            reportTopOfStack(Emit.simpleName(owner));
            if (owner.equals(RANDOM)) {
                super.visitInsn(Opcodes.DUP);
                super.visitInsn(descriptor.equals("()V") ? Opcodes.ICONST_1 : Opcodes.ICONST_0);
                Emit.callHook(mv, "randomMade", "(Ljava/util/Random;Z)V");
            }
        }
    }

    /** {@code Hooks.constructing} on the object on top of the stack, which stays there, emitted to {@code next}. */
    static void giveHashToTopOfStack(MethodVisitor next) {
        next.visitInsn(Opcodes.DUP);
        Emit.callHook(next, "constructing", CONSTRUCTING);
    }

    /**
     * A JDK factory that returns a new object every time, as a {@code new} would (a synchronized wrapper, a concurrent
     * key set): the caller's own, which the JDK's allocation does not report.
     */
    private static boolean makesAFreshObject(String owner, String name) {
        return owner.equals("java/util/Collections")
                && (name.startsWith("synchronized") || name.equals("newSetFromMap"))
                || owner.equals("java/util/concurrent/ConcurrentHashMap") && name.equals("newKeySet");
    }

    private void reportTopOfStack(String typeName) {
        reportTopOfStack(mv, context.site(typeName));
    }

    /** [object] → [object], reported allocated at {@code site} ({@code Hooks.allocated}). */
    static void reportTopOfStack(MethodVisitor next, int site) {
        next.visitInsn(Opcodes.DUP);
        Emit.callHook(next, site, "allocated", HOOK_DESCRIPTOR);
    }

    private static String primitiveArrayName(int type) {
        return switch (type) {
            case Opcodes.T_BOOLEAN -> "boolean[]";
            case Opcodes.T_CHAR -> "char[]";
            case Opcodes.T_FLOAT -> "float[]";
            case Opcodes.T_DOUBLE -> "double[]";
            case Opcodes.T_BYTE -> "byte[]";
            case Opcodes.T_SHORT -> "short[]";
            case Opcodes.T_INT -> "int[]";
            case Opcodes.T_LONG -> "long[]";
            default -> throw new IllegalArgumentException("not a NEWARRAY operand: " + type);
        };
    }

    // Any other instruction between NEW and DUP means the NEW was not followed by DUP.

    @Override
    public void visitVarInsn(int opcode, int varIndex) {
        previousWasNew = false;
        super.visitVarInsn(opcode, varIndex);
    }

    @Override
    public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
        previousWasNew = false;
        super.visitFieldInsn(opcode, owner, name, descriptor);
    }

    @Override
    public void visitInvokeDynamicInsn(String name, String descriptor, Handle bootstrap, Object... arguments) {
        previousWasNew = false;
        super.visitInvokeDynamicInsn(name, descriptor, bootstrap, arguments);
        if (reportsAllocations && makesAFreshLambda(descriptor, bootstrap)) {
            giveHashToTopOfStack(mv);
        }
    }

    /**
     * A lambda or method reference that captures values is a new object each time, made by a class Weft does not
     * instrument, so it is given its hash here, before the code that made it can use it. One that captures nothing is
     * one object for good: the JVM's hash is stable then.
     */
    private static boolean makesAFreshLambda(String descriptor, Handle bootstrap) {
        return Type.getArgumentTypes(descriptor).length > 0
                && (bootstrap.getOwner().equals(MethodReferenceVisitor.METAFACTORY)
                || bootstrap.getOwner().equals(MethodReferenceVisitor.BOOTSTRAP));
    }

    @Override
    public void visitJumpInsn(int opcode, Label label) {
        previousWasNew = false;
        super.visitJumpInsn(opcode, label);
    }

    @Override
    public void visitLdcInsn(Object value) {
        previousWasNew = false;
        super.visitLdcInsn(value);
    }

    @Override
    public void visitIincInsn(int varIndex, int increment) {
        previousWasNew = false;
        super.visitIincInsn(varIndex, increment);
    }

    @Override
    public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
        previousWasNew = false;
        super.visitTableSwitchInsn(min, max, dflt, labels);
    }

    @Override
    public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
        previousWasNew = false;
        super.visitLookupSwitchInsn(dflt, keys, labels);
    }
}
