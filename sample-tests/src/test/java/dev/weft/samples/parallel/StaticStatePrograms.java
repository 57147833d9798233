package dev.weft.samples.parallel;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.samples.support.Concurrently;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.locks.ReentrantReadWriteLock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Tests that keep state in static fields, run by {@link ParallelWorkersTest} with one and with two workers. Each
 * execution starts by resetting the state, as a test run once at a time may: side by side, two executions would
 * reset and change each other's, were each one's static fields not its own.
 */
class StaticStatePrograms {

    /** Written by every execution. */
    static int handled;
    /** An object made before any execution, changed by every execution. */
    static final List<String> LOG = new ArrayList<>();
    /** Made before any execution and only read: sharing it harms nobody. */
    static final int[] LIMITS = {2, 3};
    /** A list made before any execution and only iterated: sharing it harms nobody. */
    static final List<Integer> WEIGHTS = new ArrayList<>(List.of(1, 2, 3));
    /** A lock object made before any execution: every execution synchronizes on it, and shares nothing through it. */
    static final Object LOCK = new Object();

    /**
     * Threads each count one request, under a lock: passes in every interleaving ({@link #PARTIES}! orders, enough
     * for a second worker to take some).
     */
    @ExhaustiveConcurrency
    void countsRequestsInAStaticField() throws Exception {
        handled = 0;
        Object lock = new Object();
        inParties(() -> {
            synchronized (lock) {
                handled++;
            }
        });
        assertThat(handled).isEqualTo(PARTIES);
    }

    /** The same without the lock: a lost update fails it. */
    @ExhaustiveConcurrency
    void losesARequestCountedInAStaticField() throws Exception {
        handled = 0;
        bothAtOnce(() -> handled++);
        assertThat(handled).isEqualTo(2);
    }

    /** Never reset: each execution starts from what the ones before it left. */
    static int leftover;

    /**
     * Two threads each count once, up to a limit, in a static field never reset: Weft puts the count back after each
     * execution, so every execution starts from 0. With several workers the same must happen: their executions must
     * not run the count up to its limit side by side.
     */
    @ExhaustiveConcurrency
    void leavesACountForTheNextExecution() throws Exception {
        bothAtOnce(() -> {
            if (leftover < 3) {
                leftover++;
            }
        });
    }

    /**
     * A registry whose static initialiser makes its map. First initialised inside an execution, it is initialised
     * again in each later one: beside other executions, on the execution's own copy of its static fields.
     */
    static final class Registry {
        static final Map<String, Integer> COUNTS = new HashMap<>();

        static synchronized void count(String key) {
            COUNTS.merge(key, 1, Integer::sum);
        }

        static synchronized int counted(String key) {
            return COUNTS.getOrDefault(key, 0);
        }
    }

    /** Threads count into the registry's map, under its class's lock: {@link #PARTIES}! orders. */
    @ExhaustiveConcurrency
    void countsIntoARegistryItsInitialiserMakes() throws Exception {
        inParties(() -> Registry.count("request"));
        assertThat(Registry.counted("request")).isEqualTo(PARTIES);
    }

    /** Made before any execution; {@link Plugin}'s initialiser adds to it. */
    static final List<String> PLUGINS = new ArrayList<>();

    /** A class whose static initialiser registers it in a list made before the test, again in each execution. */
    static final class Plugin {
        static final String NAME = "plugin-" + register();

        private static int register() {
            PLUGINS.add("plugin");
            return PLUGINS.size();
        }
    }

    /**
     * Threads look the plugin up (its initialiser, run again in each execution, changes a list made before the test),
     * then count under a lock of the execution's own: {@link #PARTIES}! orders.
     */
    @ExhaustiveConcurrency
    void usesAClassWhoseInitialiserChangesStateMadeBeforeTheTest() throws Exception {
        int[] count = new int[1];
        Object lock = new Object();
        inParties(() -> {
            String name = Plugin.NAME;
            synchronized (lock) {
                count[0] += name.isEmpty() ? 0 : 1;
            }
        });
        assertThat(count[0]).isEqualTo(PARTIES);
    }

