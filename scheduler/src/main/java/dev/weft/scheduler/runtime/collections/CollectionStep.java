package dev.weft.scheduler.runtime.collections;

import dev.weft.scheduler.hooks.Sites;
import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.runtime.Action;
import dev.weft.scheduler.runtime.threads.InterruptLook;
import dev.weft.scheduler.runtime.threads.ManagedThread;
import dev.weft.scheduler.runtime.time.SpinRule;
import dev.weft.scheduler.runtime.time.Timeouts;

import java.util.Collection;
import java.util.concurrent.BlockingQueue;
import java.util.function.BooleanSupplier;

/**
 * The scheduling point of a call on a modelled collection ({@link CollectionModel}), and the guarded real calls of
 * blocking queues
 * ({@code ArrayBlockingQueue}, {@code LinkedBlockingQueue}, {@code LinkedBlockingDeque},
 * {@code PriorityBlockingQueue}): the real queue keeps its real state, and a call that would block is held back at
 * its scheduling point until the real queue says it would not.
 *
 * <ul>
 *   <li>take, takeFirst/Last: {@code WRITE}, enabled while the real queue is not empty or the thread is
 *   interrupted (it then throws {@link InterruptedException}).</li>
 *   <li>put, putFirst/Last: {@code WRITE}, enabled while the real queue has room, or interrupted.</li>
 *   <li>offer(e, t, u), poll(t, u) with a positive timeout: {@code WRITE}, enabled while the queue has room / an
 *   element, or interrupted ({@link InterruptedException}), or once it timed out ({@link Action#mayTimeOut()}: when
 *   the {@link Timeouts} policy lets time pass). The real call made is the untimed {@code offer(e)}/{@code poll()},
 *   which returns at once with the same answer.</li>
 *   <li>Everything else: {@code READ} or {@code WRITE}, always enabled.</li>
 * </ul>
 * Once the step is performed the thread makes the real call, which cannot block: only one managed thread runs, so
 * nothing changes between the check and the call.
 */
public final class CollectionStep extends Action {
    private final ManagedThread thread;
    private final Object collection;
    private final CollectionModel.Call call;
    private final BooleanSupplier changes;
    private boolean changed = true;
    /** The key a change of the whole collection turns out to have touched alone, or {@code null}. */
    private Location narrowTo;
    /** What this step, announced on the whole collection, touches, decided as it is performed; or {@code null}. */
    private Part part;
    private boolean structureKept;
    /** Whether the call moves the calling thread's iterator on ({@code CollectionCalls.ADVANCES}). */
    private boolean advances;

    CollectionStep(ManagedThread thread, Location location, Object collection, CollectionModel.Call call,
         BooleanSupplier changes, int site) {
        this(thread, location, collection, call, changes, null, site);
    }

    /** @param alsoReads another collection the call reads ({@code addAll(other)}), or {@code null} */
    CollectionStep(ManagedThread thread, Location location, Object collection, CollectionModel.Call call,
         BooleanSupplier changes, Location alsoReads, int site) {
        super(alsoReading(InterruptLook.of(thread,
                new Operation(call == CollectionModel.Call.READ ? OpKind.READ : OpKind.WRITE, location),
                interruptible(call), site), alsoReads), site);
        this.thread = thread;
        this.collection = collection;
        this.call = call;
        this.changes = changes;
    }

    private static Operation alsoReading(Operation operation, Location alsoReads) {
        return alsoReads == null ? operation : operation.alsoReading(alsoReads);
    }

    private static boolean interruptible(CollectionModel.Call call) {
        return call == CollectionModel.Call.TAKE || call == CollectionModel.Call.PUT
                || call == CollectionModel.Call.TIMED;
    }

    @Override
    public boolean enabled() {
        return switch (call) {
            case TAKE -> thread.interrupted || !((Collection<?>) collection).isEmpty();
            case PUT -> thread.interrupted || ((BlockingQueue<?>) collection).remainingCapacity() > 0;
            case TIMED -> thread.interrupted || changes.getAsBoolean() || timedOut();
            default -> true;
        };
    }

    /** A timed offer or poll that cannot go on yet may time out, when the {@link Timeouts} policy lets time pass. */
    @Override
    public boolean mayTimeOut() {
        return call == CollectionModel.Call.TIMED;
    }

    @Override
    public Action perform() {
        if (interruptible(call) && thread.interrupted) {
            thread.interrupted = false;
            thread.toThrow = new InterruptedException();
            changed = false;
        } else if (timedOut()) {
            changed = false;
        } else if (changes != null) {
            changed = changes.getAsBoolean();
        }
        if (part != null) {
            touchesOnly(part.touched(changed));
        }
        return null;
    }

    /**
     * What a step announced on a whole collection touches, known only once it is performed: the slots of a queue
     * ({@link QueueSlots}) depend on the calls performed before it.
     */
    @FunctionalInterface
    public interface Part {
        /** The part touched, given whether the call changes the collection; told once, as the step is performed. */
        Location touched(boolean changes);
    }

    /** This step, announced on the whole collection, touches the part {@code part} tells as it is performed. */
    void touches(Part part) {
        this.part = part;
    }

    /** This change, announced on the whole collection, touches {@code key} alone if it keeps the structure. */
    void narrowTo(Location key) {
        narrowTo = key;
    }

    /** This step, announced on the whole collection, touches {@code key} alone. */
    private void touchesOnly(Location key) {
        narrowTo = key;
        structureKept = true;
    }

    /** Told by the thread when the real call has returned: whether it kept the collection's structure (its size). */
    void structureKept(boolean kept) {
        structureKept = kept;
    }

    /**
     * A call that changed nothing (interrupted, timed out, a {@code poll} of an empty queue) only read the collection:
     * two idle pool workers whose {@code take} was interrupted by {@code shutdown} do not race. A change announced on
     * the whole collection that touched one key alone ({@link #narrowTo}, {@link #touchesOnly}) is an access of that
     * key.
     */
    @Override
    public Operation performed() {
        Operation operation = narrowTo != null && structureKept
                ? operation().as(operation().kind(), narrowTo)
                : operation();
        return operation.writes() && !changed ? operation.as(OpKind.READ, operation.location()) : operation;
    }

    /**
     * Marks the step as one that moves the thread's own iterator on: never a turn of a waiting loop
     * ({@link SpinRule}), since the next turn sees the next element.
     */
    CollectionStep advancing() {
        advances = true;
        return this;
    }

    @Override
    public boolean repeatable() {
        return !advances && (super.repeatable() || changes != null);
    }

    @Override
    public boolean changedNothing(Event event) {
        return super.changedNothing(event) || (changes != null && !changed);
    }

    /** The method called ({@code "put"}): reports and data-race messages say which call it was. */
    @Override
    public String value() {
        String member = Sites.get(site()).member();
        return member.substring(member.lastIndexOf('.') + 1);
    }

    @Override
    public String whyBlocked() {
        String name = operation().location().owner();
        return switch (call) {
            case TAKE -> "waits to take from " + name + ", which is empty, and no thread will put into it";
            case PUT -> "waits to put into " + name + ", which is full, and no thread will take from it";
            // a timed call left waiting: the time it waits for is not let pass (a leaked thread's, JvmRun#leftBehind)
            default -> "waits in " + value() + " on " + name + ", with a timeout, for a change no thread will make";
        };
    }
}
