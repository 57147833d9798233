package dev.weft.samples.gc;

import dev.weft.junit.ExhaustiveConcurrency;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.WeakHashMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests that wait for an object to be collected, as leak tests and commons-pool's {@code testAbandonedPool} do: a
 * {@code System.gc()} collects what only the test's weak references reach, and nothing the test still holds. Run by
 * {@link GarbageCollectionTest}.
 */
class GarbageCollectionPrograms {

    /** Counts under its own monitor and under its own lock: both models keep a record of it. */
    static final class Counter {
        private final ReentrantLock lock = new ReentrantLock();
        private int underMonitor;
        private int underLock;

        synchronized void incrementUnderMonitor() {
            underMonitor++;
        }

        void incrementUnderLock() {
            lock.lock();
            try {
                underLock++;
            } finally {
                lock.unlock();
            }
        }
    }

    /** A fresh object nobody holds: the first collection takes it. */
    @ExhaustiveConcurrency
    void waitsForAnObjectNobodyHolds() throws InterruptedException {
        WeakReference<Object> reference = new WeakReference<>(new Object());
        while (reference.get() != null) {
            System.gc();
            Thread.sleep(10);
        }
    }

    /**
     * A key of a {@code WeakHashMap} nobody else holds: its entry goes once the key is collected. The instrumented
     * {@code put} passes the key through a local variable of its own, which must not keep it.
     */
    @ExhaustiveConcurrency
    void waitsForAWeakKeyToGo() throws InterruptedException {
        Map<Object, String> cache = new WeakHashMap<>();
        cache.put(new Object(), "value");
        while (!cache.isEmpty()) {
            System.gc();
            Thread.sleep(10);
        }
    }

    /** An object an atomic reference held, let go: the instrumented compare-and-set kept its arguments too. */
    @ExhaustiveConcurrency
    void waitsForWhatAnAtomicLetGo() throws InterruptedException {
        AtomicReference<Object> holder = new AtomicReference<>();
        holder.compareAndSet(null, new Object());
        WeakReference<Object> reference = new WeakReference<>(holder.get());
        holder.set(null);
        while (reference.get() != null) {
            System.gc();
            Thread.sleep(10);
        }
    }

    /**
     * An object two threads used, one under its monitor and one under its lock, dropped once they have ended:
     * collected although Weft modelled its monitor and lock. The threads reach it through a holder, not through what
     * they run: Weft keeps the threads it ran, with their {@code Runnable}s, until the execution ends.
     */
    @ExhaustiveConcurrency
    void waitsForAnObjectTwoThreadsLocked() throws InterruptedException {
        AtomicReference<Counter> holder = new AtomicReference<>(new Counter());
        Thread first = new Thread(() -> holder.get().incrementUnderMonitor());
        Thread second = new Thread(() -> holder.get().incrementUnderLock());
        first.start();
        second.start();
        first.join();
        second.join();
        WeakReference<Counter> reference = new WeakReference<>(holder.get());
        holder.set(null);
        while (reference.get() != null) {
            Runtime.getRuntime().gc();
            Thread.sleep(10);
        }
    }

    /**
     * A queue one thread offered to and another took from, and a random generator the test drew from, dropped:
     * collected although Weft counted the queue's slots and made the generator's seed its own.
     */
    @ExhaustiveConcurrency
    void waitsForAQueueAndARandomToGo() throws InterruptedException {
        AtomicReference<BlockingQueue<Integer>> holder = new AtomicReference<>(new LinkedBlockingQueue<>());
        Thread producer = new Thread(() -> holder.get().offer(1));
        producer.start();
        int taken = holder.get().take();
        producer.join();
        Random random = new Random();
        int drawn = random.nextInt(10);
        WeakReference<BlockingQueue<Integer>> queue = new WeakReference<>(holder.get());
        WeakReference<Random> generator = new WeakReference<>(random);
        holder.set(null);
        random = null;
        while (queue.get() != null || generator.get() != null) {
            System.gc();
            Thread.sleep(10);
        }
        assertThat(taken).isEqualTo(1);
        assertThat(drawn).isBetween(0, 9);
    }

    /**
     * A collection while a thread holds a lock the test still reaches, and an object the test still holds: neither is
     * let go. The lock still excludes the other thread after it (two increments, neither lost), and the object is
     * still there.
     */
    @ExhaustiveConcurrency
    void keepsWhatTheTestStillHolds() throws InterruptedException {
        ReentrantLock lock = new ReentrantLock();
        List<Object> kept = new ArrayList<>(List.of(new Object()));
        WeakReference<Object> reference = new WeakReference<>(kept.get(0));
        int[] count = new int[1];
        Thread collector = new Thread(() -> {
            lock.lock();
            try {
                System.gc();
                count[0]++;
            } finally {
                lock.unlock();
            }
        });
        collector.start();
        lock.lock();
        try {
            count[0]++;
        } finally {
            lock.unlock();
        }
        collector.join();
        assertThat(count[0]).isEqualTo(2);
        assertThat(reference.get()).isSameAs(kept.get(0));
    }
}