    /** Written by the constructor of each execution's fresh test instance (a field initialiser). */
    private List<String> served = new ArrayList<>();

    /** Threads record into a list the test instance holds, under a lock: {@link #PARTIES}! orders. */
    @ExhaustiveConcurrency
    void recordsIntoTheTestInstance() throws Exception {
        inParties(() -> {
            synchronized (served) {
                served.add("request");
            }
        });
        assertThat(served).hasSize(PARTIES);
    }

    /** Made before any execution and only looked up, by a key made before it too (a class). */
    static final Map<Class<?>, Integer> WEIGHT_BY_TYPE = new HashMap<>(Map.of(Integer.class, 2));

    /** Threads look a weight up by its class, and sum it under a lock of their own: {@link #PARTIES}! orders. */
    @ExhaustiveConcurrency
    void looksUpByAClassInAMapMadeBeforeTheTest() throws Exception {
        int[] sum = new int[1];
        Object lock = new Object();
        inParties(() -> {
            int weight = WEIGHT_BY_TYPE.get(Integer.class);
            synchronized (lock) {
                sum[0] += weight;
            }
        });
        assertThat(sum[0]).isEqualTo(PARTIES * 2);
    }

    /** Threads count under the write lock of a read-write lock the body makes: {@link #PARTIES}! orders. */
    @ExhaustiveConcurrency
    void countsUnderAReadWriteLockTheBodyMakes() throws Exception {
        ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
        int[] count = new int[1];
        inParties(() -> {
            lock.writeLock().lock();
            try {
                count[0]++;
            } finally {
                lock.writeLock().unlock();
            }
        });
        assertThat(count[0]).isEqualTo(PARTIES);
    }

    /**
     * Threads record into a synchronized list the body makes through the JDK's factory, then the body copies it into a
     * concurrent key set made the same way: {@link #PARTIES}! orders of the list's adds.
     */
    @ExhaustiveConcurrency
    void recordsIntoCollectionsTheJdksFactoriesMake() throws Exception {
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        inParties(() -> log.add("request"));
        Set<String> seen = ConcurrentHashMap.newKeySet();
        seen.addAll(log);
        assertThat(log).hasSize(PARTIES);
        assertThat(seen).containsExactly("request");
    }

    /**
     * Counts under a lock of the body's own, after a value computed by a task a fork/join pool the body makes wraps
     * around a {@code Callable} (the wrapper is the JDK's: {@code ForkJoinTask$AdaptedInterruptibleCallable}).
     */
    @ExhaustiveConcurrency
    void countsAfterATaskTheJdkAdapts() throws Exception {
        ForkJoinPool pool = new ForkJoinPool(1);
        int step = pool.submit(() -> 1).get();
        pool.shutdown();
        int[] count = new int[1];
        Object lock = new Object();
        inParties(() -> {
            synchronized (lock) {
                count[0] += step;
            }
        });
        assertThat(count[0]).isEqualTo(PARTIES);
    }

    /**
     * Each execution sets a system property, then threads read it under a lock ({@link #PARTIES}! orders): Weft puts
     * the property back after each execution, but side by side another execution would see it, and reads of it are
     * not operations that could tell the workers they share it.
     */
    @ExhaustiveConcurrency
    void setsASystemPropertyEachExecution() throws Exception {
        String mine = "run-" + System.identityHashCode(new Object());
        System.setProperty("weft.sample.mode", mine);
        Object lock = new Object();
        int[] count = {0};
        inParties(() -> {
            synchronized (lock) {
                assertThat(System.getProperty("weft.sample.mode")).isEqualTo(mine);
                count[0]++;
            }
        });
        assertThat(count[0]).isEqualTo(PARTIES);
    }

    /** Counted through a {@code VarHandle} by {@link #countsThroughAVarHandleAfterAPlainReset}. */
    static int viaHandle;
    private static final VarHandle VIA_HANDLE = staticHandle("viaHandle");

