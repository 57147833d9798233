package dev.weft.scheduler.runtime.pools;

import dev.weft.scheduler.hooks.PoolHookHandler;
import dev.weft.scheduler.runtime.ControlledHooks;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.util.Collection;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeoutException;

import static dev.weft.scheduler.runtime.ControlledHooks.ownProgram;
import static dev.weft.scheduler.runtime.ControlledHooks.visible;
import static dev.weft.scheduler.runtime.ControlledHooks.visibleTimed;

/**
 * The JVM runtime's handler of the pool hooks ({@link PoolHookHandler}): executors and futures (the pools' workers and
 * counters, and the waits for a task's result). On a thread no execution manages, or where its operations are not
 * visible, each hook does what the uninstrumented code would have done (see {@link ControlledHooks}).
 */
public final class ControlledPoolHooks implements PoolHookHandler {

    @Override
    public int poolNumber(int jdkNumber) {
        ManagedThread self = ownProgram();
        return self == null ? jdkNumber : self.execution.nextPoolNumber();
    }

    @Override
    public Object defaultAsyncExecutor(Object pool, int site) {
        return visible() == null ? pool : new DefaultAsyncExecutor((Executor) pool, site);
    }

    @Override
    public Object futureGet(Future<?> future, long nanos, int site)
            throws InterruptedException, ExecutionException, TimeoutException {
        ManagedThread self = visibleTimed(nanos);
        return self == null || !FutureModel.modelled(future)
                ? PoolHookHandler.super.futureGet(future, nanos, site)
                : FutureModel.get(self, future, nanos, site);
    }

    @Override
    public Object futureJoin(CompletableFuture<?> future, int site) {
        ManagedThread self = visible();
        return self == null ? future.join() : FutureModel.join(self, future, site);
    }

    @Override
    public void futureRuns(Object future, int site) {
        ManagedThread self = visible();
        if (self != null) {
            FutureModel.query(self, future, site);
        }
    }

    @Override
    public void futureCompletes(Object future, int site) {
        ManagedThread self = visible();
        if (self != null) {
            FutureModel.completes(self, future, site);
        }
    }

    @Override
    public void poolCountersChange(Object pool, int site) {
        ManagedThread self = visible();
        if (self != null) {
            PoolModel.countersChange(self, pool, site);
        }
    }

    @Override
    public void poolWorkerExits(Object pool, int site) {
        ManagedThread self = visible();
        if (self != null) {
            PoolModel.workerExits(self, (ThreadPoolExecutor) pool, site);
        }
    }

    @Override
    public void poolWorkerLooksForTask(Object pool, int site) {
        ManagedThread self = visible();
        if (self != null) {
            PoolModel.workerLooksForTask(self, (ThreadPoolExecutor) pool, site);
        }
    }

    @Override
    public void scheduledPoolLooksAtRunState(Object pool, int site) {
        ManagedThread self = visible();
        if (self != null) {
            PoolModel.scheduledTaskMayRun(self, pool, site);
        }
    }

    @Override
    public boolean awaitTermination(ExecutorService pool, long nanos, int site) throws InterruptedException {
        ManagedThread self = visibleTimed(nanos);
        return self == null || PoolModel.poolOf(pool) == null
                ? PoolHookHandler.super.awaitTermination(pool, nanos, site)
                : PoolModel.awaitTermination(self, pool, nanos, site);
    }

    @Override
    public Object invokeAny(ExecutorService pool, Collection<? extends Callable<?>> tasks, long nanos, int site)
            throws InterruptedException, ExecutionException, TimeoutException {
        ManagedThread self = visibleTimed(nanos);
        return self == null || PoolModel.poolOf(pool) == null
                ? PoolHookHandler.super.invokeAny(pool, tasks, nanos, site)
                : InvokeAnyModel.invokeAny(self, pool, tasks, nanos, site);
    }

    @Override
    public void executorClose(ExecutorService pool, int site) {
        ManagedThread self = visible();
        if (self == null || PoolModel.poolOf(pool) == null) {
            PoolHookHandler.super.executorClose(pool, site);
        } else {
            PoolModel.close(self, pool, site);
        }
    }
}
