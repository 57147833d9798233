package dev.weft.scheduler.runtime.memory;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A collection the test asks for ({@code System.gc()}, {@code Runtime.gc()}) on a managed thread: the execution's own
 * tables keyed by the test's objects (names, monitors, locks, collections) hold their keys weakly while the real
 * collection runs, so that an object only the test's weak references reach is collected, as a JVM collects it.
 *
 * <p>Between such calls the tables hold every object they know strongly, so a collection the JVM runs by itself (a
 * young collection at any moment) clears no weak reference of the test's to an object Weft knows: whether
 * {@code WeakReference.get()} returns {@code null} depends on the schedule, not on when the JVM collects. Tests that
 * wait for an object to go ({@code while (ref.get() != null) { System.gc(); Thread.sleep(100); } }, commons-pool's
 * {@code testAbandonedPool}, Guava's {@code GcFinalization}) call {@code System.gc()}, which a JVM answers with a full
 * collection. Before, the tables held the objects for the whole execution, and such a test waited until its time
 * limit.
 */
public final class GarbageCollection {

    private final List<Map<?, ?>> tables = new ArrayList<>();

    /** Adds identity-keyed tables of the execution whose keys a collection may take. */
    public void holdsObjects(Map<?, ?>... tablesOfObjects) {
        tables.addAll(List.of(tablesOfObjects));
    }

    /** Runs a real collection with every table's keys held weakly, then keeps the entries whose keys survived. */
    public void collect() {
        List<Runnable> restores = new ArrayList<>(tables.size());
        for (Map<?, ?> table : tables) {
            restores.add(loosen(table));
        }
        System.gc();
        for (Runnable restore : restores) {
            restore.run();
        }
    }

    /** Empties the table into weak references to its keys; the result puts back the entries whose keys are left. */
    private static <K, V> Runnable loosen(Map<K, V> table) {
        List<WeakReference<K>> keys = new ArrayList<>(table.size());
        List<V> values = new ArrayList<>(table.size());
        for (Map.Entry<K, V> entry : table.entrySet()) {
            keys.add(new WeakReference<>(entry.getKey()));
            values.add(entry.getValue());
        }
        table.clear();
        return () -> {
            for (int i = 0; i < keys.size(); i++) {
                K key = keys.get(i).get();
                if (key != null) {
                    table.put(key, values.get(i));
                }
            }
        };
    }
}
