package dev.weft.scheduler.runtime;

import java.util.concurrent.ForkJoinPool;

/**
 * Executors whose threads Weft cannot manage: the common {@code ForkJoinPool} (which {@code CompletableFuture}'s
 * {@code *Async} methods would use when no executor is passed: {@link DefaultAsyncExecutor} runs those instead),
 * CompletableFuture's shared delay scheduler, and {@code java.util.Timer}. Their threads
 * exist before and after an execution and are shared by all of them, so they cannot become managed threads; a managed
 * thread that hands them work fails closed, naming the call and its line.
 */
final class UncontrolledPools {

    private static final String COMMON_POOL = "the common ForkJoinPool, whose threads it cannot control: ";
    private static final String ADVICE = "; pass an executor that the test creates (Executors.newFixedThreadPool(n),"
            + " ...) instead";

    private UncontrolledPools() {
    }

    /** A use of CompletableFuture's default executor that needs the common pool itself (Java 25's timeouts). */
    static void defaultAsyncPool() {
        throw new UnmodelledPrimitiveException(COMMON_POOL + UserCall.describe() + ADVICE, UserCall.where());
    }

    static ForkJoinPool commonPool(int site) {
        throw new UnmodelledPrimitiveException(COMMON_POOL + "ForkJoinPool.commonPool()" + ADVICE, site);
    }

    /** A parallel stream hands its elements to the common pool's threads, which would run the lambdas unseen. */
    static <T> T parallelStream(int site) {
        throw new UnmodelledPrimitiveException("parallel streams, which run on " + COMMON_POOL
                + "use a sequential stream, or an executor that the test creates", site);
    }

    /**
     * A {@code ConcurrentHashMap} bulk operation runs in parallel, on the common pool, when its parallelism threshold
     * is not {@code Long.MAX_VALUE} and the map has more than one mapping and at least that many (the JDK's
     * {@code batchFor}); otherwise it runs in the caller, as one traversal.
     */
    static void parallelBulk(java.util.concurrent.ConcurrentHashMap<?, ?> map, long parallelismThreshold, int site) {
        long mappings = map.mappingCount();
        if (parallelismThreshold != Long.MAX_VALUE && mappings > 1 && mappings >= parallelismThreshold) {
            throw new UnmodelledPrimitiveException("a ConcurrentHashMap bulk operation with parallelism threshold "
                    + parallelismThreshold + " over " + mappings + " mappings, which runs its callbacks on "
                    + COMMON_POOL + "pass Long.MAX_VALUE as the threshold to run it in the calling thread", site);
        }
    }

    /** A {@code ForkJoinPool} starts its workers inside the JDK, so they could not be managed threads. */
    static void ownForkJoinPool(int site) {
        throw new UnmodelledPrimitiveException("a ForkJoinPool, whose worker threads the JDK starts out of its"
                + " control" + ADVICE, site);
    }

    /**
     * A {@code java.util.Timer} starts its thread in its constructor, inside the JDK: its tasks would run on a thread
     * nobody manages, racing for real with the test's. The timer is cancelled (its thread ends) before the test fails.
     */
    static void timer(java.util.Timer timer, int site) {
        timer.cancel();
        throw new UnmodelledPrimitiveException("java.util.Timer, whose thread the JDK starts out of its control; use"
                + " a ScheduledExecutorService (Executors.newSingleThreadScheduledExecutor()), which Weft runs on the"
                + " execution's virtual clock", site);
    }

    /**
     * A {@code SubmissionPublisher} made without an executor delivers its items on the common pool (or, where that
     * has no parallelism to spare, on threads of its own): its subscribers would run on threads nobody manages. The
     * publisher is closed before the test fails.
     */
    static void publisher(java.util.concurrent.SubmissionPublisher<?> publisher, int site) {
        java.util.concurrent.Executor executor = publisher.getExecutor();
        if (executor instanceof ForkJoinPool
                || executor.getClass().getName().startsWith("java.util.concurrent.SubmissionPublisher$")) {
            publisher.close();
            throw new UnmodelledPrimitiveException("a SubmissionPublisher without an executor, which delivers on "
                    + COMMON_POOL + "pass one that the test creates: new SubmissionPublisher<>(executor,"
                    + " Flow.defaultBufferSize())", site);
        }
    }

    static void unmodelled(String what) {
        throw new UnmodelledPrimitiveException(what + ", whose thread it cannot control: " + UserCall.describe(),
                UserCall.where());
    }
}
