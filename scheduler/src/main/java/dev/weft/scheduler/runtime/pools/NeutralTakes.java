package dev.weft.scheduler.runtime.pools;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.runtime.Action;
import dev.weft.scheduler.runtime.CausalOrder;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which takes of a task from a pool's work queue order nothing that the task's submission did not already order
 * ({@link PoolModel#takenBy}).
 *
 * <p>A worker that takes a task runs it after everything the worker did and knew before: its program order puts its
 * own past before the task. Another worker taking the same task would put <em>its</em> past there instead. When the
 * taker's past is already before the task's submission (the event that queued it), its take adds no order, and any
 * other worker taking the task would only add some: the take is <em>neutral</em>, and the explorer need not try the
 * other workers (their takes touch keys of their own). When it is not, the take may hide an order the user's code can
 * observe (the task running before the rest of the taker's past), and it is a write of the whole queue, so that every
 * other worker's take, empty take or look at the queue races with it and the other choices are run.
 *
 * <p>"The taker's past" leaves out its own order-neutral steps after the submission ({@link #orderNeutral}): the end
 * of its task on the pool's activity (a counting release, which commutes with the other workers') and its look at a
 * shut-down pool's queue. So a worker that queues a task from inside its own ({@code thenCompose} calling
 * {@code supplyAsync}) and takes it back with nothing else in between takes it neutrally. Everything the steps
 * joined into its clock still counts.
 *
 * <p>The order is the explorer's ({@link CausalOrder}), asked only when a worker takes a task, over the events so far.
 */
public final class NeutralTakes {

    private final CausalOrder order;
    private final List<Event> events = new ArrayList<>();
    /** The event that queued each task still known to this execution. */
    private final Map<Object, Integer> queuedBy = new IdentityHashMap<>(4); // few per execution

    public NeutralTakes(CausalOrder order) {
        this.order = order;
    }

    /** {@code thread}'s next step, {@code step}, orders nothing the user can see ({@link NeutralTakes}). */
    static void orderNeutral(ManagedThread thread, Operation step) {
        thread.orderNeutralStep = step;
    }

    /** {@code thread} is performing an offer that puts {@code task} into a queue. */
    static void queueing(ManagedThread thread, Object task) {
        thread.queueing = task;
    }

    /** The event of {@code thread}'s step {@code action} was completed. */
    public void completed(ManagedThread thread, Action action, Event event) {
        events.add(event);
        if (thread.queueing != null) {
            queuedBy.put(thread.queueing, event.index());
            thread.queueing = null;
        }
        if (action.operation() == thread.orderNeutralStep) {
            thread.orderNeutralStep = null;
        } else {
            thread.orderingSteps = event.threadStep() + 1;
        }
    }

    /** Whether {@code taker}'s take of {@code task}, the head of a work queue, orders nothing of its own. */
    boolean neutral(ManagedThread taker, Object task) {
        Integer queueing = task == null ? null : queuedBy.get(task);
        return queueing != null && order.knowsThePastOf(events, queueing, taker.id, taker.orderingSteps);
    }
}
