package dev.weft.scheduler.runtime.collections;

import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.runtime.ObjectNames;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.UUID;

/**
 * The keys of one execution's maps and sets that are modelled key by key ({@link CollectionClasses#keying}): a call on
 * key {@code k} touches the location {@code Location.key(map, name of k)}, and keys that the map takes as equal get
 * the same name. Equality is the map's own: {@code equals}/{@code hashCode} for a hash map, the comparator (or the
 * natural order) for a sorted one. So {@code map.put(new Key(1), v)} in one thread and {@code map.get(new Key(1))} in
 * another are ordered, whatever the identity of the two key objects.
 *
 * <p>A key is named by its value when that is a string, a boxed integer or character, a boolean, an enum constant or
 * a {@code UUID} ({@code "a"}, {@code 7}, {@code RED}), else by the stable name of the first equal key object met
 * ({@code Key@3}). Two unequal keys may share a name ({@code 7} and {@code 7L}); that orders their calls as if they
 * were one key, which costs executions but never hides an interleaving.
 */
public final class MapKeys {

    private static final int LONGEST_STRING = 40;

    private final ObjectNames names;
    /** Per collection: its keys, compared as the collection compares them, to their names. */
    private final Map<Object, Map<Object, String>> byCollection = new IdentityHashMap<>(4); // few per execution

    public MapKeys(ObjectNames names) {
        this.names = names;
    }

    /**
     * The location of {@code key} in {@code collection}, whose whole location is {@code whole}; {@code whole} itself
     * when the key has no place in it: {@code null}, or a key the collection's own equality throws on (the real call
     * then throws the same).
     */
    Location of(ManagedThread self, Location whole, Object collection, Object key) {
        if (key == null) {
            return whole;
        }
        // The user's hashCode, equals and compareTo run as part of the call's step, as they do inside the call.
        self.classInitDepth++;
        try {
            Map<Object, String> keys = byCollection.computeIfAbsent(collection, MapKeys::keyedAsIn);
            String name = keys.get(key);
            if (name == null) {
                name = Location.keyName(nameOf(key, self));
                keys.put(key, name);
            }
            return Location.key(whole, name);
        } catch (RuntimeException keyRejected) {
            return whole;
        } finally {
            self.classInitDepth--;
        }
    }

    /** An empty map that tells keys apart as {@code collection} does. */
    @SuppressWarnings("unchecked")
    private static Map<Object, String> keyedAsIn(Object collection) {
        if (collection instanceof SortedMap<?, ?> sorted) {
            return new TreeMap<>((java.util.Comparator<Object>) sorted.comparator());
        }
        if (collection instanceof SortedSet<?> sorted) {
            return new TreeMap<>((java.util.Comparator<Object>) sorted.comparator());
        }
        return new HashMap<>();
    }

    private String nameOf(Object key, ManagedThread self) {
        if (key instanceof String text) {
            return "\"" + (text.length() > LONGEST_STRING ? text.substring(0, LONGEST_STRING) + "..." : text) + "\"";
        }
        if (key instanceof Integer || key instanceof Long || key instanceof Short || key instanceof Byte
                || key instanceof Character || key instanceof Boolean || key instanceof UUID) {
            return key.toString();
        }
        if (key instanceof Enum<?> constant) {
            return constant.name();
        }
        return names.nameOf(key, self, false); // a key is hashed and compared, not changed
    }
}
