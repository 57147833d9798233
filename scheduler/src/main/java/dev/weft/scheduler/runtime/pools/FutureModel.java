package dev.weft.scheduler.runtime.pools;

import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.runtime.GuardedCall;
import dev.weft.scheduler.runtime.Step;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeoutException;

/**
 * How Weft models the JDK's futures ({@code FutureTask} and its subclasses, {@code CompletableFuture}) at the user's
 * level: a future is one object whose state, {@link Location#objectState}, is written once by its completion and
 * read by whoever asks for it.
 *
 * <ul>
 *   <li><b>Completion</b> ({@code FutureTask.set/setException/cancel}, every internal completion of a
 *   {@code CompletableFuture}, whoever makes it): a {@code WRITE}, announced at the entry of the JDK method, before it
 *   changes the future.</li>
 *   <li><b>{@code get}, {@code join}</b>: a {@code READ}, a guarded real call (enabled once the future is done; a
 *   timed {@code get} may also time out, an untimed one may be interrupted), after which the real call returns at
 *   once. So a result is read after, and happens after, the completion that made it, and no thread parks inside
 *   the JDK.</li>
 *   <li><b>Queries</b> ({@code isDone}, {@code isCancelled}, {@code getNow}, {@code state}, ...): a {@code READ}, which
 *   races with the completion: both answers are explored.</li>
 *   <li><b>A {@code FutureTask}'s run</b> (by a pool's worker or anyone): a {@code READ} at its start, since it runs
 *   the task only if the future is not done: a {@code cancel} before it means the task never runs.</li>
 * </ul>
 * Which thread runs a {@code CompletableFuture}'s dependent stage (the one completing its source, or the one adding
 * the stage to a completed source) follows from the order of these operations; the JDK's own compare-and-sets that
 * decide it stay invisible, so it is explored only as far as it follows from what the user's code does.
 */
public final class FutureModel {

    private FutureModel() {
    }

    /**
     * Whether the runtime sees this future's completion: the JDK's futures, whose completions are instrumented, and
     * fork/join tasks, whose completions {@link ForkJoinTasks} announces.
     */
    public static boolean modelled(Object future) {
        return future instanceof FutureTask<?> || future instanceof CompletableFuture<?>
                || future instanceof java.util.concurrent.ForkJoinTask<?>;
    }

    static void completes(ManagedThread self, Object future, int site) {
        Step.change(self, Operation.write(location(self, future)), site);
    }

    /** A query that reads the future's state: {@code isDone}, {@code getNow}, ... */
    public static void query(ManagedThread self, Object future, int site) {
        Step.observe(self, Operation.read(location(self, future)), site);
    }

    /** {@code get()} ({@code nanos < 0}) or {@code get(time, unit)}. */
    static Object get(ManagedThread self, Future<?> future, long nanos, int site)
            throws InterruptedException, ExecutionException, TimeoutException {
        if (!awaitDone(self, future, GuardedCall.Mode.of(true, nanos), site).await()) {
            throw new TimeoutException("timed out waiting for " + self.execution.names.nameOf(future, self)
                    + " (Weft: the timeout policy let time pass)");
        }
        return future.get(); // done: returns at once
    }

    static Object join(ManagedThread self, CompletableFuture<?> future, int site) {
        awaitDone(self, future, GuardedCall.Mode.UNINTERRUPTIBLE, site).awaitUninterruptibly();
        return future.join();
    }

    static GuardedCall awaitDone(ManagedThread self, Future<?> future, GuardedCall.Mode mode, int site) {
        Location state = location(self, future);
        return new GuardedCall(self, mode, Operation.read(state), site) {
            @Override
            public boolean ready() {
                return future.isDone();
            }

            @Override
            public String whyBlocked() {
                return "waits for the result of " + state.owner() + ", which no thread will complete";
            }
        };
    }

    private static Location location(ManagedThread self, Object future) {
        ForkJoinTasks.madeByTheJdkForTheCall(self, future);
        return Location.objectState(self.execution.names.nameOf(future, self));
    }
}
