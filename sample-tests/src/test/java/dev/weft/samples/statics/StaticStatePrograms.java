package dev.weft.samples.statics;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.samples.support.Concurrently;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests that keep state in static fields and never reset it, as real tests do: each execution must start from the
 * state the first one started from. Run by {@link StaticStateTest}.
 */
class StaticStatePrograms {

    /** The classic lazy singleton, without a lock. */
    static final class Registry {
        static Registry instance;

        static Registry get() {
            if (instance == null) {
                instance = new Registry();
            }
            return instance;
        }
    }

    /** The same, made safe by a lock on the class. */
    static final class SafeRegistry {
        static SafeRegistry instance;

        static synchronized SafeRegistry get() {
            if (instance == null) {
                instance = new SafeRegistry();
            }
            return instance;
        }
    }

    /** Two threads may both see no instance and make one each: they get different objects. */
    @ExhaustiveConcurrency
    void lazySingletonRace() throws Exception {
        Registry[] got = new Registry[2];
        Concurrently.run(() -> got[0] = Registry.get(), () -> got[1] = Registry.get());
        assertThat(got[0]).as("both threads got the one registry").isSameAs(got[1]);
    }

    /** Under the class's lock one thread makes the instance, the other gets it. */
    @ExhaustiveConcurrency
    void lazySingletonUnderALock() throws Exception {
        SafeRegistry[] got = new SafeRegistry[2];
        Concurrently.run(() -> got[0] = SafeRegistry.get(), () -> got[1] = SafeRegistry.get());
        assertThat(got[0]).isNotNull().isSameAs(got[1]);
    }

    static int hits;
    static final Object LOCK = new Object();

    /** Counts in a static field it never resets: every execution must count from 0. */
    @ExhaustiveConcurrency
    void countsInAStaticFieldNeverReset() throws Exception {
        Runnable hit = () -> {
            synchronized (LOCK) {
                hits++;
            }
        };
        Concurrently.run(hit, hit);
        assertThat(hits).isEqualTo(2);
    }

    static final Map<String, Integer> CACHE = new HashMap<>();

    /** Fills a static map made before the test: every execution must find it empty. */
    @ExhaustiveConcurrency
    void fillsAStaticMapNeverCleared() throws Exception {
        Runnable hit = () -> {
            synchronized (CACHE) {
                CACHE.merge("hits", 1, Integer::sum);
            }
        };
        Concurrently.run(hit, hit);
        assertThat(CACHE).containsExactly(Map.entry("hits", 2));
    }

    static final AtomicInteger COUNTER = new AtomicInteger();
    static final int[] SLOTS = new int[2];

    /** Counts in a static atomic and a static array made before the test, never reset. */
    @ExhaustiveConcurrency
    void countsInAStaticAtomicAndArrayNeverReset() throws Exception {
        Concurrently.run(() -> SLOTS[COUNTER.getAndIncrement()]++, () -> SLOTS[COUNTER.getAndIncrement()]++);
        assertThat(COUNTER).hasValue(2);
        assertThat(SLOTS).containsExactly(1, 1);
    }
}
