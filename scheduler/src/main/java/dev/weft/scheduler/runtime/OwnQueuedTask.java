package dev.weft.scheduler.runtime;

import dev.weft.scheduler.model.Operation;

import java.util.Queue;

/**
 * The task a thread last put into a pool's work queue, while nothing the thread did since orders anything: a pool
 * worker that queues a task from inside its own (a {@code CompletableFuture} stage its task completed,
 * {@code thenCompose} calling {@code supplyAsync}) and, its task done, takes that same task back as its next one
 * ({@link PoolModel#takenBy}).
 *
 * <p>Such a take adds no order to the user's operations: everything the worker did is before the task's submission
 * in its own program order, so before the task whichever worker runs it. Another worker that could have taken it
 * instead would run it after its own operations (more order, not less), so the explorer need not try that worker.
 * "Nothing since" allows the steps that order nothing the user can see: the task's end on the pool's activity (a
 * counting release, which commutes with the other worker's) and the worker's own look at the queue of a shut-down
 * pool. Any other event of the thread, a user's {@code afterExecute} among them, ends it.
 *
 * <p>Events are completed once their thread pauses again, after the thread's code following them has run: the
 * queueing is noted while the offer is performed, and becomes fresh with the offer's own event.
 */
final class OwnQueuedTask {

    private enum State { NONE, QUEUEING, FRESH }

    private State state = State.NONE;
    private Object task;
    /** The one step announced as order-neutral that the thread is paused at or about to pause at, or {@code null}. */
    private Operation neutral;

    /** The thread is performing the offer that put {@code queued} into a pool's work queue. */
    void queueing(Object queued) {
        task = queued;
        state = State.QUEUEING;
    }

    /** The thread's next step, {@code step}, orders nothing the user can see: it keeps the task fresh. */
    void orderNeutral(Operation step) {
        neutral = step;
    }

    /** An event of the thread was completed: its announced operation was {@code step}. */
    void completed(Operation step) {
        if (state == State.QUEUEING) {
            state = State.FRESH; // the offer's own event
        } else if (state == State.FRESH && step != neutral) {
            state = State.NONE;
            task = null;
        }
        if (step == neutral) {
            neutral = null;
        }
    }

    /** Whether the head of {@code queue}, about to be taken by the thread, is its own queued task, still fresh. */
    boolean isHeadOf(Queue<?> queue) {
        return state == State.FRESH && queue.peek() == task;
    }
}
