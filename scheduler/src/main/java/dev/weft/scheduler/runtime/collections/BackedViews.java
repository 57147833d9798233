package dev.weft.scheduler.runtime.collections;

import dev.weft.scheduler.runtime.pools.JdkInternals;

import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * Views the JDK makes over something a test can still reach: the {@code Collections.unmodifiable*} wrappers, whose
 * every call reads the collection behind them (their field {@code c}, or {@code m} for a map),
 * {@code Collections.newSetFromMap}, whose calls are calls on the map behind it ({@code m}, its elements being the
 * map's keys), and {@code Arrays.asList}, whose calls read and write the array behind it ({@code a}). A call on such a
 * view is a call on what is behind it ({@link CollectionModel#collectionOf}), so a thread that reads a list through the
 * view another thread changes is ordered against it, and iterating the view while the owner adds is found.
 */
final class BackedViews {

    private static final Class<?> VIEWED_COLLECTION = Collections.unmodifiableCollection(Set.of()).getClass();
    private static final Class<?> VIEWED_MAP = Collections.unmodifiableMap(new HashMap<>()).getClass();
    private static final Class<?> ARRAY_VIEW = Arrays.asList(1).getClass();
    private static final Class<?> SET_FROM_MAP = Collections.newSetFromMap(new HashMap<>()).getClass();
    private static final String PREFIX = "java.util.Collections$Unmodifiable";

    private BackedViews() {
    }

    /**
     * Whether a keyed call on {@code view} ({@code add(e)}, {@code contains(e)}, {@code remove(e)}) is a call on that
     * key of the map behind it, so that a map modelled key by key is so through the view too.
     */
    static boolean keyedLikeItsBacking(Object view) {
        return view.getClass() == SET_FROM_MAP;
    }

    /** The collection or array behind {@code receiver} if it is such a view, else {@code null}. */
    static Object backingOf(Object receiver) {
        Class<?> type = receiver.getClass();
        if (type == ARRAY_VIEW) {
            return JdkInternals.field(receiver, ARRAY_VIEW, "a", -1);
        }
        if (type == SET_FROM_MAP) {
            return JdkInternals.field(receiver, SET_FROM_MAP, "m", -1);
        }
        if (!type.getName().startsWith(PREFIX)) {
            return null;
        }
        if (VIEWED_COLLECTION.isInstance(receiver) && receiver instanceof Collection<?>) {
            return JdkInternals.field(receiver, VIEWED_COLLECTION, "c", -1);
        }
        if (VIEWED_MAP.isInstance(receiver) && receiver instanceof Map<?, ?>) {
            return JdkInternals.field(receiver, VIEWED_MAP, "m", -1);
        }
        return null;
    }
}
