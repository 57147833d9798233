package dev.weft.scheduler.hooks;

import java.util.ArrayList;
import java.util.List;

/**
 * What {@link CollectionHookHandler#collectionCallBegins} is told about a call on a JDK collection: how it accesses the
 * collection (the codes below, decided from the method when the call is instrumented) and, through the site, which
 * method it calls ({@link #signature}), so that the runtime can tell whether a user subclass overrides it.
 */
public final class CollectionCalls {

    /** A query: {@code get}, {@code size}, {@code contains}, an iteration step. */
    public static final int READ = 0;
    /** A mutation: {@code put}, {@code add}, {@code remove}, {@code compute}. */
    public static final int WRITE = 1;
    /** A blocking removal ({@code BlockingDeque.takeFirst}): blocks while the collection is empty. */
    public static final int TAKE = 2;
    /** A blocking insertion ({@code BlockingDeque.putLast}): blocks while the collection is full. */
    public static final int PUT = 3;
    /**
     * A call that may wait in the JDK and is not modelled ({@code BlockingDeque.pollFirst(t, u)}, a
     * {@code TransferQueue}'s hand-off to a waiting consumer): it fails closed.
     */
    public static final int UNMODELLED = 4;
    /**
     * Added to the code for a call that runs the JDK's own implementation whatever the receiver's class
     * ({@code super.put(k, v)} in a subclass of {@code HashMap}).
     */
    public static final int NON_VIRTUAL = 8;
    /**
     * Added to the code for a traversal that calls back user code for each element ({@code forEach},
     * {@code removeIf}, {@code replaceAll}, {@code sort}, {@code forEachRemaining}): the callbacks are the caller's own
     * steps where the collection holds no lock while it calls them.
     */
    public static final int TRAVERSAL = 16;
    /**
     * Added to the code for a call on an executor or a future ({@code submit}, {@code shutdown}, {@code isDone}): not a
     * collection, but one user-level operation on a thread-safe object whose own operations (a worker's start, the
     * work queue) stay visible inside the call.
     */
    public static final int CONCURRENT_API = 32;
    /**
     * Added to the code for a call whose first argument is a key of its receiver when that is a map or a set
     * ({@code get}, {@code put}, {@code contains}, {@code remove(Object)}): the hook is given the key, and where the
     * runtime models the receiver key by key the call touches that key only.
     */
    public static final int KEYED = 64;
    /**
     * Added to the code for a call whose first argument is another collection it reads ({@code addAll},
     * {@code removeAll}, {@code retainAll}, {@code containsAll}, {@code putAll}, {@code equals}): the hook is given the
     * argument, and where the runtime models it, the call's step also reads it.
     */
    public static final int READS_ARGUMENT = 128;
    /**
     * Added to the code for a call on a map's entry ({@code getValue}, {@code setValue}): where the runtime saw an
     * iterator of the map return the entry, the call reads or changes the entry's key of that map.
     */
    public static final int ENTRY = 256;
    /**
     * Added to the code for an iteration step that moves its iterator on ({@code Iterator.next},
     * {@code ListIterator.previous}): a read of the collection that also changes the calling thread's own iterator, so
     * a loop of such steps goes somewhere, and is no waiting loop however alike its turns look.
     */
    public static final int ADVANCES = 512;
    /**
     * The code without {@link #NON_VIRTUAL}, {@link #TRAVERSAL}, {@link #CONCURRENT_API}, {@link #KEYED},
     * {@link #READS_ARGUMENT} and {@link #ENTRY}.
     */
    public static final int ACCESS_MASK = 7;

    /** The called method's name and descriptor, by site. */
    public record Signature(String name, String descriptor) {
    }

    private static final List<Signature> BY_SITE = new ArrayList<>();

    private CollectionCalls() {
    }

    /** Remembers which method the call at {@code site} calls. */
    public static synchronized void register(int site, String name, String descriptor) {
        while (BY_SITE.size() <= site) {
            BY_SITE.add(null);
        }
        BY_SITE.set(site, new Signature(name, descriptor));
    }

    /** The method called at {@code site}, or {@code null} if the site is not a collection call. */
    public static synchronized Signature signature(int site) {
        return site >= 0 && site < BY_SITE.size() ? BY_SITE.get(site) : null;
    }
}
