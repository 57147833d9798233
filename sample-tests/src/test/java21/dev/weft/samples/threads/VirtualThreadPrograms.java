package dev.weft.samples.threads;

import dev.weft.junit.ExhaustiveConcurrency;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Programs on the JDK 21 thread API, run by {@link VirtualThreadTest}. */
class VirtualThreadPrograms {

    static final class Counter {
        int value;
    }

    /** {@code inc(n)} of {@code ORACLES.md} with the workers started by {@code start}, then joined. */
    private static Counter inc(int n, java.util.function.Function<Runnable, Thread> start) throws InterruptedException {
        Counter counter = new Counter();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            threads.add(start.apply(() -> {
                int t = counter.value;
                counter.value = t + 1;
            }));
        }
        for (Thread thread : threads) {
            thread.join();
        }
        return counter;
    }

    @ExhaustiveConcurrency
    void incVirtual3() throws InterruptedException {
        inc(3, task -> Thread.ofVirtual().start(task));
    }

    @ExhaustiveConcurrency
    void incPlatformBuilder3() throws InterruptedException {
        inc(3, task -> Thread.ofPlatform().start(task));
    }

    @ExhaustiveConcurrency
    void incStartVirtualThread3() throws InterruptedException {
        inc(3, Thread::startVirtualThread);
    }

    @ExhaustiveConcurrency
    void incUnstartedVirtual3() throws InterruptedException {
        inc(3, task -> {
            Thread thread = Thread.ofVirtual().name("worker-", 1).unstarted(task);
            thread.start();
            return thread;
        });
    }

    @ExhaustiveConcurrency
    void incVirtualFactory3() throws InterruptedException {
        ThreadFactory factory = Thread.ofVirtual().factory();
        inc(3, task -> {
            Thread thread = factory.newThread(task);
            thread.start();
            return thread;
        });
    }

    /** Two virtual threads increment without synchronisation: one interleaving loses an update. */
    @ExhaustiveConcurrency
    void lostUpdateAcrossVirtualThreads() throws InterruptedException {
        assertEquals(2, inc(2, task -> Thread.ofVirtual().start(task)).value);
    }

    /** The same under a monitor: never loses one. */
    @ExhaustiveConcurrency
    void synchronizedVirtualThreads() throws InterruptedException {
        Object lock = new Object();
        Counter counter = new Counter();
        Thread a = Thread.ofVirtual().start(() -> {
            synchronized (lock) {
                counter.value++;
            }
        });
        Thread b = Thread.startVirtualThread(() -> {
            synchronized (lock) {
                counter.value++;
            }
        });
        a.join();
        b.join();
        assertEquals(2, counter.value);
    }

    @ExhaustiveConcurrency
    void atomicVirtualThreads() throws InterruptedException {
        AtomicInteger counter = new AtomicInteger();
        Thread a = Thread.ofVirtual().start(counter::incrementAndGet);
        Thread b = Thread.ofVirtual().start(counter::incrementAndGet);
        a.join();
        b.join();
        assertEquals(2, counter.get());
    }

    /** An exception in a virtual thread fails the test (the JDK hands it to the handler, not out of run()). */
    @ExhaustiveConcurrency
    void exceptionInVirtualThread() throws InterruptedException {
        Thread.ofVirtual().start(() -> {
            throw new IllegalStateException("boom in a virtual thread");
        }).join();
    }

    /**
     * A virtual thread's own handler takes its exception (the JDK calls it inside the thread's run, where Weft
     * dispatches it as the thread's last steps).
     */
    @ExhaustiveConcurrency
    void exceptionInVirtualThreadTakenByItsHandler() throws InterruptedException {
        java.util.concurrent.atomic.AtomicReference<Throwable> seen = new java.util.concurrent.atomic.AtomicReference<>();
        Thread.ofVirtual().uncaughtExceptionHandler((thread, thrown) -> seen.set(thrown)).start(() -> {
            throw new IllegalStateException("boom in a virtual thread");
        }).join();
        assertTrue(seen.get() instanceof IllegalStateException);
    }

    /** join(Duration) and sleep(Duration): the worker always ends, so a long enough join sees it end. */
    @ExhaustiveConcurrency
    void joinAndSleepWithDurations() throws InterruptedException {
        Counter counter = new Counter();
        Thread worker = Thread.ofVirtual().start(() -> {
            try {
                Thread.sleep(Duration.ofMillis(5));
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
            counter.value = 1;
        });
        assertTrue(worker.join(Duration.ofSeconds(10)));
        assertEquals(1, counter.value);
        assertTrue(worker.join(Duration.ZERO));
    }

    /** join(Duration.ZERO) does not wait: it may see the worker alive. */
    @ExhaustiveConcurrency
    void joinWithZeroDurationDoesNotWait() throws InterruptedException {
        Thread worker = Thread.ofVirtual().start(() -> { });
        assertFalse(worker.join(Duration.ZERO), "the worker had ended");
    }
}
