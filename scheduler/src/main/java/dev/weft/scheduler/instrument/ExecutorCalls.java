package dev.weft.scheduler.instrument;

/**
 * The {@link CallReplacements} of the calls that wait for an executor or a future: {@code Future.get} (also timed),
 * {@code CompletableFuture.join}, {@code ExecutorService.awaitTermination}, {@code invokeAny} and {@code close}. Each waits, in the
 * runtime, for the user-level event it is about (the future's completion, the pool's last task) instead of parking
 * inside the JDK. They apply in the test's code and in the JDK's instrumented bodies alike ({@code invokeAll} gets
 * its futures' results with {@code get}). The calls that only ask or change an executor or a future are
 * bracketed, not replaced ({@link CollectionMethods}, {@code CollectionCalls.CONCURRENT_API}).
 */
final class ExecutorCalls {

    private static final String FUTURE = "java/util/concurrent/Future";
    private static final String COMPLETABLE_FUTURE = "java/util/concurrent/CompletableFuture";
    private static final String EXECUTOR_SERVICE = "java/util/concurrent/ExecutorService";
    private static final String GET = "(L" + FUTURE + ";JI)Ljava/lang/Object;";

    private ExecutorCalls() {
    }

    static void register() {
        timerSchedules();
        CallReplacements.instance(FUTURE, "get", "()Ljava/lang/Object;", (mv, site) -> {
            mv.visitLdcInsn(-1L);
            Emit.callHook(mv, site, "futureGet", GET);
        });
        CallReplacements.instance(FUTURE, "get", "(JLjava/util/concurrent/TimeUnit;)Ljava/lang/Object;",
                (mv, site) -> {
                    CallReplacements.timeoutToNanos(mv);
                    Emit.callHook(mv, site, "futureGet", GET);
                });
        CallReplacements.instance(COMPLETABLE_FUTURE, "join", "()Ljava/lang/Object;", (mv, site) ->
                Emit.callHook(mv, site, "futureJoin", "(L" + COMPLETABLE_FUTURE + ";I)Ljava/lang/Object;"));
        CallReplacements.instance(EXECUTOR_SERVICE, "awaitTermination", "(JLjava/util/concurrent/TimeUnit;)Z",
                (mv, site) -> {
                    CallReplacements.timeoutToNanos(mv);
                    Emit.callHook(mv, site, "awaitTermination", "(L" + EXECUTOR_SERVICE + ";JI)Z");
                });
        String invokeAny = "(L" + EXECUTOR_SERVICE + ";Ljava/util/Collection;JI)Ljava/lang/Object;";
        CallReplacements.instance(EXECUTOR_SERVICE, "invokeAny", "(Ljava/util/Collection;)Ljava/lang/Object;",
                (mv, site) -> {
                    mv.visitLdcInsn(-1L);
                    Emit.callHook(mv, site, "invokeAny", invokeAny);
                });
        CallReplacements.instance(EXECUTOR_SERVICE, "invokeAny",
                "(Ljava/util/Collection;JLjava/util/concurrent/TimeUnit;)Ljava/lang/Object;", (mv, site) -> {
                    CallReplacements.timeoutToNanos(mv);
                    Emit.callHook(mv, site, "invokeAny", invokeAny);
                });
        // Java 19+: ExecutorService is AutoCloseable (try-with-resources on a pool)
        CallReplacements.instance(EXECUTOR_SERVICE, "close", "()V", (mv, site) ->
                Emit.callHook(mv, site, "executorClose", "(L" + EXECUTOR_SERVICE + ";I)V"));
    }

    /**
     * A {@code java.util.Timer} runs its tasks on its own thread, which the JDK starts out of Weft's control. Making
     * one during an execution fails closed ({@code UncontrolledPools.timer}); one made before (a static holder that a
     * plain test initialised first) fails closed where a task is scheduled on it.
     */
    private static void timerSchedules() {
        String timer = "java/util/Timer";
        String task = "Ljava/util/TimerTask;";
        String what = "java.util.Timer's tasks, which run on the timer's own thread out of Weft's control; use a"
                + " ScheduledExecutorService (Executors.newSingleThreadScheduledExecutor()), which Weft runs on the"
                + " execution's virtual clock";
        String date = "Ljava/util/Date;";
        for (String descriptor : new String[] {"(" + task + "J)V", "(" + task + date + ")V", "(" + task + "JJ)V",
                "(" + task + date + "J)V"}) {
            CallReplacements.unmodelled(timer, "schedule", descriptor, what);
        }
        CallReplacements.unmodelled(timer, "scheduleAtFixedRate", "(" + task + "JJ)V", what);
        CallReplacements.unmodelled(timer, "scheduleAtFixedRate", "(" + task + date + "J)V", what);
    }
}