    private static VarHandle staticHandle(String name) {
        try {
            return MethodHandles.lookup().findStaticVarHandle(StaticStatePrograms.class, name, int.class);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A static field reset plainly, then counted through a {@code VarHandle} ({@link #PARTIES}! orders of the adds):
     * the handle reaches the field itself, past the execution's copy, so side by side the executions would share it.
     */
    @ExhaustiveConcurrency
    void countsThroughAVarHandleAfterAPlainReset() throws Exception {
        viaHandle = 0;
        int[] seen = new int[PARTIES];
        inParties(() -> seen[(int) VIA_HANDLE.getAndAdd(1)]++);
        assertThat(seen).containsOnly(1);
        assertThat(viaHandle).isEqualTo(PARTIES);
    }

    /**
     * Threads each count one request under a lock, through reflection, as tests reach a library's private static
     * state: reflection sees the execution's own copy of the field, as the plain read after them does.
     * (commons-pool's {@code TestEvictionTimer} read a static field by reflection that the code had set: with two
     * workers it read the real field's {@code null}.)
     */
    @ExhaustiveConcurrency
    void countsRequestsThroughReflection() throws Exception {
        Field count = StaticStatePrograms.class.getDeclaredField("handled");
        handled = 0;
        Object lock = new Object();
        inParties(() -> {
            synchronized (lock) {
                try {
                    count.setInt(null, count.getInt(null) + 1);
                } catch (IllegalAccessException e) {
                    throw new AssertionError(e);
                }
            }
        });
        assertThat(handled).isEqualTo(PARTIES);
        assertThat(count.get(null)).isEqualTo(PARTIES);
    }

    /** Written through reflection by {@link #refusesThroughReflectionWhatTheJvmRefuses}. */
    static long total;
    static String label;
    static final int LIMIT = 3;

    /**
     * Writes through reflection that the JVM refuses are refused alike, and those it widens are widened alike, when
     * the write goes to the execution's own copy (two workers) as when it goes to the field (one): each thread checks
     * them in turn, under a lock ({@link #PARTIES}! orders).
     */
    @ExhaustiveConcurrency
    void refusesThroughReflectionWhatTheJvmRefuses() throws Exception {
        Field totalField = StaticStatePrograms.class.getDeclaredField("total");
        Field labelField = StaticStatePrograms.class.getDeclaredField("label");
        Field limitField = StaticStatePrograms.class.getDeclaredField("LIMIT");
        label = "start";
        Object lock = new Object();
        inParties(() -> {
            synchronized (lock) {
                assertThatThrownBy(() -> labelField.set(null, 5)).isInstanceOf(IllegalArgumentException.class);
                assertThatThrownBy(() -> totalField.set(null, "five")).isInstanceOf(IllegalArgumentException.class);
                assertThatThrownBy(() -> totalField.set(null, null)).isInstanceOf(IllegalArgumentException.class);
                assertThatThrownBy(() -> totalField.setFloat(null, 1f)).isInstanceOf(IllegalArgumentException.class);
                assertThatThrownBy(() -> limitField.set(null, 4)).isInstanceOf(IllegalAccessException.class);
                try {
                    totalField.set(null, 5);
                    assertThat(total).isEqualTo(5L);
                    totalField.setChar(null, 'A');
                    assertThat(totalField.getDouble(null)).isEqualTo(65.0);
                    labelField.set(null, label + "!");
                } catch (IllegalAccessException e) {
                    throw new AssertionError(e);
                }
            }
        });
        assertThat(label).isEqualTo("start" + "!".repeat(PARTIES));
        assertThat(labelField.get(null)).isEqualTo(label);
        assertThat(LIMIT).isEqualTo(3);
    }

    /**
     * Counts under a lock of its own, then looks for leaked threads among the live ones, as the JSR-166 TCK's tear-down
     * does: it sees its execution's own threads, not those of the executions beside it.
     */
    @ExhaustiveConcurrency
    void looksAtTheJvmsThreadsAfterwards() throws Exception {
        int[] count = new int[1];
        Object lock = new Object();
        inParties(() -> {
            synchronized (lock) {
                count[0]++;
            }
        });
        Thread[] live = new Thread[64];
        assertThat(Thread.enumerate(live)).isOne();
        assertThat(live[0]).isSameAs(Thread.currentThread());
        assertThat(count[0]).isEqualTo(PARTIES);
    }

    /** Runs the request in two threads at once and waits for both. */
    private static void bothAtOnce(Runnable request) throws InterruptedException {
        Concurrently.run(request, request);
    }

    /** How many threads {@link #inParties} runs the request in. */
    static final int PARTIES = 5;

    /** Runs the request in {@link #PARTIES} threads at once and waits for them all. */
    static void inParties(Runnable request) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < PARTIES; i++) {
            threads.add(new Thread(request));
        }
        for (Thread thread : threads) {
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
    }

    /** Threads append to a list made before the test (a static final one), under a lock: {@link #PARTIES}! orders. */
    @ExhaustiveConcurrency
    void logsIntoAListMadeBeforeTheTest() throws Exception {
        synchronized (LOG) {
            LOG.clear();
        }
        inParties(() -> {
            synchronized (LOG) {
                LOG.add("request");
            }
        });
        assertThat(LOG).hasSize(PARTIES);
    }

    /**
     * Reads static state that nothing writes, and counts into state of its own under a lock of its own:
     * {@link #PARTIES}! orders.
     */
    @ExhaustiveConcurrency
    void onlyReadsStaticState() throws Exception {
        int[] count = new int[1];
        Object lock = new Object();
        inParties(() -> {
            synchronized (lock) {
                count[0] += LIMITS[0];
            }
        });
        assertThat(count[0]).isEqualTo(PARTIES * LIMITS[0]);
    }

    /** Threads count under a static lock object, into a counter of the execution's own: {@link #PARTIES}! orders. */
    @ExhaustiveConcurrency
    void synchronizesOnAStaticLockObject() throws Exception {
        int[] count = new int[1];
        inParties(() -> {
            synchronized (LOCK) {
                count[0]++;
            }
        });
        assertThat(count[0]).isEqualTo(PARTIES);
    }

    /** A tally whose constructor and field initialiser write its fields before its allocation is reported. */
    static final class Tally {
        private final String name;
        private int step = 1;
        private int total;

        Tally(String name) {
            this.name = name;
        }

        /** A tally that also starts {@code shared} again from zero: a constructor writing another object. */
        Tally(String name, Tally shared) {
            this(name);
            shared.total = 0;
        }

        synchronized void add() {
            total += step;
        }

        synchronized int total() {
            return total;
        }
    }

    /**
     * Threads count into an object the test body makes, whose constructor writes its fields: the object is the
     * execution's own, so the workers share nothing ({@link #PARTIES}! orders).
     */
    @ExhaustiveConcurrency
    void countsIntoAnObjectTheBodyMakes() throws Exception {
        Tally tally = new Tally("requests");
        inParties(tally::add);
        assertThat(tally.total()).as(tally.name).isEqualTo(PARTIES);
    }

    /** Made before any execution; each execution's first tally resets it in its constructor. */
    static final Tally SHARED_TALLY = new Tally("shared");

    /**
     * A constructor writes an object made before the test (not the one it makes), then threads count into it under
     * its lock: {@link #PARTIES}! orders, and state the executions did not create, which they would share side by side.
     */
    @ExhaustiveConcurrency
    void aConstructorResetsAnObjectMadeBeforeTheTest() throws Exception {
        new Tally("resetting", SHARED_TALLY);
        inParties(SHARED_TALLY::add);
        assertThat(SHARED_TALLY.total()).isEqualTo(PARTIES);
    }

    /**
     * Threads sum a list made before the test, which they only iterate and stream over, into state of the
     * execution's own: {@link #PARTIES}! orders.
     */
    @ExhaustiveConcurrency
    void onlyIteratesAListMadeBeforeTheTest() throws Exception {
        int[] sum = new int[1];
        Object lock = new Object();
        inParties(() -> {
            int weight = WEIGHTS.stream().mapToInt(Integer::intValue).sum();
            synchronized (lock) {
                sum[0] += weight;
            }
        });
        assertThat(sum[0]).isEqualTo(PARTIES * 6);
    }
}
