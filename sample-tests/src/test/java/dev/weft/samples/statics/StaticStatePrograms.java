package dev.weft.samples.statics;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.junit.KeepAcrossExecutions;
import dev.weft.samples.support.Concurrently;

import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import javax.management.InstanceAlreadyExistsException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

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

    /** A system property the test sets once, under a lock, and never clears. */
    static final String PROPERTY = "weft.samples.statics.configured";
    static int configurations;

    /** The first thread to find the property unset sets it: in every execution exactly one does. */
    @ExhaustiveConcurrency
    void setsASystemPropertyNeverCleared() throws Exception {
        configurations = 0;
        Runnable configure = () -> {
            synchronized (LOCK) {
                if (System.getProperty(PROPERTY) == null) {
                    System.setProperty(PROPERTY, Thread.currentThread().getName());
                    configurations++;
                }
            }
        };
        Concurrently.run(configure, configure);
        assertThat(configurations).isEqualTo(1);
    }

    /** A handler of uncaught exceptions of the test's own. */
    static final class OwnHandler implements Thread.UncaughtExceptionHandler {
        @Override
        public void uncaughtException(Thread thread, Throwable thrown) {
        }
    }

    static int handlersSet;

    /**
     * As Awaitility does while it waits: the first thread to find the JVM's default handler of uncaught exceptions
     * not its own sets its own, and nobody puts the one it found back.
     */
    @ExhaustiveConcurrency
    void setsTheDefaultUncaughtExceptionHandlerNeverPutBack() throws Exception {
        handlersSet = 0;
        Runnable configure = () -> {
            synchronized (LOCK) {
                if (!(Thread.getDefaultUncaughtExceptionHandler() instanceof OwnHandler)) {
                    Thread.setDefaultUncaughtExceptionHandler(new OwnHandler());
                    handlersSet++;
                }
            }
        };
        Concurrently.run(configure, configure);
        assertThat(handlersSet).isEqualTo(1);
    }

    /** The JMX domain and type the pool below registers under. */
    static final String POOLS = "dev.weft.samples.statics:type=Pool";

    /** A standard MBean's interface: its name is its class's and "MBean". */
    public interface PoolMBean {
        int getUses();
    }

    public static final class Pool implements PoolMBean {
        int uses;

        @Override
        public int getUses() {
            return uses;
        }
    }

    /**
     * A pool that registers itself with JMX under the first free name ("pool", "pool1", ...), as commons-pool's do,
     * and that the test never unregisters (commons-pool's testBorrowObjectFairness replaces its pool without closing
     * it). Two threads then use it under its monitor: the two traces of their order.
     */
    @ExhaustiveConcurrency
    void registersAPoolWithJmxNeverUnregistered() throws Exception {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        Pool registered = new Pool();
        for (int i = 0; ; i++) {
            try {
                server.registerMBean(registered, new ObjectName(POOLS + ",name=pool" + (i == 0 ? "" : i)));
                break;
            } catch (InstanceAlreadyExistsException taken) {
                // the next name
            }
        }
        Pool pool = new Pool(); // made after the names tried: its number counts them
        Runnable use = () -> {
            synchronized (pool) {
                pool.uses++;
            }
        };
        Concurrently.run(use, use);
        assertThat(pool.uses).isEqualTo(2);
    }

    static final Semaphore PERMITS = new Semaphore(2);

    /** Two threads each take a permit of a static semaphore and never give it back. */
    @ExhaustiveConcurrency
    void takesPermitsOfAStaticSemaphoreForGood() throws Exception {
        Concurrently.run(PERMITS::acquireUninterruptibly, PERMITS::acquireUninterruptibly);
        assertThat(PERMITS.availablePermits()).isZero();
    }

    /** The same with a semaphore of the test's own. */
    @ExhaustiveConcurrency
    void takesPermitsOfItsOwnSemaphore() throws Exception {
        Semaphore permits = new Semaphore(2);
        Concurrently.run(permits::acquireUninterruptibly, permits::acquireUninterruptibly);
        assertThat(permits.availablePermits()).isZero();
    }

    static final CountDownLatch FIRST_RUN = new CountDownLatch(1);
    static int counted;

    /**
     * Starts a helper only while a static latch is up, then counts it down: a latch's count cannot be raised again,
     * so the next execution starts no helper, and the divergence names the latch.
     */
    @ExhaustiveConcurrency
    void countsDownAStaticLatchForGood() throws Exception {
        counted = 0;
        Thread helper = new Thread(() -> counted++);
        if (FIRST_RUN.getCount() > 0) {
            helper.start();
        }
        FIRST_RUN.countDown();
        counted++;
        if (helper.isAlive()) {
            helper.join();
        }
    }

    /** Counts the executions, on purpose across them: not put back. */
    @KeepAcrossExecutions
    static int executions;

    /** A race on a static field, counting its own executions in a field kept across them. */
    @ExhaustiveConcurrency
    void countsItsExecutionsInAKeptField() throws Exception {
        executions++;
        Concurrently.run(() -> hits++, () -> hits++);
    }
}
