package dev.weft.scheduler.runtime.pools;

import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.runtime.Action;
import dev.weft.scheduler.runtime.ControlledHooks;
import dev.weft.scheduler.runtime.GuardedCall;
import dev.weft.scheduler.runtime.Step;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeoutException;

/**
 * How Weft models {@code ExecutorService.invokeAny} at the user's level: it returns the result of one task that
 * completed normally and cancels the others. The JDK's own implementation (a completion service polled between
 * submissions, then the cancellations) would make its completion queue's order and its polls events, many
 * executions for nothing the user sees. Here the call is one submission ({@code WRITE} of the pool's state), each
 * task submitted to the pool as it is, and one shared <em>outcome</em> of the call, a location:
 *
 * <ul>
 *   <li>a task that ends before the call has a result {@code WRITE}s the outcome (it decides it: the first to
 *   complete normally is the result); one that ends after only {@code READ}s it. So which task's result is returned
 *   is explored (two tasks' first endings race), and the order of the endings that come after is not (they change
 *   nothing);</li>
 *   <li>the caller waits for the outcome with a guarded {@code READ}, enabled once a task completed normally or every
 *   task failed (or it timed out), then cancels the other tasks, as the JDK does ({@code cancel(true)}: a visible
 *   completion of each future, and an interrupt of a worker still running it). A future's run looks at its state
 *   ({@code FutureModel}), so each other task is explored cancelled before it runs, cancelled while it runs, and
 *   done before the cancellation: two tasks cost 2 &times; 3 = 6 executions.</li>
 * </ul>
 * A failure before any result is a {@code WRITE} too, since the last one decides that the call throws; the order of
 * a failure and the winning result is then explored although it changes nothing (a rare case: tasks that throw).
 */
final class InvokeAnyModel {

    private final ManagedThread caller;
    private final Location outcome;
    private final int site;
    private final int tasks;
    private boolean hasResult;
    private Object result;
    /** The index of the task whose result is returned, or -1. */
    private int winner = -1;
    private int failures;
    private Throwable lastFailure;

    private InvokeAnyModel(ManagedThread caller, int tasks, int site) {
        this.caller = caller;
        this.outcome = Location.objectState(caller.execution.names.nameOf(this, caller));
        this.site = site;
        this.tasks = tasks;
    }

    /** {@code invokeAny(tasks)} ({@code nanos < 0}) or {@code invokeAny(tasks, time, unit)}. */
    static Object invokeAny(ManagedThread self, ExecutorService executor, Collection<? extends Callable<?>> tasks,
                            long nanos, int site) throws InterruptedException, ExecutionException, TimeoutException {
        if (tasks == null) {
            throw new NullPointerException("tasks");
        }
        if (tasks.isEmpty()) {
            throw new IllegalArgumentException("invokeAny of no tasks");
        }
        Step.change(self, Operation.write(PoolModel.state(self, PoolModel.poolOf(executor))), site);
        InvokeAnyModel call = new InvokeAnyModel(self, tasks.size(), site);
        List<Future<?>> futures = new ArrayList<>(tasks.size());
        try {
            for (Callable<?> task : tasks) {
                if (task == null) { // the JDK's submit refuses it; the tasks submitted before are cancelled below
                    throw new NullPointerException("task");
                }
                futures.add(executor.submit(call.reporting(task, futures.size())));
            }
            if (!call.awaitOutcome(GuardedCall.Mode.of(true, nanos))) {
                throw new TimeoutException("no task of invokeAny completed in time (Weft: the timeout policy let"
                        + " time pass)");
            }
            if (call.hasResult) {
                return call.result;
            }
            throw new ExecutionException(call.lastFailure);
        } finally {
            // The JDK cancels every future, the winner's too (a no-op, as it is done or about to be); that
            // cancellation would race with the winner's own completion for nothing anyone sees, so it is left out.
            for (int i = 0; i < futures.size(); i++) {
                if (i != call.winner) {
                    futures.get(i).cancel(true);
                }
            }
        }
    }

    /** The task as submitted: it reports its ending to the call, on the worker that ran it. */
    private <T> Callable<T> reporting(Callable<T> task, int index) {
        return () -> {
            T value;
            try {
                value = task.call();
            } catch (Throwable failure) {
                ended(index, false, null, failure);
                throw failure;
            }
            ended(index, true, value, null);
            return value;
        };
    }

    private void ended(int index, boolean normally, Object value, Throwable failure) {
        ManagedThread worker = ControlledHooks.visible();
        if (worker == null || worker.execution != caller.execution) {
            return;
        }
        worker.pauseAt(new Ending(index, normally, value, failure));
    }

    private boolean awaitOutcome(GuardedCall.Mode mode) throws InterruptedException {
        return new GuardedCall(caller, mode, Operation.read(outcome), site) {
            @Override
            public boolean ready() {
                return hasResult || failures == tasks;
            }

            @Override
            public String whyBlocked() {
                return "waits in invokeAny for one of its tasks to complete, and none will";
            }
        }.await();
    }

    /** A task's ending: decides the call's outcome if it is the first result (or a failure before any). */
    private final class Ending extends Action {
        private final int index;
        private final boolean normally;
        private final Object value;
        private final Throwable failure;
        private boolean decided;

        Ending(int index, boolean normally, Object value, Throwable failure) {
            super(Operation.write(outcome), site);
            this.index = index;
            this.normally = normally;
            this.value = value;
            this.failure = failure;
        }

        @Override
        public Action perform() {
            decided = !hasResult;
            if (hasResult) {
                return null;
            }
            if (normally) {
                hasResult = true;
                result = value;
                winner = index;
            } else {
                failures++;
                lastFailure = failure;
            }
            return null;
        }

        @Override
        public Operation performed() {
            return decided ? operation() : new Operation(OpKind.READ, outcome);
        }
    }
}
