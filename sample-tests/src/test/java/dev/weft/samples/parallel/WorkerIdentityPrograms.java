package dev.weft.samples.parallel;

import dev.weft.junit.ExhaustiveConcurrency;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** A pool task that looks at the thread it runs on, in a test that fails ({@link ParallelWorkersTest}). */
class WorkerIdentityPrograms {

    /**
     * A task names its worker, then the test waits for a count-down nobody makes: every execution fails after the
     * timeout (an assertion), and the search for a schedule with fewer timeouts runs executions in which the task
     * looks at its worker again.
     */
    @ExhaustiveConcurrency
    void aTaskNamesItsWorkerBeforeATimeoutFails() throws Exception {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(2, 2, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>());
        pool.prestartAllCoreThreads();
        String worker = pool.submit(() -> Thread.currentThread().getName()).get();
        pool.shutdown();
        assertTrue(new CountDownLatch(1).await(1, TimeUnit.SECONDS), "nobody counted down (" + worker
                + " ran the task)");
    }
}
