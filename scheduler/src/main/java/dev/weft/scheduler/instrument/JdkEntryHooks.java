package dev.weft.scheduler.instrument;

import java.util.Map;
import java.util.Set;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * Hooks at the entry of a few JDK methods, in the classes of {@link JdkClasses}: the points where a future is completed
 * and where a thread-per-task executor's task is done. They are the user-level operations that the JDK's own
 * (invisible) synchronization stands for, so they are announced before the method changes anything:
 * <ul>
 *   <li>{@code Hooks.futureCompletes(this)} at the entry of every method that sets a future's result:
 *   {@code FutureTask.set/setException/cancel}, and {@code CompletableFuture}'s internal {@code completeValue},
 *   {@code completeNull}, {@code completeThrowable}, {@code completeRelay}, {@code internalComplete} and the public
 *   {@code obtrudeValue/obtrudeException} (every completion of a {@code CompletableFuture}, whoever makes it, goes
 *   through one of them);</li>
 *   <li>{@code Hooks.futureRuns(this)} at the entry of {@code FutureTask.run} and {@code runAndReset}, which run the
 *   task only if the future is not done yet: a look at its state, so that a {@code cancel} racing with the start of
 *   its task is explored both ways (the task runs, or never does);</li>
 *   <li>{@code Hooks.poolCountersChange(this)} at the entry of {@code ThreadPerTaskExecutor.taskComplete} (Java
 *   21+), where a virtual-thread executor's task has finished;</li>
 *   <li>{@code Hooks.poolWorkerExits(this)} at the entry of {@code ThreadPoolExecutor.processWorkerExit}, where a
 *   worker leaves the pool (its size shrinks);</li>
 *   <li>{@code Hooks.poolWorkerLooksForTask(this)} at the entry of {@code ThreadPoolExecutor.getTask}, where an idle
 *   worker decides, on the pool's private state, whether to take a queued task, wait for one or exit;</li>
 *   <li>{@code Hooks.scheduledPoolLooksAtRunState(this)} at the entry of
 *   {@code ScheduledThreadPoolExecutor.canRunInCurrentRunState}, where a thread decides, on the pool's run state,
 *   whether a scheduled task may still run: be queued, begin its run, be put back after a periodic run.</li>
 * </ul>
 * A {@code ThreadPoolExecutor}'s task begins before its {@code beforeExecute} and is done after its
 * {@code afterExecute}: those are call sites ({@link JdkCallVisitor}).
 */
final class JdkEntryHooks extends MethodVisitor {

    private static final Map<String, Set<String>> COMPLETIONS = Map.of(
            "java/util/concurrent/FutureTask",
            Set.of("set(Ljava/lang/Object;)V", "setException(Ljava/lang/Throwable;)V", "cancel(Z)Z"),
            "java/util/concurrent/CompletableFuture",
            Set.of("internalComplete(Ljava/lang/Object;)Z", "completeNull()Z", "completeValue(Ljava/lang/Object;)Z",
                    "completeThrowable(Ljava/lang/Throwable;)Z",
                    "completeThrowable(Ljava/lang/Throwable;Ljava/lang/Object;)Z",
                    "completeRelay(Ljava/lang/Object;)Z", "obtrudeValue(Ljava/lang/Object;)V",
                    "obtrudeException(Ljava/lang/Throwable;)V"));
    private static final String TASK_COMPLETE = "taskComplete(Ljava/lang/Thread;)V";
    private static final String FUTURE_TASK = "java/util/concurrent/FutureTask";
    private static final Set<String> FUTURE_RUNS = Set.of("run()V", "runAndReset()Z");
    private static final String GET_TASK = "getTask()Ljava/lang/Runnable;";
    private static final String WORKER_EXIT = "processWorkerExit(Ljava/util/concurrent/ThreadPoolExecutor$Worker;Z)V";
    private static final String POOL = "java/util/concurrent/ThreadPoolExecutor";
    private static final String SCHEDULED_POOL = "java/util/concurrent/ScheduledThreadPoolExecutor";
    private static final String CAN_RUN_IN_CURRENT_RUN_STATE =
            "canRunInCurrentRunState(Ljava/util/concurrent/RunnableScheduledFuture;)Z";
    private static final String PER_TASK_EXECUTOR = "java/util/concurrent/ThreadPerTaskExecutor";

    private final MethodContext context;
    private final String hook;

    private JdkEntryHooks(MethodVisitor next, MethodContext context, String hook) {
        super(OpenedClassReader.ASM_API, next);
        this.context = context;
        this.hook = hook;
    }

    /** {@code next}, with the entry hook in front of the body when the method is one of those above. */
    static MethodVisitor wrap(MethodVisitor next, MethodContext context, String className, String name,
                              String descriptor, int access) {
        if ((access & Opcodes.ACC_STATIC) != 0) {
            return next;
        }
        String method = name + descriptor;
        if (COMPLETIONS.getOrDefault(className, Set.of()).contains(method)) {
            return new JdkEntryHooks(next, context, "futureCompletes");
        }
        if (className.equals(FUTURE_TASK) && FUTURE_RUNS.contains(method)) {
            return new JdkEntryHooks(next, context, "futureRuns");
        }
        if (className.equals(PER_TASK_EXECUTOR) && method.equals(TASK_COMPLETE)) {
            return new JdkEntryHooks(next, context, "poolCountersChange");
        }
        if (className.equals(POOL) && method.equals(WORKER_EXIT)) {
            return new JdkEntryHooks(next, context, "poolWorkerExits");
        }
        if (className.equals(POOL) && method.equals(GET_TASK)) {
            return new JdkEntryHooks(next, context, "poolWorkerLooksForTask");
        }
        if (className.equals(SCHEDULED_POOL) && method.equals(CAN_RUN_IN_CURRENT_RUN_STATE)) {
            return new JdkEntryHooks(next, context, "scheduledPoolLooksAtRunState");
        }
        return next;
    }

    @Override
    public void visitCode() {
        super.visitCode();
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        Emit.callHook(mv, context.site(Emit.simpleName(context.classContext().internalName()) + "." + hook),
                hook, "(Ljava/lang/Object;I)V");
    }
}
