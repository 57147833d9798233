package dev.weft.scheduler.runtime.collections;

import dev.weft.scheduler.runtime.pools.JdkInternals;

import java.util.Collection;
import java.util.Collections;
import java.util.Hashtable;
import java.util.Map;
import java.util.Vector;

/**
 * The monitor that a call on a synchronized JDK collection ({@link CollectionClasses.Kind#SYNCHRONIZED}) holds while
 * it runs: a {@code Vector}'s, a {@code Stack}'s, a {@code Hashtable}'s or a {@code StringBuffer}'s own, and the
 * {@code mutex} of a {@code Collections.synchronized*} wrapper. That is the wrapper itself, unless the wrapper is a
 * view of another synchronized collection ({@code synchronizedMap(m).keySet()}, {@code vector.subList(..)},
 * {@code hashtable.entrySet()}): then it is the collection the view came from. A user's
 * {@code synchronized (list) { ... }} holds the same monitor, as the JDK's documentation asks of an iteration, and the
 * model makes the calls of other threads wait for it.
 */
final class SynchronizedCollections {

    private static final Class<?> WRAPPED_COLLECTION = Collections.synchronizedCollection(new Vector<>()).getClass();
    private static final Class<?> WRAPPED_MAP = Collections.synchronizedMap(new Hashtable<>()).getClass();

    private SynchronizedCollections() {
    }

    /** The monitor a call on {@code collection}, of a {@link CollectionClasses.Kind#SYNCHRONIZED} class, holds. */
    static Object mutexOf(Object collection, int site) {
        if (collection instanceof Vector<?> || collection instanceof Hashtable<?, ?>
                || collection instanceof StringBuffer) {
            return collection;
        }
        if (collection instanceof Collection<?>) {
            return JdkInternals.field(collection, WRAPPED_COLLECTION, "mutex", site);
        }
        if (collection instanceof Map<?, ?>) {
            return JdkInternals.field(collection, WRAPPED_MAP, "mutex", site);
        }
        throw new IllegalArgumentException(collection.getClass().getName() + " is no synchronized collection");
    }
}
