package dev.weft.scheduler.runtime;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * A thread-safe map from objects, by identity and held weakly, to values: for Weft's own records that outlive an
 * execution (which threads ran as fibers, which objects several workers touched).
 *
 * <p>Why not a {@code WeakHashMap}: the JDK's hash tables ask Weft's stable identity hashes
 * ({@code StableHashes}), which give the objects of every execution the same hashes as the last one's, so that a
 * schedule replays alike. A table that keeps objects of many executions (until the collector drops them) then has
 * thousands of keys per hash: big0's fibers made {@code Fiber.launched} a linear search, 12 times slower in all
 * (measured). This map hashes with the JVM's own identity hash, which Weft's code, never instrumented, gets from
 * {@code System.identityHashCode}.
 *
 * <p>A value must not hold its key strongly, or the entry stays forever.
 */
public final class WeakIdentityMap<K, V> {

    private final Map<Object, V> entries = new ConcurrentHashMap<>();
    private final ReferenceQueue<Object> collected = new ReferenceQueue<>();

    public V get(K key) {
        return entries.get(new Lookup(key));
    }

    public boolean containsKey(K key) {
        return entries.containsKey(new Lookup(key));
    }

    public void put(K key, V value) {
        dropCollected();
        entries.put(new Held(key, collected), value);
    }

    /** The value of {@code key}, made by {@code making} (given the key) if it has none yet. */
    public V computeIfAbsent(K key, Function<? super K, ? extends V> making) {
        V value = get(key);
        if (value != null) {
            return value;
        }
        dropCollected();
        return entries.computeIfAbsent(new Held(key, collected), any -> making.apply(key));
    }

    private void dropCollected() {
        for (Object gone; (gone = collected.poll()) != null; ) {
            entries.remove(gone);
        }
    }

    /** A key held weakly, equal to any key for the same object. */
    private static final class Held extends WeakReference<Object> {
        private final int hash;

        Held(Object key, ReferenceQueue<Object> queue) {
            super(key, queue);
            this.hash = System.identityHashCode(key);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public boolean equals(Object other) {
            if (this == other) {
                return true; // also how a collected key's entry is found to be removed
            }
            Object mine = get();
            return mine != null && (other instanceof Held held && held.get() == mine
                    || other instanceof Lookup lookup && lookup.key == mine);
        }
    }

    /** A key for looking an object up without holding it. */
    private record Lookup(Object key) {
        @Override
        public int hashCode() {
            return System.identityHashCode(key);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Held held && held.get() == key
                    || other instanceof Lookup lookup && lookup.key == key;
        }
    }
}
