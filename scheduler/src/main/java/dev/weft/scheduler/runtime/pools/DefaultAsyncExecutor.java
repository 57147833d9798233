package dev.weft.scheduler.runtime.pools;

import dev.weft.scheduler.runtime.ControlledHooks;
import dev.weft.scheduler.runtime.threads.Carrier;
import dev.weft.scheduler.runtime.threads.ManagedThread;
import dev.weft.scheduler.runtime.threads.ThreadLifecycle;

import java.util.concurrent.Executor;

/**
 * What {@code CompletableFuture}'s {@code *Async} methods run their tasks on when the test's code passes no executor,
 * in place of the JDK's default (the common {@code ForkJoinPool}, whose threads are shared by the whole JVM and
 * cannot be managed): a new managed daemon thread per task. That is the JDK's own default where the common pool has
 * no parallelism to spare ({@code ThreadPerTaskExecutor}), and it lets every task run beside every other, as a common
 * pool with enough workers would; a test cannot count on the pool's size, which depends on the machine. The task's
 * thread is a daemon thread, as the common pool's workers are: an execution does not wait for a task nobody waits for.
 *
 * <p>On a thread Weft does not manage (a task handed over after the execution, through {@code defaultExecutor()}
 * kept by the test), the task goes to the JDK's default.
 */
public final class DefaultAsyncExecutor implements Executor {

    /** The Java name of a task's thread (its managed name, in reports, is its starter's child's: {@code main.2}). */
    static final String THREAD_NAME = "weft-async-task";

    private final Executor jdkDefault;
    private final int site;

    /**
     * @param jdkDefault the executor the JDK would have used
     * @param site       where {@code CompletableFuture} read it, for the starts of the tasks' threads
     */
    DefaultAsyncExecutor(Executor jdkDefault, int site) {
        this.jdkDefault = jdkDefault;
        this.site = site;
    }

    @Override
    public void execute(Runnable task) {
        ManagedThread self = ControlledHooks.visible();
        if (self == null) {
            jdkDefault.execute(task);
            return;
        }
        Thread thread = new Thread(task, THREAD_NAME);
        thread.setDaemon(true);
        ThreadLifecycle.start(self, Carrier.forTestThread(self, thread), site);
    }
}
