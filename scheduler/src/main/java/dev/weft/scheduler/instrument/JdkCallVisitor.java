package dev.weft.scheduler.instrument;

import java.util.List;
import java.util.Set;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * Calls that only JDK code makes, in the classes of {@link JdkClasses}:
 * <ul>
 *   <li>{@code JavaLangAccess.start(thread, container)}: how Java 21+ starts the workers of a
 *   {@code ThreadPoolExecutor} (through its {@code SharedThreadContainer}) and the threads of a
 *   {@code ThreadPerTaskExecutor}. {@code Hooks.startsManagedThread} starts the thread as a managed thread when a
 *   managed thread calls; otherwise it answers {@code false} and the original call runs.</li>
 *   <li>{@code CompletableFuture.ASYNC_POOL}, read by every {@code *Async} method without an executor (directly or
 *   through {@code defaultExecutor()}) and by {@code orTimeout}/{@code completeOnTimeout}/{@code delayedExecutor}
 *   on Java 19+: {@code Hooks.defaultAsyncExecutor} gives, on a managed thread, an executor that runs each task on a
 *   managed thread instead (runtime {@code DefaultAsyncExecutor}). Where the field is typed {@code ForkJoinPool}
 *   (Java 25) that is done only where it is handed on as an {@code Executor} ({@link #USED_AS_EXECUTOR}); the
 *   timeouts keep the common pool, whose delays Weft runs on the execution's clock ({@code ForkJoinRedirects}).</li>
 *   <li>In {@code ThreadPoolExecutor}: its {@code workers} are a {@code HashSet} of objects hashed by identity, so
 *   {@code shutdown} would interrupt them in a different order in every execution (nondeterminism). Each new
 *   {@code Worker} is reported as allocated (which names it stably), and {@code HashSet.iterator()} becomes
 *   {@code Hooks.inStableOrder}, which on a managed thread iterates a copy in the order of those names.</li>
 *   <li>In {@code ThreadPoolExecutor.runWorker}: {@code Hooks.poolCountersChange(this)} before the worker
 *   takes its own lock for a task (a task begins: the active count grows) and after each {@code afterExecute} (the task is
 *   done), which {@code awaitTermination}, {@code isTerminated} and the counters observe; in {@code tryTerminate}, the
 *   same after {@code terminated()}, so that what a subclass's {@code terminated} did happens before them too.</li>
 *   <li>In {@code Executors}' factories, the pools and {@code CompletableFuture}: each object made
 *   ({@code new ThreadPoolExecutor(..)}, its lock and queue, the future of a submission) is reported as allocated, as
 *   the caller's own {@code new} would be.</li>
 *   <li>{@code CompletableFuture.Delayer.delay} (Java 17): the shared scheduler thread of {@code orTimeout},
 *   {@code completeOnTimeout} and {@code delayedExecutor}; on a managed thread {@code Hooks.delayedAction} runs the
 *   delay on the execution's own scheduler instead (runtime {@code DelayedActions}).</li>
 * </ul>
 */
final class JdkCallVisitor extends MethodVisitor {

    private static final String JLA = "jdk/internal/access/JavaLangAccess";
    private static final String CONTAINER_START = "(Ljava/lang/Thread;Ljdk/internal/vm/ThreadContainer;)V";
    private static final String COMPLETABLE_FUTURE = "java/util/concurrent/CompletableFuture";
    private static final String DELAYER = "java/util/concurrent/CompletableFuture$Delayer";
    private static final String WORKER = "java/util/concurrent/ThreadPoolExecutor$Worker";
    private static final String POOL = "java/util/concurrent/ThreadPoolExecutor";
    private static final String DEFAULT_THREAD_FACTORY = "java/util/concurrent/Executors$DefaultThreadFactory";
    /** Each with its nested classes: the objects their code makes are reported as allocated. */
    private static final List<String> MAKES_FOR_ITS_CALLER = List.of(
            "java/util/concurrent/Executors",
            "java/util/concurrent/AbstractExecutorService",
            "java/util/concurrent/ThreadPoolExecutor",
            "java/util/concurrent/ScheduledThreadPoolExecutor",
            "java/util/concurrent/ThreadPerTaskExecutor",
            "java/util/concurrent/ExecutorCompletionService",
            "java/util/concurrent/CompletableFuture");
    private static final String EXECUTOR = "Ljava/util/concurrent/Executor;";
    /**
     * Where {@code ASYNC_POOL} is typed {@code ForkJoinPool}, the methods that only hand it on as an {@code Executor};
     * the others (the timeouts of Java 25, which schedule on it) keep the common pool.
     */
    private static final Set<String> USED_AS_EXECUTOR = Set.of("supplyAsync", "runAsync", "defaultExecutor");

    private final MethodContext context;

    JdkCallVisitor(MethodVisitor next, MethodContext context) {
        super(OpenedClassReader.ASM_API, next);
        this.context = context;
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        if (owner.equals(JLA) && name.equals("start") && descriptor.equals(CONTAINER_START)) {
            startThroughHook(opcode, owner, name, descriptor, isInterface);
        } else if (opcode == Opcodes.INVOKESPECIAL && owner.equals(WORKER) && name.equals("<init>")
                && !context.classContext().internalName().equals(WORKER)) {
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            AllocationVisitor.reportTopOfStack(mv, context.site("ThreadPoolExecutor.Worker", ""));
        } else if (owner.equals("java/util/HashSet") && name.equals("iterator")
                && context.classContext().internalName().equals(POOL)) {
            Emit.callHook(mv, context.site("HashSet.iterator", ""), "inStableOrder",
                    "(Ljava/util/Collection;I)Ljava/util/Iterator;");
        } else if (name.equals("lock") && owner.equals(WORKER) && descriptor.equals("()V")
                && context.classContext().internalName().equals(POOL)) {
            // runWorker, before the worker takes its own lock: a task begins (PoolModel.countersChange); before, so
            // that the active count grows after the event, not while the worker runs up to it
            countersChange("ThreadPoolExecutor.taskBegins");
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
        } else if ((name.equals("afterExecute") || name.equals("terminated")) && owner.equals(POOL)
                && context.classContext().internalName().equals(POOL)) {
            // runWorker, after the task and the pool's afterExecute: the task is done; and tryTerminate, after the
            // pool's terminated(): what it did happens before awaitTermination returns
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            countersChange(name.equals("terminated") ? "ThreadPoolExecutor.terminated" : "ThreadPoolExecutor.taskDone");
        } else if (name.equals("getAndIncrement") && owner.equals("java/util/concurrent/atomic/AtomicInteger")
                && context.methodName().equals("<init>")
                && context.classContext().internalName().equals(DEFAULT_THREAD_FACTORY)) {
            // the pool's number in "pool-N-thread-M", global to the JVM: from the execution instead
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            Emit.callHook(mv, "poolNumber", "(I)I");
        } else if (opcode == Opcodes.INVOKESPECIAL && owner.equals(ClassInstrumenter.THREAD) && name.equals("<init>")
                && context.methodName().equals("newThread")
                && context.classContext().internalName().equals(DEFAULT_THREAD_FACTORY)) {
            // a pool's worker, made for the test: a stable identity hash (and so id) as a new Thread(..) of its own
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            AllocationVisitor.giveHashToTopOfStack(mv);
        } else if (opcode == Opcodes.INVOKESPECIAL && name.equals("<init>") && makesForItsCaller(owner)) {
            // what a pool, a factory of Executors or a future makes (the pool, its lock, its queue, the future of a
            // submission) is the execution's own: the JDK's allocations get no hook of the user's code, so parallel
            // workers took a test's pool for state made before the test
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            AllocationVisitor.reportTopOfStack(mv, context.site(Emit.simpleName(owner), ""));
        } else if (owner.equals(DELAYER) && name.equals("delay")) {
            delayOnTheExecution(opcode, owner, name, descriptor, isInterface);
        } else {
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
        }
    }

    @Override
    public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
        super.visitFieldInsn(opcode, owner, name, descriptor);
        if (opcode == Opcodes.GETSTATIC && owner.equals(COMPLETABLE_FUTURE) && name.equals("ASYNC_POOL")) {
            int site = context.site("CompletableFuture.ASYNC_POOL", "");
            boolean typedExecutor = descriptor.equals(EXECUTOR);
            if (typedExecutor || USED_AS_EXECUTOR.contains(context.methodName())) {
                Emit.callHook(mv, site, "defaultAsyncExecutor", "(Ljava/lang/Object;I)Ljava/lang/Object;");
                if (typedExecutor) {
                    mv.visitTypeInsn(Opcodes.CHECKCAST, "java/util/concurrent/Executor");
                }
                // typed ForkJoinPool (Java 25): left an Object, which the verifier lets reach an Executor parameter
            }
            // elsewhere (Java 25's timeouts) the common pool itself, whose delays and tasks Weft takes over
        }
    }

    /** [action, delay, unit] → on a managed thread, {@code Hooks.delayedAction}; else the JDK's shared delayer. */
    private void delayOnTheExecution(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        Label original = new Label();
        Label done = new Label();
        Emit.callHook(mv, "delaysOnTheExecution", "()Z");
        mv.visitJumpInsn(Opcodes.IFEQ, original);
        Emit.callHook(mv, context.site("CompletableFuture.Delayer.delay", ""), "delayedAction",
                "(Ljava/lang/Runnable;JLjava/util/concurrent/TimeUnit;I)Ljava/util/concurrent/ScheduledFuture;");
        mv.visitJumpInsn(Opcodes.GOTO, done);
        mv.visitLabel(original);
        super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
        mv.visitLabel(done);
    }

    private void countersChange(String member) {
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        Emit.callHook(mv, context.site(member, ""), "poolCountersChange", "(Ljava/lang/Object;I)V");
    }

    /**
     * Whether an {@code INVOKESPECIAL <init>} of {@code owner} here ends a {@code new} in a class of
     * {@link #MAKES_FOR_ITS_CALLER}: outside a constructor it always does; in one, unless it is the constructor's own
     * {@code this(..)} or {@code super(..)} call. Not in a static initialiser: what it makes is the JVM's, once (the
     * JDK's initialisers are not bracketed, so a hook there would name an object in the first execution only).
     */
    private boolean makesForItsCaller(String owner) {
        ClassContext own = context.classContext();
        if (context.methodName().equals("<clinit>") || MAKES_FOR_ITS_CALLER.stream().noneMatch(made ->
                own.internalName().equals(made) || own.internalName().startsWith(made + "$"))) {
            return false;
        }
        return !context.methodName().equals("<init>")
                || !owner.equals(own.internalName()) && !owner.equals(own.superName());
    }

    /** [jla, thread, container] → the hook decides; if it did not start the thread, the original call runs. */
    private void startThroughHook(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        Label original = new Label();
        Label done = new Label();
        mv.visitInsn(Opcodes.DUP2);
        mv.visitInsn(Opcodes.POP);
        Emit.callHook(mv, context.site("Thread.start", ""), "startsManagedThread", "(Ljava/lang/Thread;I)Z");
        mv.visitJumpInsn(Opcodes.IFEQ, original);
        mv.visitInsn(Opcodes.POP2);
        mv.visitInsn(Opcodes.POP);
        mv.visitJumpInsn(Opcodes.GOTO, done);
        mv.visitLabel(original);
        super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
        mv.visitLabel(done);
    }
}
