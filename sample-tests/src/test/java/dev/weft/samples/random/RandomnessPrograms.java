package dev.weft.samples.random;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.junit.KeepAcrossExecutions;
import dev.weft.samples.support.Concurrently;
import dev.weft.samples.support.Parts;
import dev.weft.samples.support.Parts.Part;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import java.util.function.DoubleSupplier;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Tests that use randomness: random sleeps to shake out races, random orders, random keys. {@link RandomnessTest} runs
 * them.
 */
class RandomnessPrograms {

    /** What each thread of the last execution drew to sleep, by thread name: the test derives its count from it. */
    @KeepAcrossExecutions
    static final Map<String, Integer> DRAWN_SLEEPS = new ConcurrentHashMap<>();

    /** Sleeps a random while, then counts under a monitor. */
    private static void sleepThenCount(int millis, int[] counter) {
        DRAWN_SLEEPS.put(Thread.currentThread().getName(), millis);
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

    private static List<Part> fourParts(Consumer<List<Part>> reorder) {
        List<Part> parts = Parts.four(new ArrayList<>());
        reorder.accept(parts);
        return parts;
    }

    @ExhaustiveConcurrency
    void shuffled() throws InterruptedException {
        Parts.bothUseEachInTurn(fourParts(Collections::shuffle));
    }

    @ExhaustiveConcurrency
    void shuffledWithThreadLocalRandom() throws InterruptedException {
        Parts.bothUseEachInTurn(fourParts(parts -> Collections.shuffle(parts, ThreadLocalRandom.current())));
    }

    @ExhaustiveConcurrency
    void sortedByMathRandom() throws InterruptedException {
        Parts.bothUseEachInTurn(fourParts(parts -> sortByRandomPriority(parts, Math::random)));
    }

    @ExhaustiveConcurrency
    void sortedByThreadLocalRandom() throws InterruptedException {
        DoubleSupplier random = ThreadLocalRandom.current()::nextDouble;
        Parts.bothUseEachInTurn(fourParts(parts -> sortByRandomPriority(parts, random)));
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
        Parts.bothUseEachInTurn(new ArrayList<>(byId.values()));
    }

    /** Shuffling is changing the list: two threads shuffling one {@code ArrayList} without a lock race. */
    @ExhaustiveConcurrency
    void twoShufflesOfOneList() throws InterruptedException {
        List<Integer> list = new ArrayList<>(List.of(1, 2, 3, 4));
        Concurrently.run(() -> Collections.shuffle(list), () -> Collections.shuffle(list, new Random(1)));
    }

    /** The seed {@link RandomnessTest} chose, and its first three draws below 1000, which it computed itself. */
    static long seed;
    static int[] seedsFirstDraws;

    /** The thread that made a seeded generator draws its seed's numbers, whoever else draws from it. */
    @ExhaustiveConcurrency
    void theMakerDrawsItsSeedsNumbers() throws InterruptedException {
        Random shared = new Random(seed);
        Thread other = new Thread(() -> shared.nextInt(1000));
        other.start();
        int[] drawn = {shared.nextInt(1000), shared.nextInt(1000), shared.nextInt(1000)};
        other.join();
        assertArrayEquals(seedsFirstDraws, drawn);
    }

    /** What each of the two workers drew, one entry per execution. */
    @KeepAcrossExecutions
    static final Set<List<Integer>> DRAWN = ConcurrentHashMap.newKeySet();

    /** Two workers count under one monitor (2 schedules), then draw from one generator. */
    @ExhaustiveConcurrency
    void workersDrawTheSameWhateverTheOrder() throws InterruptedException {
        Random shared = new Random(seed);
        int[] drawn = new int[2];
        int[] counter = new int[1];
        Concurrently.run(() -> {
            sleepThenCount(0, counter);
            drawn[0] = shared.nextInt(1000);
        }, () -> {
            sleepThenCount(0, counter);
            drawn[1] = shared.nextInt(1000);
        });
        DRAWN.add(List.of(drawn[0], drawn[1]));
    }
}
