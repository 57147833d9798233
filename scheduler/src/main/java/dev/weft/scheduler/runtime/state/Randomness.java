package dev.weft.scheduler.runtime.state;

import dev.weft.scheduler.runtime.WeakIdentityMap;
import dev.weft.scheduler.runtime.memory.GarbageCollection;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.lang.reflect.Field;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The test's randomness, made the same in every execution that runs the same schedule: otherwise a random sleep or a
 * random pick would make one schedule do different things, and Weft would report nondeterminism. Weft explores
 * schedules, not random values: each thread draws the same numbers in the same places, whatever the other threads do.
 *
 * <ul>
 *   <li>{@code new Random()} made by a thread of the execution is seeded from that thread's name and count of seeds
 *   ({@link ManagedThread#nextSeed()}); {@code new Random(seed)} keeps its seed. The thread that made a generator
 *   draws from it, and gets the numbers of its seed.</li>
 *   <li>A {@code Random} made before the execution (a static field of the test) is put back, at its first draw in
 *   each execution, in the state it had at its first draw in the first one; the test's main thread draws from it.</li>
 *   <li>Any other thread draws from a generator of its own for each such {@code Random}, seeded from the thread: the
 *   numbers one shared generator hands to several threads depend on the order of their draws, which would make every
 *   draw an operation to order, and multiply the executions by the orders of numbers nobody can tell apart (a thread
 *   cannot count on which number it gets).</li>
 *   <li>{@code ThreadLocalRandom} (the JDK's mixes the JVM thread's id into each draw, and a thread of an execution
 *   runs on a different JVM thread each time), {@code Math.random()} (one generator for all threads),
 *   {@code UUID.randomUUID()} and {@code Collections.shuffle(list)} use a generator of the thread's own
 *   ({@link ManagedThread#random()}).</li>
 * </ul>
 *
 * <p>Only {@code java.util.Random} itself and {@code ThreadLocalRandom}: a subclass ({@code SecureRandom}, a test's
 * own) may draw otherwise, and is left alone.
 */
public final class Randomness {

    /** A {@code Random} made before the executions: its state at the first draw of the first execution to draw. */
    private static final WeakIdentityMap<Random, Long> STATE_AT_FIRST_DRAW = new WeakIdentityMap<>();

    /** The generators drawn from or made in this execution, with the thread that draws from each itself. */
    private final Map<Random, ManagedThread> owners = new IdentityHashMap<>(4); // few per execution

    /** Lets a collection the test asks for take the generators nothing else holds any more. */
    public void tablesIn(GarbageCollection collection) {
        collection.holdsObjects(owners);
    }

    void made(Random random, boolean unseeded, ManagedThread making) {
        owners.put(random, making);
        if (unseeded) {
            random.setSeed(making.nextSeed());
        }
    }

    /**
     * The generator {@code drawing} draws from in place of {@code random} ({@code null}: a shuffle's default).
     */
    Random toDrawFrom(Random random, ManagedThread drawing) {
        if (random == null || random instanceof ThreadLocalRandom) {
            return drawing.random();
        }
        if (random.getClass() != Random.class) {
            return random;
        }
        ManagedThread owner = owners.get(random);
        if (owner == null) {
            owner = drawing.execution.mainThread();
            owners.put(random, owner);
            putBack(random);
        }
        return owner == drawing ? random : drawing.randomInsteadOf(random);
    }

    /** A version 4 UUID, as {@code UUID.randomUUID()} makes, from the thread's own generator. */
    static UUID randomUUID(ManagedThread self) {
        Random random = self.random();
        long most = (random.nextLong() & ~0xF000L) | 0x4000L; // version 4
        long least = (random.nextLong() & ~(0xC000L << 48)) | (0x8000L << 48); // IETF variant
        return new UUID(most, least);
    }

    /** A generator the execution did not make starts its draws where it started them in the first execution. */
    private static void putBack(Random random) {
        AtomicLong state = stateOf(random);
        state.set(STATE_AT_FIRST_DRAW.computeIfAbsent(random, any -> state.get()));
    }

    private static AtomicLong stateOf(Random random) {
        try {
            return (AtomicLong) State.FIELD.get(random);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("java.util is open to Weft, yet Random's state is not readable", e);
        }
    }

    /**
     * {@code Random}'s private state, found when first needed: only then is Weft installed, which opens
     * {@code java.util} to it.
     */
    private static final class State {

        static final Field FIELD = find();

        private static Field find() {
            try {
                Field seed = Random.class.getDeclaredField("seed");
                seed.setAccessible(true);
                return seed;
            } catch (ReflectiveOperationException | RuntimeException e) {
                throw new IllegalStateException("java.util.Random has no state Weft can put back: " + e, e);
            }
        }
    }
}
