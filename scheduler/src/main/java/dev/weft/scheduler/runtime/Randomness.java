package dev.weft.scheduler.runtime;

import java.lang.reflect.Field;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The test's randomness, made the same in every execution that runs the same schedule: otherwise a random sleep or a
 * random pick would make one schedule do different things, and Weft would report nondeterminism. Weft explores
 * schedules, not random values: each execution draws the same values in the same places.
 *
 * <ul>
 *   <li>{@code new Random()} made by a thread of the execution is seeded from that thread's name and count of seeds
 *   ({@link ManagedThread#nextSeed()}); {@code new Random(seed)} keeps its seed.</li>
 *   <li>A {@code Random} made before the execution (a static field of the test) is put back, at its first draw in
 *   each execution, in the state it had at its first draw in the first one.</li>
 *   <li>Draws from {@code ThreadLocalRandom.current()}, {@code Math.random()}, {@code UUID.randomUUID()} and
 *   {@code Collections.shuffle(list)} come from a generator of the thread's own ({@link ManagedThread#random()}),
 *   seeded from the thread: the JDK's own mix in the JVM thread's id, or share one generator between threads.</li>
 * </ul>
 *
 * <p>Draws from a {@code Random} that threads share are ordered like an atomic's changes (which thread gets which
 * number is something a test sees); a thread's own generators are its private state.
 */
final class Randomness {

    /** A {@code Random} made before the executions: its state at the first draw of the first execution to draw. */
    private static final Map<Random, Long> STATE_AT_FIRST_DRAW = Collections.synchronizedMap(new WeakHashMap<>());

    /** The generators made in this execution, and those made before it that it has drawn from. */
    private final Set<Random> madeOrPutBack = Collections.newSetFromMap(new IdentityHashMap<>());

    void made(Random random, boolean unseeded, ManagedThread making) {
        madeOrPutBack.add(random);
        if (unseeded) {
            random.setSeed(making.nextSeed());
        }
    }

    /** Before a draw from {@code random}: one made before the execution starts its first draw where it did before. */
    void beforeDraw(Random random) {
        if (random.getClass() != Random.class || !madeOrPutBack.add(random)) {
            return; // a subclass (SecureRandom, a test's own) may keep its state elsewhere
        }
        long state = STATE_AT_FIRST_DRAW.computeIfAbsent(random, Randomness::stateOf);
        ((AtomicLong) get(random)).set(state);
    }

    /** A version 4 UUID, as {@code UUID.randomUUID()} makes, from the thread's own generator. */
    static UUID randomUUID(ManagedThread self) {
        Random random = self.random();
        long most = (random.nextLong() & ~0xF000L) | 0x4000L; // version 4
        long least = (random.nextLong() & ~(0xC000L << 48)) | (0x8000L << 48); // IETF variant
        return new UUID(most, least);
    }

    private static long stateOf(Random random) {
        return ((AtomicLong) get(random)).get();
    }

    private static Object get(Random random) {
        try {
            return State.FIELD.get(random);
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
