package dev.weft.scheduler.runtime.collections;

import dev.weft.scheduler.hooks.CollectionCalls;
import dev.weft.scheduler.hooks.CollectionHookHandler;
import dev.weft.scheduler.runtime.ControlledHooks;
import dev.weft.scheduler.runtime.UnmodelledPrimitiveException;
import dev.weft.scheduler.runtime.pools.FutureModel;
import dev.weft.scheduler.runtime.pools.PoolModel;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.util.Collection;
import java.util.Queue;
import java.util.concurrent.BlockingQueue;

import static dev.weft.scheduler.runtime.ControlledHooks.changedByInitialiserCopy;
import static dev.weft.scheduler.runtime.ControlledHooks.current;
import static dev.weft.scheduler.runtime.ControlledHooks.visible;
import static dev.weft.scheduler.runtime.ControlledHooks.visibleTimed;

/**
 * The JVM runtime's handler of the collection hooks ({@link CollectionHookHandler}): calls on the JDK's collections
 * and blocking queues. On a thread no execution manages, or where its operations are not visible, each hook does what
 * the uninstrumented code would have done (see {@link ControlledHooks}).
 */
public final class ControlledCollectionHooks implements CollectionHookHandler {

    @Override
    public void collectionCallBegins(Object receiver, Object key, int access, int site) throws InterruptedException {
        ManagedThread self = current();
        if (self != null) {
            if ((access & CollectionCalls.CONCURRENT_API) != 0 && self.classInitDepth == 0) {
                concurrentApiCall(self, receiver, (access & CollectionCalls.ACCESS_MASK) != CollectionCalls.READ,
                        site);
            }
            self.execution.collections.begin(self, receiver, key, access, site);
            if (self.classInitDepth != 0 && (access & CollectionCalls.ACCESS_MASK) != CollectionCalls.READ) {
                changedByInitialiserCopy(receiver, site);
            }
        }
    }

    @Override
    public void collectionArgument(Object collection, boolean writes, int site) throws InterruptedException {
        ManagedThread self = current();
        if (self != null) {
            self.execution.collections.argumentAccessed(self, collection, writes, site);
        }
    }

    @Override
    public void collectionCallEnds(int site) {
        ManagedThread self = current();
        if (self != null) {
            self.execution.collections.end(self, site);
        }
    }

    @Override
    public void unmodelledQuery(String what, int site) {
        if (visible() != null) {
            throw new UnmodelledPrimitiveException(what, site);
        }
    }

    @Override
    public void collectionViewReturned(Object view, int site) {
        ManagedThread self = current();
        if (self != null) {
            self.execution.collections.viewReturned(self, view);
        }
    }

    @Override
    public void collectionEntryReturned(Object element, int site) {
        ManagedThread self = current();
        if (self != null) {
            self.execution.collections.entryReturned(self, element);
        }
    }

    @Override
    public void queuePut(BlockingQueue<Object> queue, Object element, int site) throws InterruptedException {
        ManagedThread self = visible();
        if (self == null) {
            CollectionHookHandler.super.queuePut(queue, element, site);
        } else {
            Queues.put(self, queue, element, site);
        }
    }

    @Override
    public Object queueTake(BlockingQueue<Object> queue, int site) throws InterruptedException {
        ManagedThread self = visible();
        return self == null ? CollectionHookHandler.super.queueTake(queue, site) : Queues.take(self, queue, site);
    }

    @Override
    public boolean queueOfferTimed(BlockingQueue<Object> queue, Object element, long nanos, int site)
            throws InterruptedException {
        ManagedThread self = visibleTimed(nanos);
        return self == null
                ? CollectionHookHandler.super.queueOfferTimed(queue, element, nanos, site)
                : Queues.offerTimed(self, queue, element, nanos, site);
    }

    @Override
    public Object queuePollTimed(BlockingQueue<Object> queue, long nanos, int site) throws InterruptedException {
        ManagedThread self = visibleTimed(nanos);
        return self == null
                ? CollectionHookHandler.super.queuePollTimed(queue, nanos, site)
                : Queues.pollTimed(self, queue, nanos, site);
    }

    @Override
    public int queueDrainTo(BlockingQueue<Object> queue, Collection<Object> target, int site) {
        ManagedThread self = visible();
        return self == null
                ? CollectionHookHandler.super.queueDrainTo(queue, target, site)
                : Queues.drainTo(self, queue, target, -1, site);
    }

    @Override
    public int queueDrainToMax(BlockingQueue<Object> queue, Collection<Object> target, int max, int site) {
        ManagedThread self = visible();
        return self == null
                ? CollectionHookHandler.super.queueDrainToMax(queue, target, max, site)
                : Queues.drainTo(self, queue, target, Math.max(max, 0), site);
    }

    @Override
    public boolean queueOffer(Queue<Object> queue, Object element, int site) {
        ManagedThread self = visible();
        return self == null ? queue.offer(element) : Queues.offer(self, queue, element, site);
    }

    @Override
    public boolean queueAdd(Queue<Object> queue, Object element, int site) {
        ManagedThread self = visible();
        return self == null ? queue.add(element) : Queues.add(self, queue, element, site);
    }

    @Override
    public Object queuePoll(Queue<Object> queue, int site) {
        ManagedThread self = visible();
        return self == null ? queue.poll() : Queues.poll(self, queue, site);
    }

    @Override
    public Object queueRemove(Queue<Object> queue, int site) {
        ManagedThread self = visible();
        return self == null ? queue.remove() : Queues.remove(self, queue, site);
    }

    /** A call on an executor or a future: one user-level operation, if the runtime models the receiver. */
    private static void concurrentApiCall(ManagedThread self, Object receiver, boolean writes, int site) {
        Object pool = PoolModel.poolOf(receiver);
        if (pool != null) {
            PoolModel.call(self, pool, writes, site);
        } else if (FutureModel.modelled(receiver)) {
            FutureModel.query(self, receiver, site);
        }
    }
}
