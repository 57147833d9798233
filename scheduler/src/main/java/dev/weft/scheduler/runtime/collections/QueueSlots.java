package dev.weft.scheduler.runtime.collections;

import dev.weft.scheduler.hooks.Sites;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.runtime.memory.GarbageCollection;
import dev.weft.scheduler.runtime.pools.PoolModel;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;

/**
 * How Weft models a FIFO queue ({@code LinkedBlockingQueue}, {@code ArrayBlockingQueue},
 * {@code ConcurrentLinkedQueue}) element by element: the offer of another element and the take of the head commute
 * on a queue that is not empty, so they must not be ordered as two writes of the whole queue.
 *
 * <p>Each element has a slot, numbered in the order the elements were offered: the {@code n}-th successful offer of
 * the queue fills slot {@code #n}, and the head is the slot {@code offered - size}. A call on one end is an access of
 * two keys of the queue at once ({@link Location#keys}):
 * <ul>
 *   <li>an offer ({@code offer}, {@code add}, {@code put}, timed {@code offer}) touches {@code tail} and the slot it
 *   fills, and on a bounded queue also the slot whose take makes room for it ({@code #(n - capacity)}): offers are
 *   ordered among themselves, and an offer to a full queue after the take that let it in;</li>
 *   <li>a take ({@code take}, {@code poll}, {@code remove()}, timed {@code poll}) touches {@code head} and the head's
 *   slot: takes are ordered among themselves, and a take after the offer of the element it takes. A take of an empty
 *   queue touches the slot the next offer fills, so it is ordered against that offer.</li>
 * </ul>
 * So a take and an offer conflict exactly when the queue holds no element between them (or, bounded, no room): then
 * the order decides what the take returns or whether the offer gets in. A call that changed nothing (a {@code poll}
 * of an empty queue, a timed-out or refused offer) reads its keys. Every other call ({@code size}, {@code peek},
 * iteration, {@code remove(o)}, {@code clear}, {@code drainTo}) accesses the whole queue, which overlaps every key;
 * the slots are a function of the queue's state (its count of offers and its size), so two calls that commute get the
 * same keys in either order, and a change of the whole queue (which may renumber the slots) is ordered against
 * everything.
 *
 * <p>A pool's work queue is left whole: which worker takes which task is modelled by the pool ({@link PoolModel}),
 * whose idle workers' takes are keys of their own.
 */
public final class QueueSlots {

    private static final Set<Class<?>> FIFO_QUEUES = Set.of(LinkedBlockingQueue.class, ArrayBlockingQueue.class,
            ConcurrentLinkedQueue.class);
    private static final String POOL = ThreadPoolExecutor.class.getName();

    /** Which end of the queue a call works at. */
    enum End {
        /** offer, add, put */
        TAIL,
        /** take, poll, remove() */
        HEAD
    }

    /** The queues met in this execution, and how many elements each has been offered. */
    private final Map<Object, Slots> byQueue = new IdentityHashMap<>(4); // few per execution

    /** Lets a collection the test asks for take the queues nothing else holds any more. */
    public void tablesIn(GarbageCollection collection) {
        collection.holdsObjects(byQueue);
    }

    private static final class Slots {
        final long capacity;
        long offered;
        /** a pool's work queue: modelled whole */
        boolean workQueue;

        Slots(long capacity) {
            this.capacity = capacity;
        }
    }

    /**
     * What a call of {@code self} at {@code end} of {@code queue}, announced as a write of the whole queue, touches,
     * decided as its step is performed; {@code null} when the queue is modelled whole.
     */
    CollectionStep.Part part(ManagedThread self, Object queue, End end, int site) {
        if (!FIFO_QUEUES.contains(queue.getClass())) {
            return null;
        }
        Location whole = self.execution.collections.location(queue, self);
        Slots slots = byQueue.computeIfAbsent(queue, QueueSlots::slotsOf);
        if (site >= 0 && Sites.get(site).className().equals(POOL)) {
            slots.workQueue = true;
        }
        if (slots.workQueue) {
            return null;
        }
        return changes -> touched(slots, (Collection<?>) queue, end, whole, changes);
    }

    private static Slots slotsOf(Object queue) {
        return new Slots(queue instanceof BlockingQueue<?> bounded && bounded.remainingCapacity() != Integer.MAX_VALUE
                ? bounded.remainingCapacity() + bounded.size()
                : Long.MAX_VALUE);
    }

    private static Location touched(Slots slots, Collection<?> queue, End end, Location whole, boolean changes) {
        long tail = slots.offered;
        Location part;
        if (end == End.HEAD) {
            part = Location.keys(whole, List.of("head", slot(tail - queue.size())));
        } else {
            part = Location.keys(whole, slots.capacity != Long.MAX_VALUE
                    ? List.of("tail", slot(tail), slot(tail - slots.capacity))
                    : List.of("tail", slot(tail)));
            if (changes) {
                slots.offered++;
            }
        }
        return part;
    }

    private static String slot(long number) {
        return "#" + number;
    }
}
