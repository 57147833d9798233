package dev.weft.samples.collections;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.samples.support.Concurrently;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A collection another thread changes, read through a copy, a bulk call, a JDK helper or an unmodifiable view: each
 * read is ordered against the change, so both orders run. Run by {@link CollectionArgumentsTest}.
 */
class CollectionArgumentPrograms {

    /** A listener list: one thread subscribes, the other takes a snapshot in the way named. */
    private static void snapshotWhileSubscribing(java.util.function.Function<List<String>, Integer> snapshot)
            throws InterruptedException {
        List<String> listeners = new CopyOnWriteArrayList<>(List.of("a"));
        int[] seen = new int[1];
        Concurrently.run(() -> listeners.add("b"), () -> seen[0] = snapshot.apply(listeners));
        assertThat(seen[0]).isIn(1, 2);
    }

    @ExhaustiveConcurrency
    void copyConstructor() throws Exception {
        snapshotWhileSubscribing(listeners -> new ArrayList<>(listeners).size());
    }

    @ExhaustiveConcurrency
    void addAll() throws Exception {
        snapshotWhileSubscribing(listeners -> {
            List<String> copy = new ArrayList<>();
            copy.addAll(listeners);
            return copy.size();
        });
    }

    @ExhaustiveConcurrency
    void listCopyOf() throws Exception {
        snapshotWhileSubscribing(listeners -> List.copyOf(listeners).size());
    }

    @ExhaustiveConcurrency
    void listCopyOfThroughAMethodReference() throws Exception {
        snapshotWhileSubscribing(listeners -> java.util.Optional.of(listeners).map(List::copyOf).orElseThrow().size());
    }

    /** A copy constructor through a constructor reference (not visible before 2026-11-27). */
    @ExhaustiveConcurrency
    void copyConstructorThroughAReference() throws Exception {
        snapshotWhileSubscribing(listeners -> java.util.Optional.of(listeners).map(ArrayList::new).orElseThrow()
                .size());
    }

    /** {@code addAll(index, c)} reads {@code c} (not visible before 2026-11-27). */
    @ExhaustiveConcurrency
    void addAllAtAnIndex() throws Exception {
        snapshotWhileSubscribing(listeners -> {
            List<String> copy = new ArrayList<>(List.of("first"));
            copy.addAll(1, listeners);
            return copy.size() - 1;
        });
    }

    @ExhaustiveConcurrency
    void stringJoin() throws Exception {
        snapshotWhileSubscribing(listeners -> String.join(",", listeners).length() / 2 + 1);
    }

    @ExhaustiveConcurrency
    void collectionsFrequency() throws Exception {
        snapshotWhileSubscribing(listeners -> 1 + Collections.frequency(listeners, "b"));
    }

    @ExhaustiveConcurrency
    void unmodifiableView() throws Exception {
        snapshotWhileSubscribing(listeners -> Collections.unmodifiableList(listeners).size());
    }

    /** putAll of a concurrent map another thread puts into. */
    @ExhaustiveConcurrency
    void putAll() throws Exception {
        Map<String, Integer> shared = new ConcurrentHashMap<>(Map.of("a", 1));
        Map<String, Integer> copy = new HashMap<>();
        Concurrently.run(() -> shared.put("b", 2), () -> copy.putAll(shared));
        assertThat(copy.size()).isIn(1, 2);
    }

    /** A class hands out an unmodifiable view of its list; a reader iterates it while the owner adds. */
    @ExhaustiveConcurrency
    void iteratingAnUnmodifiableViewWhileTheOwnerAdds() throws Exception {
        List<Integer> items = new ArrayList<>(List.of(1, 2));
        List<Integer> view = Collections.unmodifiableList(items);
        int[] sum = new int[1];
        Concurrently.run(() -> items.add(3), () -> {
            for (int item : view) {
                sum[0] += item;
            }
        });
    }

    /** Copying a plain ArrayList another thread adds to: the two calls are unordered, a data race. */
    @ExhaustiveConcurrency
    void copyingAListAnotherThreadChanges() throws Exception {
        List<Integer> items = new ArrayList<>(List.of(1));
        Concurrently.run(() -> items.add(2), () -> new ArrayList<>(items));
    }

    /** Sorting a list in one thread while another reads it through Collections.max: a data race. */
    @ExhaustiveConcurrency
    void sortingAListAnotherThreadReads() throws Exception {
        List<Integer> items = new ArrayList<>(List.of(3, 1, 2));
        Concurrently.run(() -> Collections.sort(items), () -> Collections.max(items));
    }

    /** The same copy from a synchronized list: its monitor orders the copy against the add, no data race. */
    @ExhaustiveConcurrency
    void copyingASynchronizedList() throws Exception {
        List<Integer> items = Collections.synchronizedList(new ArrayList<>(List.of(1)));
        int[] size = new int[2];
        Concurrently.run(() -> items.add(2), () -> {
            size[0] = new ArrayList<>(items).size();
            List<Integer> copy = new ArrayList<>();
            copy.addAll(items);
            size[1] = copy.size();
        });
        assertThat(size[0]).isLessThanOrEqualTo(size[1]);
    }

    /** A thread-safe list adding all of a plain ArrayList another thread adds to: a data race on the ArrayList. */
    @ExhaustiveConcurrency
    void addingAllOfAListAnotherThreadChanges() throws Exception {
        List<Integer> items = new ArrayList<>(List.of(1));
        List<Integer> copy = new CopyOnWriteArrayList<>();
        Concurrently.run(() -> items.add(2), () -> copy.addAll(items));
    }
}
