package dev.weft.scheduler.runtime.collections;

import dev.weft.scheduler.runtime.UnmodelledPrimitiveException;
import dev.weft.scheduler.runtime.pools.JdkInternalSync;
import dev.weft.scheduler.runtime.pools.PoolModel;
import dev.weft.scheduler.runtime.threads.ManagedThread;
import dev.weft.scheduler.runtime.threads.ThreadLifecycle;

import java.util.Collection;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Queue;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The queue calls that the instrumentation replaces ({@code BlockingQueue.put/take/offer/poll/drainTo},
 * {@code Queue.offer/add/poll/remove()}), on a managed thread: a {@code SynchronousQueue} goes to its model
 * ({@link Rendezvous}), a modelled collection makes the call one step ({@link CollectionModel}, guarded for
 * the blocking calls), anything else runs the real call unless it could block, which fails closed.
 */
final class Queues {

    private static final String OBJECT = "Ljava/lang/Object;";
    private static final String TIMED_OFFER = "(Ljava/lang/Object;JLjava/util/concurrent/TimeUnit;)Z";
    private static final String TIMED_POLL = "(JLjava/util/concurrent/TimeUnit;)Ljava/lang/Object;";

    private Queues() {
    }

    static void put(ManagedThread self, BlockingQueue<Object> queue, Object element, int site)
            throws InterruptedException {
        if (DelayQueues.handles(queue)) {
            DelayQueues.call(self, queue, site, () -> {
                queue.put(element);
                return null;
            });
            return;
        }
        if (queue instanceof SynchronousQueue<?> rendezvous) {
            self.execution.rendezvous.transfer(self, rendezvous, true, element, false, site);
            return;
        }
        blocking(self, queue, "put", "(Ljava/lang/Object;)V", site).call(self, queue, CollectionModel.Call.PUT, null,
                tail(self, queue, site), site, () -> {
            queue.put(element);
            return null;
        });
    }

    static Object take(ManagedThread self, BlockingQueue<Object> queue, int site) throws InterruptedException {
        if (DelayQueues.handles(queue)) {
            return DelayQueues.call(self, queue, site, queue::take);
        }
        if (queue instanceof SynchronousQueue<?> rendezvous) {
            return self.execution.rendezvous.transfer(self, rendezvous, false, null, false, site).element;
        }
        return blocking(self, queue, "take", "()Ljava/lang/Object;", site).call(self, queue, CollectionModel.Call.TAKE,
                null, head(self, queue, site), site, queue::take);
    }

    static boolean offerTimed(ManagedThread self, BlockingQueue<Object> queue, Object element, long nanos, int site)
            throws InterruptedException {
        if (DelayQueues.handles(queue)) {
            return DelayQueues.call(self, queue, site, () -> queue.offer(element, nanos, TimeUnit.NANOSECONDS));
        }
        if (queue instanceof SynchronousQueue<?> rendezvous) {
            return nanos <= 0
                    ? offer(self, queue, element, site) || throwIfInterrupted(self, site)
                    : self.execution.rendezvous.transfer(self, rendezvous, true, element, true, site).paired;
        }
        if (nanos <= 0) {
            if (locksFirst(queue) && !(queue instanceof PriorityBlockingQueue)) { // its timed offer is offer(e)
                throwIfInterrupted(self, site);
            }
            return offer(self, queue, element, site);
        }
        return blocking(self, queue, "offer", TIMED_OFFER, site).call(self, queue, CollectionModel.Call.TIMED,
                () -> queue.remainingCapacity() > 0, tail(self, queue, site), site, () -> queue.offer(element));
    }

