package dev.weft.scheduler.hooks;

/**
 * The hooks of the fork/join family, at the entry of the JDK's {@code ForkJoinTask}, {@code ForkJoinPool} and
 * {@code CountedCompleter} methods (instrument {@code ForkJoinRedirects}), and of the JDK's delay schedulers that
 * {@code CompletableFuture}'s timeouts use. Each that can take over a call answers whether it did; these defaults
 * never do, so that the JDK's own code runs.
 */
public interface ForkJoinHookHandler {

    /** What an integer hook answers when the JDK's wait is to run after all. */
    int NOT_HANDLED = Integer.MIN_VALUE + 1;

    /** At the entry of {@code ForkJoinTask.fork()}: whether the task was handed to a thread of its own. */
    default boolean forkJoinFork(Object task, int site) {
        return false;
    }

    /** At the entry of the pool's submission ({@code externalSubmit}, {@code poolSubmit}): the same, for a pool. */
    default boolean forkJoinSubmit(Object pool, Object task, int site) {
        return false;
    }

    /**
     * At the entry of Java 17's {@code ForkJoinTask.awaitDone}: the status the JDK's wait would return (negative once
     * the task is done, {@code ABNORMAL} when interrupted, 0 on a timeout), or {@link #NOT_HANDLED}.
     */
    default int forkJoinAwaitFor(Object task, boolean interruptible, boolean timed, long nanos, int site) {
        return NOT_HANDLED;
    }

    /** The same for Java 21+'s {@code awaitDone(interruptible, deadline)}, {@code deadline} 0 for none. */
    default int forkJoinAwaitUntil(Object task, boolean interruptible, long deadline, int site) {
        return NOT_HANDLED;
    }

    /** At the entry of the methods that complete a task ({@code setDone}, {@code trySetCancelled}, ...). */
    default void forkJoinTaskCompletes(Object task, int site) {
    }

    /** At the entry of a {@code CountedCompleter}'s report to its pending count ({@code tryComplete}, ...). */
    default void forkJoinCompleterReports(Object completer, int site) {
    }

    /**
     * At the entry of {@code awaitTermination} ({@code termination}) and {@code awaitQuiescence} of a
     * {@code ForkJoinPool}: 1 or 0 for the answer, or -1 to leave it to the JDK.
     */
    default int forkJoinPoolAwaits(Object pool, long nanos, boolean termination, int site) {
        return -1;
    }

    /** At the entry of {@code ForkJoinPool.isQuiescent()}: 1 or 0 for the answer, or -1 to leave it to the JDK. */
    default int forkJoinPoolIsQuiescent(Object pool, int site) {
        return -1;
    }

    /** At the entry of {@code ForkJoinPool.close()}: whether Weft closed it. */
    default boolean forkJoinPoolCloses(Object pool, int site) {
        return false;
    }

    /** At the entry of {@code ForkJoinPool.shutdown()}. */
    default void forkJoinPoolShutsDown(Object pool, int site) {
    }

    /** At the entry of {@code ForkJoinPool.shutdownNow()}. */
    default void forkJoinPoolShutsDownNow(Object pool, int site) {
    }

    /** At the entry of the static {@code ForkJoinTask.helpQuiesce()}: whether Weft waited for quiescence itself. */
    default boolean forkJoinHelpsQuiesce(int site) {
        return false;
    }

    /**
     * At the entry of Java 21+'s {@code ForkJoinPool.scheduleDelayedTask} (its {@code schedule} methods, and the
     * timeouts of {@code CompletableFuture}): whether the delay was taken over.
     */
    default boolean forkJoinSchedules(Object pool, Object task, int site) {
        return false;
    }

    /** Before Java 17's {@code CompletableFuture.Delayer.delay}: whether {@link #delayedAction} takes it over. */
    default boolean delaysOnTheExecution() {
        return false;
    }

    /** In place of Java 17's {@code CompletableFuture.Delayer.delay}, when {@link #delaysOnTheExecution()}. */
    default java.util.concurrent.ScheduledFuture<?> delayedAction(Runnable action, long delay,
                                                                 java.util.concurrent.TimeUnit unit, int site) {
        throw new IllegalStateException("no delays on an execution here");
    }

    /**
     * At the entry of {@code ForkJoinTask.inForkJoinPool()} and {@code getPool()}: 1 when the calling thread runs a
     * task of a pool (where a JDK worker of that pool would), 0 when it runs none, or {@link #NOT_HANDLED} to let the
     * JDK answer (it asks whether the thread is a {@code ForkJoinWorkerThread}).
     */
    default int forkJoinInPool(int site) {
        return NOT_HANDLED;
    }

    /**
     * After {@link #forkJoinInPool} took the call: the pool whose task the calling thread runs, or {@code null} when
     * it runs none.
     */
    default Object forkJoinPoolOfTask(int site) {
        return null;
    }
}
