package dev.weft.scheduler.runtime;

import org.junit.jupiter.api.Test;

import java.lang.ref.WeakReference;

import static org.assertj.core.api.Assertions.assertThat;

class WeakIdentityMapTest {

    /**
     * A key whose own hash is useless: every object answers the same, as the objects of successive executions answer
     * Weft's stable identity hashes, and asking it is an error here. A {@code WeakHashMap} fails this test.
     */
    private static final class SameHashForAll {
        @Override
        public int hashCode() {
            throw new AssertionError("the map asked the key's hashCode");
        }

        @Override
        public boolean equals(Object other) {
            throw new AssertionError("the map asked the key's equals");
        }
    }

    @Test
    void neverAsksTheKeysOwnHashOrEquality() {
        WeakIdentityMap<Object, String> map = new WeakIdentityMap<>();
        SameHashForAll first = new SameHashForAll();
        SameHashForAll second = new SameHashForAll();

        map.put(first, "first");
        map.put(second, "second");

        assertThat(map.get(first)).isEqualTo("first");
        assertThat(map.get(second)).isEqualTo("second");
        assertThat(map.containsKey(new SameHashForAll())).isFalse();
        assertThat(map.computeIfAbsent(first, key -> "made")).isEqualTo("first");
    }

    @Test
    void equalKeysThatAreDifferentObjectsAreDifferentKeys() {
        WeakIdentityMap<String, Integer> map = new WeakIdentityMap<>();
        String one = new String("key");
        String other = new String("key");

        map.put(one, 1);

        assertThat(map.containsKey(one)).isTrue();
        assertThat(map.containsKey(other)).isFalse();
        assertThat(map.computeIfAbsent(other, key -> 2)).isEqualTo(2);
        assertThat(map.get(one)).isEqualTo(1);
    }

    @Test
    void theValueOfACollectedKeyIsDropped() throws InterruptedException {
        WeakIdentityMap<Object, Object> map = new WeakIdentityMap<>();
        WeakReference<Object> value = putUnderAKeyNobodyHolds(map);
        Object stays = new Object();
        for (int attempt = 0; attempt < 20 && value.get() != null; attempt++) {
            System.gc();
            Thread.sleep(10);
            map.put(stays, "a write drops what was collected");
        }
        assertThat(value.get()).as("the value still held after 20 full collections").isNull();
        assertThat(map.get(stays)).isNotNull();
    }

    private static WeakReference<Object> putUnderAKeyNobodyHolds(WeakIdentityMap<Object, Object> map) {
        Object value = new Object();
        map.put(new Object(), value);
        return new WeakReference<>(value);
    }
}