    static Object pollTimed(ManagedThread self, BlockingQueue<Object> queue, long nanos, int site)
            throws InterruptedException {
        if (DelayQueues.handles(queue)) {
            return DelayQueues.call(self, queue, site, () -> queue.poll(nanos, TimeUnit.NANOSECONDS));
        }
        if (queue instanceof SynchronousQueue<?> rendezvous) {
            return nanos <= 0
                    ? nothingIfInterrupted(self, poll(self, queue, site), site)
                    : self.execution.rendezvous.transfer(self, rendezvous, false, null, true, site).element;
        }
        if (nanos <= 0) {
            if (locksFirst(queue)) {
                throwIfInterrupted(self, site);
                return poll(self, queue, site);
            }
            return queue instanceof LinkedTransferQueue<?> ? nothingIfInterrupted(self, poll(self, queue, site), site)
                    : poll(self, queue, site);
        }
        return blocking(self, queue, "poll", TIMED_POLL, site).call(self, queue, CollectionModel.Call.TIMED,
                () -> !queue.isEmpty(), head(self, queue, site), site, queue::poll);
    }

    /**
     * Whether the JDK's timed {@code poll} (and, but for a priority queue's, {@code offer}) of the queue takes its lock
     * interruptibly before it looks at the queue: an interrupted thread then throws even with no time to wait, whether
     * or not the call could have succeeded at once (the JSR-166 TCK's testInterruptedTimedPoll, testTimedOffer).
     */
    private static boolean locksFirst(BlockingQueue<Object> queue) {
        return queue instanceof LinkedBlockingQueue<?> || queue instanceof ArrayBlockingQueue<?>
                || queue instanceof LinkedBlockingDeque<?> || queue instanceof PriorityBlockingQueue<?>;
    }

    /** {@code Thread.interrupted()}, thrown: false when the thread was not interrupted (and its flag is left alone). */
    private static boolean throwIfInterrupted(ManagedThread self, int site) throws InterruptedException {
        if (ThreadLifecycle.interrupted(self, site)) {
            throw new InterruptedException();
        }
        return false;
    }

    /**
     * What a timed poll with no time to wait of a queue that looks at the interrupt flag only when it found nothing
     * ({@code SynchronousQueue}, {@code LinkedTransferQueue}) answers: the element, or null, or it throws.
     */
    private static Object nothingIfInterrupted(ManagedThread self, Object polled, int site)
            throws InterruptedException {
        if (polled == null) {
            throwIfInterrupted(self, site);
        }
        return polled;
    }

    /** {@code max < 0}: {@code drainTo(target)}, else {@code drainTo(target, max)}. */
    static int drainTo(ManagedThread self, BlockingQueue<Object> queue, Collection<Object> target, int max,
                       int site) {
        if (DelayQueues.handles(queue)) {
            return DelayQueues.callNonBlocking(self, queue, site,
                    () -> max < 0 ? queue.drainTo(target) : queue.drainTo(target, max));
        }
        if (queue instanceof SynchronousQueue<?> rendezvous) {
            List<Object> drained = self.execution.rendezvous.drain(self, rendezvous,
                    max < 0 ? Integer.MAX_VALUE : max, site);
            target.addAll(drained);
            return drained.size();
        }
        return max < 0
                ? plain(self, queue, "drainTo", "(Ljava/util/Collection;)I", () -> !queue.isEmpty(), null, site,
                        () -> queue.drainTo(target))
                : plain(self, queue, "drainTo", "(Ljava/util/Collection;I)I", () -> max > 0 && !queue.isEmpty(),
                        null, site, () -> queue.drainTo(target, max));
    }

    static boolean offer(ManagedThread self, Queue<Object> queue, Object element, int site) {
        if (DelayQueues.handles(queue)) {
            return DelayQueues.callNonBlocking(self, queue, site, () -> queue.offer(element));
        }
        if (queue instanceof SynchronousQueue<?> rendezvous) {
            return self.execution.rendezvous.tryTransfer(self, rendezvous, true, element, site).paired;
        }
        return plain(self, queue, "offer", "(" + OBJECT + ")Z", roomIn(queue),
                PoolModel.offer(self, element, tail(self, queue, site)), site, () -> queue.offer(element));
    }

    static boolean add(ManagedThread self, Queue<Object> queue, Object element, int site) {
        if (DelayQueues.handles(queue)) {
            return DelayQueues.callNonBlocking(self, queue, site, () -> queue.add(element));
        }
        if (queue instanceof SynchronousQueue<?> && !offer(self, queue, element, site)) {
            throw new IllegalStateException("Queue full");
        }
        return queue instanceof SynchronousQueue<?>
                || plain(self, queue, "add", "(" + OBJECT + ")Z", roomIn(queue), tail(self, queue, site), site,
                        () -> queue.add(element));
    }

