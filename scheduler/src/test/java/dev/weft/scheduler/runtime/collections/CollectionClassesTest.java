package dev.weft.scheduler.runtime.collections;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Stack;
import java.util.TreeMap;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.SynchronousQueue;

import static org.assertj.core.api.Assertions.assertThat;

class CollectionClassesTest {

    static final class Lru extends LinkedHashMap<String, Integer> {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Integer> eldest) {
            return size() > 1;
        }
    }

    static final class SafeList extends ArrayList<String> {
        @Override
        public synchronized boolean add(String element) {
            return super.add(element);
        }
    }

    @Test
    void jdkClassesAreClassifiedByThreadSafety() {
        assertThat(CollectionClasses.kind(ConcurrentHashMap.class)).isEqualTo(CollectionClasses.Kind.THREAD_SAFE);
        assertThat(CollectionClasses.kind(HashMap.class)).isEqualTo(CollectionClasses.Kind.UNSAFE);
        assertThat(CollectionClasses.kind(java.util.WeakHashMap.class)).isEqualTo(CollectionClasses.Kind.UNSAFE);
        assertThat(CollectionClasses.kind(java.util.EnumSet.noneOf(java.time.DayOfWeek.class).getClass()))
                .isEqualTo(CollectionClasses.Kind.UNSAFE);
        assertThat(CollectionClasses.kind(java.util.EnumMap.class)).isEqualTo(CollectionClasses.Kind.UNSAFE);
        assertThat(CollectionClasses.kind(int[].class)).as("an array behind Arrays.asList")
                .isEqualTo(CollectionClasses.Kind.ARRAY);
        assertThat(CollectionClasses.kind(SynchronousQueue.class))
                .isEqualTo(CollectionClasses.Kind.SYNCHRONOUS_QUEUE);
        assertThat(CollectionClasses.kind(LinkedTransferQueue.class))
                .isEqualTo(CollectionClasses.Kind.BLOCKING_QUEUE);
        assertThat(CollectionClasses.kind(Map.of().getClass())).isEqualTo(CollectionClasses.Kind.NONE);
    }

    @Test
    void synchronizedCollectionsAreClassifiedAsSuch() {
        Vector<String> vector = new Vector<>();
        Hashtable<String, String> table = new Hashtable<>();
        List<String> wrapped = Collections.synchronizedList(new ArrayList<>());
        Map<String, String> wrappedMap = Collections.synchronizedMap(new HashMap<>());
        for (Object synchronizedOne : List.of(vector, new Stack<>(), table, new StringBuffer(), wrapped,
                wrappedMap, wrappedMap.keySet(), table.entrySet(), vector.subList(0, 0))) {
            assertThat(CollectionClasses.kind(synchronizedOne.getClass())).as(synchronizedOne.getClass().getName())
                    .isEqualTo(CollectionClasses.Kind.SYNCHRONIZED);
        }
        // A wrapper's mutex is a private field of java.util, which only the installed agent opens: the sample tests
        // (SynchronizedCollectionsTest) use it end to end.
        assertThat(SynchronizedCollections.mutexOf(vector, 0)).isSameAs(vector);
        assertThat(SynchronizedCollections.mutexOf(table, 0)).isSameAs(table);
        assertThat(CollectionClasses.kind(vector.iterator().getClass())).isEqualTo(CollectionClasses.Kind.NONE);
    }

    @Test
    void aUserSubclassIsItsJdkClassExceptForWhatItOverrides() {
        assertThat(CollectionClasses.kind(Lru.class)).isEqualTo(CollectionClasses.Kind.UNSAFE);
        assertThat(CollectionClasses.overrides(Lru.class, "put",
                "(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;")).isFalse();
        // add(String) overrides add(Object) through the bridge javac generates
        assertThat(CollectionClasses.overrides(SafeList.class, "add", "(Ljava/lang/Object;)Z")).isTrue();
        assertThat(CollectionClasses.overrides(SafeList.class, "size", "()I")).isFalse();
        assertThat(CollectionClasses.overrides(TreeMap.class, "put",
                "(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;")).isFalse();
    }
}
