package dev.weft.scheduler.instrument;

import dev.weft.scheduler.hooks.ForkJoinHookHandler;
import dev.weft.scheduler.hooks.Sites;
import java.util.Map;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * The few points of the JDK's fork/join framework where Weft takes over on a managed thread, by code at the entry of
 * the JDK's own methods (the rest of the class is left as it is). Every fork/join construct reaches them, whoever
 * calls: the test's code, a parallel stream, {@code Arrays.parallelSetAll}, a {@code ConcurrentHashMap} bulk
 * operation, {@code CompletableFuture} given a pool.
 * <ul>
 *   <li>where a task is handed to a pool ({@code ForkJoinTask.fork}, and the pool's one submission method, which is
 *   {@code externalSubmit} on Java 17 and {@code poolSubmit} on Java 21+): the task gets a managed thread of its
 *   own instead of a place in a work queue, and the method returns;</li>
 *   <li>where a thread waits for a task ({@code ForkJoinTask.awaitDone}, the one wait behind {@code join},
 *   {@code invoke}, {@code get}, {@code quietlyJoin} and {@code invokeAll}; its parameters differ between Java 17 and
 *   21+): the wait is Weft's, and its result the status the JDK's wait would return;</li>
 *   <li>where a task is completed ({@code setDone}, {@code trySetCancelled}, {@code trySetThrown}): announced;</li>
 *   <li>where a {@code CountedCompleter} reports to its completer ({@code tryComplete}, {@code propagateCompletion},
 *   {@code firstComplete}, {@code decrementPendingCountUnlessZero}, {@code compareAndSetPendingCount}): announced, so
 *   that these reports come in one order (runtime {@code ForkJoinTasks});</li>
 *   <li>the pool's waits and its shutdown ({@code awaitTermination}, {@code awaitQuiescence}, {@code isQuiescent},
 *   {@code close}, {@code shutdown}, {@code shutdownNow}, and the static {@code ForkJoinTask.helpQuiesce});</li>
 *   <li>the static {@code ForkJoinTask.inForkJoinPool} and {@code getPool}, which the JDK answers from the thread's
 *   class: a task Weft runs is on a managed thread, not a {@code ForkJoinWorkerThread};</li>
 *   <li>where a pool schedules a delayed task (Java 21+'s {@code scheduleDelayedTask}, behind its {@code schedule}
 *   methods and {@code CompletableFuture}'s timeouts).</li>
 * </ul>
 * A hook that does not take over (the thread is not managed) answers so, and the JDK's body runs as always.
 */
final class ForkJoinRedirects extends ClassVisitor {

    static final String TASK = "java/util/concurrent/ForkJoinTask";
    static final String POOL = "java/util/concurrent/ForkJoinPool";
    static final String COMPLETER = "java/util/concurrent/CountedCompleter";
    private static final String SCHEDULED_TASK = "java/util/concurrent/DelayScheduler$ScheduledForkJoinTask";
    private static final int NOT_HANDLED = ForkJoinHookHandler.NOT_HANDLED;

    private enum Kind {
        FORK, SUBMIT_17, SUBMIT_21, AWAIT_17, AWAIT_21, COMPLETES, REPORTS, POOL_AWAITS_TERMINATION,
        POOL_AWAITS_QUIESCENCE, POOL_IS_QUIESCENT, POOL_CLOSES, POOL_SHUTS_DOWN, POOL_SHUTS_DOWN_NOW, POOL_SCHEDULES,
        HELP_QUIESCE, IN_POOL, GET_POOL
    }

    private static final Map<String, Map<String, Kind>> METHODS = Map.of(
            TASK, Map.ofEntries(
                    Map.entry("fork()Ljava/util/concurrent/ForkJoinTask;", Kind.FORK),
                    Map.entry("awaitDone(Ljava/util/concurrent/ForkJoinPool;ZZZJ)I", Kind.AWAIT_17),
                    Map.entry("awaitDone(ZJ)I", Kind.AWAIT_21),
                    Map.entry("setDone()I", Kind.COMPLETES),
                    Map.entry("setDone()V", Kind.COMPLETES),
                    Map.entry("trySetCancelled()I", Kind.COMPLETES),
                    Map.entry("trySetThrown(Ljava/lang/Throwable;)I", Kind.COMPLETES),
                    Map.entry("trySetThrown(Ljava/lang/Throwable;)Z", Kind.COMPLETES),
                    Map.entry("helpQuiesce()V", Kind.HELP_QUIESCE),
                    Map.entry("inForkJoinPool()Z", Kind.IN_POOL),
                    Map.entry("getPool()Ljava/util/concurrent/ForkJoinPool;", Kind.GET_POOL)),
            POOL, Map.of(
                    "externalSubmit(Ljava/util/concurrent/ForkJoinTask;)Ljava/util/concurrent/ForkJoinTask;",
                    Kind.SUBMIT_17,
                    "poolSubmit(ZLjava/util/concurrent/ForkJoinTask;)Ljava/util/concurrent/ForkJoinTask;",
                    Kind.SUBMIT_21,
                    "awaitTermination(JLjava/util/concurrent/TimeUnit;)Z", Kind.POOL_AWAITS_TERMINATION,
                    "awaitQuiescence(JLjava/util/concurrent/TimeUnit;)Z", Kind.POOL_AWAITS_QUIESCENCE,
                    "isQuiescent()Z", Kind.POOL_IS_QUIESCENT,
                    "close()V", Kind.POOL_CLOSES,
                    "shutdown()V", Kind.POOL_SHUTS_DOWN,
                    "shutdownNow()Ljava/util/List;", Kind.POOL_SHUTS_DOWN_NOW,
                    "scheduleDelayedTask(L" + SCHEDULED_TASK + ";)L" + SCHEDULED_TASK + ";", Kind.POOL_SCHEDULES),
            COMPLETER, Map.of(
                    "tryComplete()V", Kind.REPORTS,
                    "propagateCompletion()V", Kind.REPORTS,
                    "firstComplete()Ljava/util/concurrent/CountedCompleter;", Kind.REPORTS,
                    "decrementPendingCountUnlessZero()I", Kind.REPORTS,
                    "compareAndSetPendingCount(II)Z", Kind.REPORTS));

    private final String className;

    ForkJoinRedirects(ClassVisitor next, String className) {
        super(OpenedClassReader.ASM_API, next);
        this.className = className;
    }

    /** Whether the bootstrap class with this internal name has redirects (not its nested classes). */
    static boolean redirects(String internalName) {
        return METHODS.containsKey(internalName);
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                     String[] exceptions) {
        MethodVisitor next = super.visitMethod(access, name, descriptor, signature, exceptions);
        Kind kind = METHODS.get(className).get(name + descriptor);
        boolean isStatic = (access & Opcodes.ACC_STATIC) != 0;
        if (next == null || kind == null || (access & Opcodes.ACC_ABSTRACT) != 0
                || isStatic != (kind == Kind.HELP_QUIESCE || kind == Kind.IN_POOL || kind == Kind.GET_POOL)) {
            return next;
        }
        int site = Sites.register(new Sites.Site(Emit.dotted(className), name, null, -1,
                Emit.simpleName(className) + "." + name, ""));
        return new MethodVisitor(OpenedClassReader.ASM_API, next) {
            @Override
            public void visitCode() {
                super.visitCode();
                redirect(mv, kind, site);
            }
        };
    }

    private static void redirect(MethodVisitor mv, Kind kind, int site) {
        switch (kind) {
            case FORK -> returnIfTaken(mv, site, "forkJoinFork", "(Ljava/lang/Object;I)Z", Opcodes.ALOAD, 0);
            case SUBMIT_17 -> {
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                returnIfTaken(mv, site, "forkJoinSubmit", "(Ljava/lang/Object;Ljava/lang/Object;I)Z",
                        Opcodes.ALOAD, 1);
            }
            case SUBMIT_21 -> {
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                returnIfTaken(mv, site, "forkJoinSubmit", "(Ljava/lang/Object;Ljava/lang/Object;I)Z",
                        Opcodes.ALOAD, 2);
            }
            case AWAIT_17 -> { // (pool, ran, interruptible, timed, nanos)
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                mv.visitVarInsn(Opcodes.ILOAD, 3);
                mv.visitVarInsn(Opcodes.ILOAD, 4);
                mv.visitVarInsn(Opcodes.LLOAD, 5);
                returnIntIfTaken(mv, site, "forkJoinAwaitFor", "(Ljava/lang/Object;ZZJI)I", NOT_HANDLED);
            }
            case AWAIT_21 -> { // (interruptible, deadline)
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                mv.visitVarInsn(Opcodes.ILOAD, 1);
                mv.visitVarInsn(Opcodes.LLOAD, 2);
                returnIntIfTaken(mv, site, "forkJoinAwaitUntil", "(Ljava/lang/Object;ZJI)I", NOT_HANDLED);
            }
            case COMPLETES -> announce(mv, site, "forkJoinTaskCompletes");
            case REPORTS -> announce(mv, site, "forkJoinCompleterReports");
            case POOL_AWAITS_TERMINATION, POOL_AWAITS_QUIESCENCE -> {
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                mv.visitVarInsn(Opcodes.ALOAD, 3);
                mv.visitVarInsn(Opcodes.LLOAD, 1);
                mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/util/concurrent/TimeUnit", "toNanos", "(J)J", false);
                Emit.pushInt(mv, kind == Kind.POOL_AWAITS_TERMINATION ? 1 : 0);
                returnIntIfTaken(mv, site, "forkJoinPoolAwaits", "(Ljava/lang/Object;JZI)I", -1);
            }
            case POOL_IS_QUIESCENT -> {
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                returnIntIfTaken(mv, site, "forkJoinPoolIsQuiescent", "(Ljava/lang/Object;I)I", -1);
            }
            case POOL_CLOSES -> {
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                returnVoidIfTaken(mv, site, "forkJoinPoolCloses", "(Ljava/lang/Object;I)Z");
            }
            case POOL_SHUTS_DOWN -> announce(mv, site, "forkJoinPoolShutsDown");
            case POOL_SHUTS_DOWN_NOW -> announce(mv, site, "forkJoinPoolShutsDownNow");
            case HELP_QUIESCE -> returnVoidIfTaken(mv, site, "forkJoinHelpsQuiesce", "(I)Z");
            case IN_POOL -> returnIntIfTaken(mv, site, "forkJoinInPool", "(I)I", NOT_HANDLED);
            case GET_POOL -> returnPoolIfTaken(mv, site);
            case POOL_SCHEDULES -> {
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                returnIfTaken(mv, site, "forkJoinSchedules", "(Ljava/lang/Object;Ljava/lang/Object;I)Z",
                        Opcodes.ALOAD, 1);
            }
            default -> throw new IllegalStateException(kind.name());
        }
    }

    /** {@code if (hook(this..., site)) return <value>;} where the value is the local {@code slot}. */
    private static void returnIfTaken(MethodVisitor mv, int site, String hook, String descriptor, int load,
                                      int slot) {
        mv.visitVarInsn(Opcodes.ALOAD, slot);
        Emit.pushInt(mv, site);
        callJdkHook(mv, hook, descriptor);
        Label jdk = new Label();
        mv.visitJumpInsn(Opcodes.IFEQ, jdk);
        mv.visitVarInsn(load, slot);
        mv.visitInsn(Opcodes.ARETURN);
        mv.visitLabel(jdk);
    }

    /** The arguments but the site are on the stack: {@code if (hook(..., site)) return;}. */
    private static void returnVoidIfTaken(MethodVisitor mv, int site, String hook, String descriptor) {
        Emit.pushInt(mv, site);
        callJdkHook(mv, hook, descriptor);
        Label jdk = new Label();
        mv.visitJumpInsn(Opcodes.IFEQ, jdk);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitLabel(jdk);
    }

    /** The arguments are on the stack: {@code int r = hook(..., site); if (r != notHandled) return r;}. */
    private static void returnIntIfTaken(MethodVisitor mv, int site, String hook, String descriptor, int notHandled) {
        Emit.pushInt(mv, site);
        callJdkHook(mv, hook, descriptor);
        mv.visitInsn(Opcodes.DUP);
        Emit.pushInt(mv, notHandled);
        Label jdk = new Label();
        mv.visitJumpInsn(Opcodes.IF_ICMPEQ, jdk);
        mv.visitInsn(Opcodes.IRETURN);
        mv.visitLabel(jdk);
        mv.visitInsn(Opcodes.POP);
    }

    /** {@code if (forkJoinInPool(site) != NOT_HANDLED) return (ForkJoinPool) forkJoinPoolOfTask(site);} */
    private static void returnPoolIfTaken(MethodVisitor mv, int site) {
        Emit.pushInt(mv, site);
        callJdkHook(mv, "forkJoinInPool", "(I)I");
        Emit.pushInt(mv, NOT_HANDLED);
        Label jdk = new Label();
        mv.visitJumpInsn(Opcodes.IF_ICMPEQ, jdk);
        Emit.pushInt(mv, site);
        callJdkHook(mv, "forkJoinPoolOfTask", "(I)Ljava/lang/Object;");
        mv.visitTypeInsn(Opcodes.CHECKCAST, POOL);
        mv.visitInsn(Opcodes.ARETURN);
        mv.visitLabel(jdk);
    }

    private static void announce(MethodVisitor mv, int site, String hook) {
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        Emit.pushInt(mv, site);
        callJdkHook(mv, hook, "(Ljava/lang/Object;I)V");
    }

    private static void callJdkHook(MethodVisitor mv, String name, String descriptor) {
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, JdkHooksClass.INTERNAL_NAME, name, descriptor, false);
    }
}
