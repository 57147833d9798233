package dev.weft.scheduler.runtime;

import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The {@code Collections.unmodifiable*} wrappers: read-only views whose every call reads the collection behind them
 * (its field {@code c}, or {@code m} for a map), which their owner may still change. A call on such a view is a call
 * on that collection ({@link CollectionModel#collectionOf}), so a thread that reads a list through the view another
 * thread changes is ordered against it, and iterating the view while the owner adds is found.
 */
final class UnmodifiableViews {

    private static final Class<?> VIEWED_COLLECTION = Collections.unmodifiableCollection(Set.of()).getClass();
    private static final Class<?> VIEWED_MAP = Collections.unmodifiableMap(new HashMap<>()).getClass();
    private static final String PREFIX = "java.util.Collections$Unmodifiable";

    private UnmodifiableViews() {
    }

    /** The collection behind {@code receiver} if it is an unmodifiable view, else {@code null}. */
    static Object backingOf(Object receiver) {
        Class<?> type = receiver.getClass();
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
