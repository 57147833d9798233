package dev.weft.samples.threads;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.samples.support.Concurrently;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests that start daemon threads and do not wait for them, as background refreshers and heartbeats are started. Run
 * by {@link DaemonThreadTest}: an execution ends when the test body and its other threads have ended, and the daemons
 * are abandoned wherever they are, as a JVM exits then.
 */
class DaemonThreadPrograms {

    /** A counter two threads increment under a lock. */
    static final class Tally {
        private int count;

        synchronized void add() {
            count++;
        }

        synchronized int count() {
            return count;
        }
    }

    /** What a daemon copies from what the test writes. */
    static final class Cells {
        volatile int x;
        volatile int y;
    }

    private static Thread daemon(Runnable work) {
        Thread thread = new Thread(work, "heartbeat");
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /** A heartbeat that beats forever, beside two workers whose increments are the test's only race. */
    @ExhaustiveConcurrency
    void aHeartbeatBesideTheTest() throws InterruptedException {
        AtomicInteger beats = new AtomicInteger();
        daemon(() -> {
            try {
                while (true) {
                    beats.incrementAndGet();
                    Thread.sleep(100);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Tally tally = new Tally();
        Concurrently.run(tally::add, tally::add);
        assertThat(tally.count()).isEqualTo(2);
    }

    /** The same heartbeat beside an unsynchronized count, which loses an update in some interleaving. */
    @ExhaustiveConcurrency
    void aHeartbeatBesideALostUpdate() throws InterruptedException {
        AtomicInteger beats = new AtomicInteger();
        daemon(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                beats.incrementAndGet();
                Thread.onSpinWait();
            }
        });
        int[] count = new int[1];
        Concurrently.run(() -> count[0]++, () -> count[0]++);
        assertThat(count[0]).isEqualTo(2);
    }

    /** A daemon that waits for something that never comes does not keep the test from ending. */
    @ExhaustiveConcurrency
    void aDaemonBlockedForever() {
        CountDownLatch never = new CountDownLatch(1);
        daemon(() -> {
            try {
                never.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    /** The daemon flag as a JVM sets it: the test's thread is none, a thread inherits its creator's. */
    @ExhaustiveConcurrency
    void daemonFlagsAsInAJvm() throws InterruptedException {
        assertThat(Thread.currentThread().isDaemon()).isFalse();
        Thread plain = new Thread(() -> { });
        assertThat(plain.isDaemon()).isFalse();
        boolean[] childOfADaemon = new boolean[1];
        Thread parent = new Thread(() -> childOfADaemon[0] = new Thread(() -> { }).isDaemon());
        parent.setDaemon(true);
        parent.start();
        parent.join();
        assertThat(childOfADaemon[0]).isTrue();
        Thread subclass = new Thread() {
            @Override
            public void run() {
            }
        };
        assertThat(subclass.isDaemon()).isFalse();
    }

    /** The daemon copies x + 1 into y; the test writes x = 1 and asserts it never reads y = 2. */
    @ExhaustiveConcurrency
    void aDaemonCopiesWhatTheTestWrote() {
        Cells cells = new Cells();
        daemon(() -> cells.y = cells.x + 1);
        cells.x = 1;
        assertThat(cells.y).isNotEqualTo(2);
    }

    /** A worker that is not a daemon thread waits for a count-down the test never makes. */
    @ExhaustiveConcurrency
    void aThreadLeftBlocked() {
        CountDownLatch never = new CountDownLatch(1);
        new Thread(() -> {
            try {
                never.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "leaked").start();
    }

    /**
     * A worker that is not a daemon thread waits for work with a timeout round a loop, as an idle pool worker does
     * (Jetty's {@code QueuedThreadPool}), and the test never stops it: each turn is one more minute of waiting.
     */
    @ExhaustiveConcurrency
    void anIdleWorkerLeftWaitingWithATimeout() {
        startIdleWorker();
    }

    /** The idle worker above, beside three threads that each take a lock once: 3! = 6 traces. */
    @ExhaustiveConcurrency
    void anIdleWorkerBesideThreeLockedIncrements() throws InterruptedException {
        startIdleWorker();
        Object lock = new Object();
        int[] count = new int[1];
        Runnable increment = () -> {
            synchronized (lock) {
                count[0]++;
            }
        };
        Thread[] threads = {new Thread(increment), new Thread(increment), new Thread(increment)};
        for (Thread thread : threads) {
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        assertThat(count[0]).isEqualTo(3);
    }

    /** The idle worker above, and a thread that waits for a count-down the test never makes. */
    @ExhaustiveConcurrency
    void anIdleWorkerBesideAThreadLeftBlocked() {
        startIdleWorker();
        aThreadLeftBlocked();
    }

    private static void startIdleWorker() {
        BlockingQueue<Runnable> work = new LinkedBlockingQueue<>();
        new Thread(() -> {
            try {
                while (true) {
                    Runnable job = work.poll(1, TimeUnit.MINUTES);
                    if (job != null) {
                        job.run();
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "idle worker").start();
    }

    /** A worker that is not a daemon thread sleeps a minute after the test body has returned, then ends. */
    @ExhaustiveConcurrency
    void aThreadThatEndsAMinuteAfterTheTest() {
        new Thread(() -> {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "late").start();
    }
}
