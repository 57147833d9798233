package dev.weft.scheduler.hooks;

import java.util.Random;
import java.util.UUID;

/**
 * The randomness hooks, one family of {@link HookHandlers}: random numbers, and orders that follow identity hashes
 * (what would differ from one run to the next without control). The default methods do exactly what the uninstrumented
 * code would have done, without control.
 */
public interface RandomnessHookHandler {

    /**
     * After a {@code new Random(..)}: a generator of the test's own.
     *
     * @param unseeded made by {@code new Random()}, which seeds itself from the time and a global counter
     */
    default void randomMade(Random random, boolean unseeded) {
    }

    /**
     * The generator a draw from {@code random} is made from instead (a shuffle's, {@code null} for
     * {@code Collections.shuffle(list)}); it has the same methods.
     */
    default Random randomToDrawFrom(Random random) {
        return random == null ? new Random() : random;
    }

    /** Replaces {@code Math.random()} and {@code StrictMath.random()}. */
    default double mathRandom(int site) {
        return Math.random();
    }

    /** Replaces {@code UUID.randomUUID()}. */
    default UUID randomUUID(int site) {
        return UUID.randomUUID();
    }

    /**
     * Replaces {@code iterator()} of a set of objects hashed by identity inside instrumented JDK code
     * ({@code ThreadPoolExecutor.workers}), whose order would differ between executions.
     */
    default java.util.Iterator<Object> inStableOrder(java.util.Collection<Object> objects, int site) {
        return objects.iterator();
    }
}
