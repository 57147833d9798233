package dev.weft.samples.random;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.samples.support.Concurrently;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import java.util.function.DoubleSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Tests that use randomness: random sleeps to shake out races, random orders, random keys. {@link RandomnessTest} runs
 * them.
 */
class RandomnessPrograms {

    /** Sleeps a random while, then counts under a monitor. */
    private static void sleepThenCount(int millis, int[] counter) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
        synchronized (counter) {
            counter[0]++;
        }
    }

    @ExhaustiveConcurrency
    void sleepsFromAnUnseededRandom() throws InterruptedException {
        Random random = new Random();
        int[] counter = new int[1];
        Runnable work = () -> sleepThenCount(random.nextInt(10), counter);
        Concurrently.run(work, work);
        assertEquals(2, counter[0]);
    }

    @ExhaustiveConcurrency
    void sleepsFromThreadLocalRandom() throws InterruptedException {
        int[] counter = new int[1];
        Runnable work = () -> sleepThenCount(ThreadLocalRandom.current().nextInt(10), counter);
        Concurrently.run(work, work);
        assertEquals(2, counter[0]);
    }

    /** Made in the class's initialisation, once: every execution draws from it. */
    static final Random MADE_BEFORE = new Random();

    @ExhaustiveConcurrency
    void sleepsFromARandomMadeBefore() throws InterruptedException {
        int[] counter = new int[1];
        Runnable work = () -> sleepThenCount(MADE_BEFORE.nextInt(10), counter);
        Concurrently.run(work, work);
        assertEquals(2, counter[0]);
    }

    static final class Part {
        int uses;
    }

    /** Two threads take the parts' monitors one after the other, in the list's order. */
    private static void bothUseEachInTurn(List<Part> parts) throws InterruptedException {
        Runnable useEach = () -> {
            for (Part part : parts) {
                synchronized (part) {
                    part.uses++;
                }
            }
        };
        Concurrently.run(useEach, useEach);
        for (Part part : parts) {
            assertEquals(2, part.uses);
        }
    }

    private static List<Part> fourParts(Consumer<List<Part>> reorder) {
        List<Part> parts = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            parts.add(new Part());
        }
        reorder.accept(parts);
        return parts;
    }

    @ExhaustiveConcurrency
    void shuffled() throws InterruptedException {
        bothUseEachInTurn(fourParts(Collections::shuffle));
    }

    @ExhaustiveConcurrency
    void shuffledWithThreadLocalRandom() throws InterruptedException {
        bothUseEachInTurn(fourParts(parts -> Collections.shuffle(parts, ThreadLocalRandom.current())));
    }

    @ExhaustiveConcurrency
    void sortedByMathRandom() throws InterruptedException {
        bothUseEachInTurn(fourParts(parts -> sortByRandomPriority(parts, Math::random)));
    }

    @ExhaustiveConcurrency
    void sortedByThreadLocalRandom() throws InterruptedException {
        bothUseEachInTurn(fourParts(parts -> sortByRandomPriority(parts, ThreadLocalRandom.current()::nextDouble)));
    }

    private static void sortByRandomPriority(List<Part> parts, DoubleSupplier random) {
        Map<Part, Double> priority = new IdentityHashMap<>();
        parts.forEach(part -> priority.put(part, random.getAsDouble()));
        parts.sort(Comparator.comparing(priority::get));
    }

    @ExhaustiveConcurrency
    void keyedByRandomUuids() throws InterruptedException {
        Map<UUID, Part> byId = new HashMap<>();
        for (Part part : fourParts(parts -> { })) {
            byId.put(UUID.randomUUID(), part);
        }
        assertTrue(byId.keySet().stream().allMatch(id -> id.version() == 4 && id.variant() == 2));
        bothUseEachInTurn(new ArrayList<>(byId.values()));
    }

    /** The seed {@link RandomnessTest} chose: its first two draws below 1000 differ. */
    static long seed;

    /**
     * Two threads each draw one number from one seeded generator, and the test wrongly expects the first thread to
     * get the smaller: true only when the first thread draws first, if the seed's first draw is the smaller.
     */
    @ExhaustiveConcurrency
    void firstThreadExpectsTheSmallerDraw() throws InterruptedException {
        Random shared = new Random(seed);
        int[] drawn = new int[2];
        Concurrently.run(() -> drawn[0] = shared.nextInt(1000), () -> drawn[1] = shared.nextInt(1000));
        assertTrue(drawn[0] < drawn[1], "the first thread drew " + drawn[0] + ", the second " + drawn[1]);
    }
}
