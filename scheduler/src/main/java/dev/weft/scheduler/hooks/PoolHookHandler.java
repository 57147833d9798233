package dev.weft.scheduler.hooks;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The pool hooks, one family of {@link HookHandlers}: executors and futures (the pools' workers and counters, and the
 * waits for a task's result). The default methods do exactly what the uninstrumented code would have done, without
 * control.
 */
public interface PoolHookHandler {

    /** The number of a pool of {@code Executors.defaultThreadFactory()} ({@code "pool-" + n + "-thread-"}). */
    default int poolNumber(int jdkNumber) {
        return jdkNumber;
    }

    /**
     * After {@code CompletableFuture}'s code read its default executor ({@code ASYNC_POOL}, the common pool) to run an
     * {@code *Async} method's task without an executor: returns the executor it uses instead ({@code pool} itself by
     * default).
     */
    default Object defaultAsyncExecutor(Object pool, int site) {
        return pool;
    }

    /** Replaces {@code Future.get()} ({@code nanos < 0}) and {@code get(time, unit)}, the timeout in nanoseconds. */
    default Object futureGet(java.util.concurrent.Future<?> future, long nanos, int site)
            throws InterruptedException, java.util.concurrent.ExecutionException, TimeoutException {
        return nanos < 0 ? future.get() : future.get(nanos, TimeUnit.NANOSECONDS);
    }

    /** Replaces {@code CompletableFuture.join()}. */
    default Object futureJoin(java.util.concurrent.CompletableFuture<?> future, int site) {
        return future.join();
    }

    /** At the entry of {@code FutureTask.run} and {@code runAndReset}: the task runs only if the future is not done. */
    default void futureRuns(Object future, int site) {
    }

    /** At the entry of a JDK method that completes a future ({@code FutureTask.set}, {@code completeValue}, ...). */
    default void futureCompletes(Object future, int site) {
    }

    /**
     * When what a JDK executor's counters and termination show changes: a task begins (before {@code beforeExecute})
     * or is done (after {@code afterExecute}; a thread-per-task executor's task end), a worker exits, the pool has
     * terminated (after {@code terminated()}).
     */
    default void poolCountersChange(Object pool, int site) {
    }

    /** At the entry of {@code ThreadPoolExecutor.processWorkerExit}: a worker leaves the pool. */
    default void poolWorkerExits(Object pool, int site) {
    }

    /** At the entry of {@code ThreadPoolExecutor.getTask}: an idle worker looks at the work queue. */
    default void poolWorkerLooksForTask(Object pool, int site) {
    }

    /**
     * At the entry of {@code ScheduledThreadPoolExecutor.canRunInCurrentRunState}: a thread decides, on the pool's run
     * state, whether a scheduled task may still run (be queued, begin, be put back after a periodic run).
     */
    default void scheduledPoolLooksAtRunState(Object pool, int site) {
    }

    /** Replaces {@code ExecutorService.awaitTermination(time, unit)}, the timeout in nanoseconds. */
    default boolean awaitTermination(java.util.concurrent.ExecutorService pool, long nanos, int site)
            throws InterruptedException {
        return pool.awaitTermination(nanos, TimeUnit.NANOSECONDS);
    }

    /** Replaces {@code ExecutorService.invokeAny(tasks)} ({@code nanos < 0}) and {@code invokeAny(tasks, time, unit)}. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    default Object invokeAny(java.util.concurrent.ExecutorService pool,
                             java.util.Collection<? extends java.util.concurrent.Callable<?>> tasks, long nanos,
                             int site) throws InterruptedException, java.util.concurrent.ExecutionException,
            java.util.concurrent.TimeoutException {
        java.util.Collection raw = tasks;
        return nanos < 0 ? pool.invokeAny(raw) : pool.invokeAny(raw, nanos, TimeUnit.NANOSECONDS);
    }

    /** Replaces {@code ExecutorService.close()} (Java 19+, where every executor service is {@link AutoCloseable}). */
    default void executorClose(java.util.concurrent.ExecutorService pool, int site) {
        try {
            ((AutoCloseable) pool).close();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Exception impossible) {
            throw new IllegalStateException(impossible);
        }
    }
}
