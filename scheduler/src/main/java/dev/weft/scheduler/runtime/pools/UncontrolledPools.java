package dev.weft.scheduler.runtime.pools;

import dev.weft.scheduler.runtime.UnmodelledPrimitiveException;
import dev.weft.scheduler.runtime.state.StaticInitialisers;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.util.concurrent.ForkJoinPool;

/**
 * Executors whose threads Weft cannot manage: CompletableFuture's shared delay scheduler, {@code java.util.Timer}, a
 * {@code SubmissionPublisher}'s default executor. Their threads exist before and after an execution and are shared
 * by all of them, so they cannot become managed threads; a managed thread that hands them work fails closed, naming
 * the call and its line. (The common {@code ForkJoinPool} runs its tasks on managed threads: {@link ForkJoinTasks}.)
 */
public final class UncontrolledPools {


    private UncontrolledPools() {
    }

    /**
     * A {@code java.util.Timer} starts its thread in its constructor, inside the JDK: its tasks would run on a thread
     * nobody manages, racing for real with the test's. The timer is cancelled (its thread ends) before the test fails.
     */
    public static void timer(java.util.Timer timer, int site) {
        timer.cancel();
        throw timerRefused(site);
    }

    /**
     * A timer a static initialiser made on a managed thread (a library's timer holder): the refusal waits for the
     * thread's first step after the initialiser returned ({@link ManagedThread#deferredRefusal}). Thrown inside the
     * initialiser, it would leave the class broken for the rest of the JVM, and the user's later tests that use it
     * without Weft would fail with {@code NoClassDefFoundError} (commons-pool's {@code PoolUtils.TimerHolder}). The
     * class's first initialisation keeps its timer, as a JVM would; a copy run again for a later execution
     * ({@link StaticInitialisers}) has its own cancelled.
     */
    public static void timerOfAnInitialiser(ManagedThread self, java.util.Timer timer, boolean copy, int site) {
        if (copy) {
            timer.cancel();
        }
        if (self.deferredRefusal == null) {
            self.deferredRefusal = timerRefused(site);
        }
    }

    private static UnmodelledPrimitiveException timerRefused(int site) {
        return new UnmodelledPrimitiveException("java.util.Timer, whose thread the JDK starts out of its control; use"
                + " a ScheduledExecutorService (Executors.newSingleThreadScheduledExecutor()), which Weft runs on the"
                + " execution's virtual clock", site);
    }

    /**
     * A {@code SubmissionPublisher} made without an executor delivers its items on the common pool where that has
     * parallelism to spare, and otherwise on threads the JDK starts itself, out of Weft's control: which one depends
     * on the machine's cores, and so would the verdict. The publisher is closed before the test fails.
     */
    public static void publisher(java.util.concurrent.SubmissionPublisher<?> publisher, int site) {
        java.util.concurrent.Executor executor = publisher.getExecutor();
        if (executor == ForkJoinPool.commonPool()
                || executor.getClass().getName().startsWith("java.util.concurrent.SubmissionPublisher$")) {
            publisher.close();
            throw new UnmodelledPrimitiveException("a SubmissionPublisher without an executor, which delivers on the"
                    + " common pool or, on a machine with few cores, on threads the JDK starts out of Weft's control;"
                    + " pass an executor that the test creates: new SubmissionPublisher<>(executor,"
                    + " Flow.defaultBufferSize())", site);
        }
    }

}
