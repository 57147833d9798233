package dev.weft.samples.threads;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.samples.support.Announcements;

import java.util.concurrent.CountDownLatch;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Classes whose static initialiser starts a thread. Run by {@link StaticInitialiserTest}: the thread starts when the
 * initialiser has returned and runs as any other. A class Weft cannot initialise again in each execution (an enum
 * here) is initialised once per JVM, so each program here is initialised by one test only.
 */
class StaticInitialiserPrograms {

    /** Starts a worker that announces itself through a latch. */
    static final class Announcer {
        static final CountDownLatch STARTED = new CountDownLatch(1);
        static final Thread WORKER = new Thread(STARTED::countDown, "announcer");

        static {
            WORKER.start();
        }
    }

    /** Starts a worker and joins it before the class is initialised. */
    static final class SelfJoiner {
        static final Thread WORKER = new Thread(() -> { }, "joined");

        static {
            WORKER.start();
            try {
                WORKER.join();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /**
     * Starts a watcher that waits under a monitor until the test announces itself. An enum: its constants must stay
     * the same objects, so Weft does not run its initialiser again.
     */
    enum Watched {
        ONLY;

        static final Object LOCK = new Object();
        static boolean announced;
        static final Thread WATCHER = new Thread(() -> Announcements.awaitUnder(LOCK, () -> announced), "watcher");

        static {
            WATCHER.start();
        }
    }

    /**
     * The watcher races with the test for the monitor, so there is more than one execution; the enum is initialised
     * in the first only, and the later ones cannot start its thread again.
     */
    @ExhaustiveConcurrency
    void aStaticInitialiserThreadThatRacesWithTheTest() throws InterruptedException {
        Thread watcher = Watched.WATCHER;
        Announcements.announceUnder(Watched.LOCK, () -> Watched.announced = true);
        watcher.join();
    }

    /**
     * The test body initialises the class, whose initialiser starts the worker, then waits for the worker: the count
     * down is the only way past the await, so 1 trace.
     */
    @ExhaustiveConcurrency
    void aThreadStartedByAStaticInitialiserRuns() throws InterruptedException {
        Announcer.STARTED.await();
        Announcer.WORKER.join();
        assertThat(Announcer.STARTED.getCount()).isZero();
    }

    @ExhaustiveConcurrency
    void aStaticInitialiserThatJoinsTheThreadItStarted() {
        assertThat(SelfJoiner.WORKER).isNotNull();
    }
}
