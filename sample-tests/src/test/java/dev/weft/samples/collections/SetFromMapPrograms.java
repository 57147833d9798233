package dev.weft.samples.collections;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.samples.support.Concurrently;

import java.util.Collections;
import java.util.HashMap;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Sets made with {@code Collections.newSetFromMap}, the usual concurrent set before
 * {@code ConcurrentHashMap.newKeySet}: each call is a call on the map behind. Run by {@link SetFromMapTest}.
 */
class SetFromMapPrograms {

    private static Set<String> concurrentSet() {
        return Collections.newSetFromMap(new ConcurrentHashMap<>());
    }

    /** Two threads register one name, each checking first: both may register it. */
    @ExhaustiveConcurrency
    void checkThenAdd() throws Exception {
        Set<String> names = concurrentSet();
        AtomicInteger registered = new AtomicInteger();
        Runnable register = () -> {
            if (!names.contains("job")) {
                names.add("job");
                registered.incrementAndGet();
            }
        };
        Concurrently.run(register, register);
        assertThat(registered.get()).as("threads that registered the name").isEqualTo(1);
    }

    /** The same with the answer of add itself: exactly one registers it, in either order. */
    @ExhaustiveConcurrency
    void addTellsWhoWasFirst() throws Exception {
        Set<String> names = concurrentSet();
        AtomicInteger registered = new AtomicInteger();
        Runnable register = () -> {
            if (names.add("job")) {
                registered.incrementAndGet();
            }
        };
        Concurrently.run(register, register);
        assertThat(registered.get()).as("threads that registered the name").isEqualTo(1);
    }

    /** Two threads add different names to the concurrent set: the calls commute, key by key as on the map. */
    @ExhaustiveConcurrency
    void differentNames() throws Exception {
        Set<String> names = concurrentSet();
        Concurrently.run(() -> names.add("a"), () -> names.add("b"));
        assertThat(names).containsExactlyInAnyOrder("a", "b");
    }

    /** Over a plain map, two threads' adds are a data race. */
    @ExhaustiveConcurrency
    void overAPlainMap() throws Exception {
        Set<String> names = Collections.newSetFromMap(new HashMap<>());
        Concurrently.run(() -> names.add("a"), () -> names.add("b"));
    }
}