    static Object poll(ManagedThread self, Queue<Object> queue, int site) {
        if (DelayQueues.handles(queue)) {
            return DelayQueues.callNonBlocking(self, queue, site, queue::poll);
        }
        if (queue instanceof SynchronousQueue<?> rendezvous) {
            return self.execution.rendezvous.tryTransfer(self, rendezvous, false, null, site).element;
        }
        return plain(self, queue, "poll", "()" + OBJECT, () -> !queue.isEmpty(), head(self, queue, site), site,
                queue::poll);
    }

    static Object remove(ManagedThread self, Queue<Object> queue, int site) {
        if (DelayQueues.handles(queue)) {
            return DelayQueues.callNonBlocking(self, queue, site, queue::remove);
        }
        if (queue instanceof SynchronousQueue<?> rendezvous) {
            Rendezvous.Party party = self.execution.rendezvous.tryTransfer(self, rendezvous, false,
                    null, site);
            if (!party.paired) {
                throw new NoSuchElementException();
            }
            return party.element;
        }
        return plain(self, queue, "remove", "()" + OBJECT, () -> !queue.isEmpty(), head(self, queue, site), site,
                queue::remove);
    }

    /**
     * The model of a queue whose call could block. Fails closed for a queue the runtime does not model, and for a
     * user subclass's override (its {@code super.take()} would block where the scheduler cannot see).
     */
    private static CollectionModel blocking(ManagedThread self, BlockingQueue<?> queue, String name,
                                            String descriptor, int site) {
        if (CollectionClasses.kind(queue.getClass()) != CollectionClasses.Kind.BLOCKING_QUEUE
                || CollectionClasses.overrides(queue.getClass(), name, descriptor)) {
            throw new UnmodelledPrimitiveException(queue.getClass().getName() + "." + name, site);
        }
        return self.execution.collections;
    }

    /**
     * What a take of the queue touches: an idle pool worker's own key ({@link PoolModel#takenBy}), else the head and
     * its slot ({@link QueueSlots}), else ({@code null}) the whole queue.
     */
    private static CollectionStep.Part head(ManagedThread self, Queue<?> queue, int site) {
        CollectionStep.Part takenBy = PoolModel.takenBy(self, queue);
        return takenBy != null ? takenBy : self.execution.queueSlots.part(self, queue, QueueSlots.End.HEAD, site);
    }

    /** What an offer to the queue touches: the tail and the slot it fills ({@link QueueSlots}), or the whole queue. */
    private static CollectionStep.Part tail(ManagedThread self, Queue<?> queue, int site) {
        return self.execution.queueSlots.part(self, queue, QueueSlots.End.TAIL, site);
    }

    /** A call that never blocks: one step on a modelled collection, else the real call alone. */
    private static <T> T plain(ManagedThread self, Queue<?> queue, String name, String descriptor,
                               BooleanSupplier changes, CollectionStep.Part part, int site, NonBlocking<T> real) {
        if (JdkInternalSync.inJdkBody(site) && !(queue instanceof BlockingQueue<?>)) {
            return real.run(); // a queue the JDK keeps under its own lock (a DelayQueue's PriorityQueue)
        }
        CollectionModel collections = self.execution.collections;
        Object collection = collections.collectionOf(queue, name, descriptor);
        if (collection == null) {
            return real.run();
        }
        try {
            return collections.call(self, collection, CollectionModel.Call.WRITE, changes, part, site, real::run);
        } catch (InterruptedException notThrownByNonBlockingCalls) {
            throw new IllegalStateException(notThrownByNonBlockingCalls);
        }
    }

    private static BooleanSupplier roomIn(Queue<?> queue) {
        return queue instanceof BlockingQueue<?> bounded ? () -> bounded.remainingCapacity() > 0 : null;
    }

    @FunctionalInterface
    private interface NonBlocking<T> {
        T run();
    }
}
