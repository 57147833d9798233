package dev.weft.scheduler.hooks;

import java.util.concurrent.TimeUnit;

/**
 * The collection hooks, one family of {@link HookHandlers}: calls on the JDK's collections and blocking queues. The
 * default methods do exactly what the uninstrumented code would have done, without control.
 */
public interface CollectionHookHandler {

    /**
     * Before a call of a JDK collection's method from instrumented code ({@code map.put}, {@code list.size},
     * {@code iterator.next}); the call itself runs when this returns, and {@link #collectionCallEnds} follows it,
     * also when it throws. {@code access} is one of the {@link CollectionCalls} codes; the site's member names the
     * method ({@code "Map.put"}) and {@link CollectionCalls#signature} its descriptor. {@code key} is the call's first
     * argument when {@code access} has {@link CollectionCalls#KEYED} (the key of {@code map.put(k, v)}), else
     * {@code null}.
     */
    default void collectionCallBegins(Object receiver, Object key, int access, int site) throws InterruptedException {
    }

    /**
     * Before a JDK constructor or static helper that reads or changes a collection given as an argument
     * ({@code new ArrayList<>(c)}, {@code List.copyOf(c)}, {@code Collections.max(c)}, {@code Collections.sort(list)}),
     * once per such argument.
     */
    default void collectionArgument(Object collection, boolean writes, int site) throws InterruptedException {
    }

    /** After a call announced by {@link #collectionCallBegins} returned or threw. */
    default void collectionCallEnds(int site) {
    }

    /** Before a query that the handler's model cannot answer ({@code what} names it); the original call follows. */
    default void unmodelledQuery(String what, int site) {
    }

    /**
     * After a call announced by {@link #collectionCallBegins} returned a view or an iterator of its receiver
     * ({@code keySet}, {@code iterator}, {@code subList}), before {@link #collectionCallEnds}.
     */
    default void collectionViewReturned(Object view, int site) {
    }

    /**
     * After an iterator's {@code next}, announced by {@link #collectionCallBegins}, returned {@code element}, before
     * {@link #collectionCallEnds}: an entry of the map when the iterator is of a map's entries.
     */
    default void collectionEntryReturned(Object element, int site) {
    }

    /** Replaces {@code BlockingQueue.put(e)}. */
    default void queuePut(java.util.concurrent.BlockingQueue<Object> queue, Object element, int site)
            throws InterruptedException {
        queue.put(element);
    }

    /** Replaces {@code BlockingQueue.take()}. */
    default Object queueTake(java.util.concurrent.BlockingQueue<Object> queue, int site) throws InterruptedException {
        return queue.take();
    }

    /** Replaces {@code BlockingQueue.offer(e, time, unit)}, the timeout given in nanoseconds. */
    default boolean queueOfferTimed(java.util.concurrent.BlockingQueue<Object> queue, Object element, long nanos,
                                    int site) throws InterruptedException {
        return queue.offer(element, nanos, java.util.concurrent.TimeUnit.NANOSECONDS);
    }

    /** Replaces {@code BlockingQueue.poll(time, unit)}, the timeout given in nanoseconds. */
    default Object queuePollTimed(java.util.concurrent.BlockingQueue<Object> queue, long nanos, int site)
            throws InterruptedException {
        return queue.poll(nanos, java.util.concurrent.TimeUnit.NANOSECONDS);
    }

    /** Replaces {@code BlockingQueue.drainTo(c)}. */
    default int queueDrainTo(java.util.concurrent.BlockingQueue<Object> queue,
                             java.util.Collection<Object> target, int site) {
        return queue.drainTo(target);
    }

    /** Replaces {@code BlockingQueue.drainTo(c, max)}. */
    default int queueDrainToMax(java.util.concurrent.BlockingQueue<Object> queue,
                                java.util.Collection<Object> target, int max, int site) {
        return queue.drainTo(target, max);
    }

    /** Replaces {@code Queue.offer(e)}. */
    default boolean queueOffer(java.util.Queue<Object> queue, Object element, int site) {
        return queue.offer(element);
    }

    /** Replaces {@code Queue.add(e)} (a call whose owner is a {@code Queue}). */
    default boolean queueAdd(java.util.Queue<Object> queue, Object element, int site) {
        return queue.add(element);
    }

    /** Replaces {@code Queue.poll()}. */
    default Object queuePoll(java.util.Queue<Object> queue, int site) {
        return queue.poll();
    }

    /** Replaces {@code Queue.remove()}. */
    default Object queueRemove(java.util.Queue<Object> queue, int site) {
        return queue.remove();
    }
}
