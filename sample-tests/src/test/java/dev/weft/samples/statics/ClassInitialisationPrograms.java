package dev.weft.samples.statics;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.samples.support.Announcements;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Classes first initialised inside an execution: as in a fresh JVM, every execution initialises them again at their
 * first use there. Run by {@link StaticStateTest}; each class here is used by one program only.
 */
class ClassInitialisationPrograms {

    /** Its initialiser starts a worker that records its work in a static field. */
    static final class Worker {
        static int done;
        static final Thread THREAD = new Thread(() -> done = 1, "worker");

        static {
            THREAD.start();
        }
    }

    /** Joins the initialiser's worker and sees its work: on every JVM the join waits for the worker. */
    @ExhaustiveConcurrency
    void joinsTheThreadAStaticInitialiserStarted() throws InterruptedException {
        Worker.THREAD.join();
        assertThat(Worker.done).isEqualTo(1);
    }

    /** Its initialiser starts a watcher that waits under a monitor until the test announces itself. */
    static final class Watched {
        static final Object LOCK = new Object();
        static boolean announced;
        static final Thread WATCHER = new Thread(() -> Announcements.awaitUnder(LOCK, () -> announced), "watcher");

        static {
            WATCHER.start();
        }
    }

    /**
     * The watcher races with the test for the monitor: it takes it first and waits, or the test announces first and
     * the watcher never waits. In every execution the initialiser starts the watcher, so the traces are those of
     * {@link #notifiesAThreadItStarted}, where the test starts the same watcher itself at the same point.
     */
    @ExhaustiveConcurrency
    void notifiesAThreadAStaticInitialiserStarted() throws InterruptedException {
        Thread watcher = Watched.WATCHER;
        Announcements.announceUnder(Watched.LOCK, () -> Watched.announced = true);
        watcher.join();
    }

    /** The same watcher, made and started by the test: no static state. */
    @ExhaustiveConcurrency
    void notifiesAThreadItStarted() throws InterruptedException {
        Object lock = new Object();
        boolean[] announced = {false};
        Thread watcher = new Thread(() -> Announcements.awaitUnder(lock, () -> announced[0]), "watcher");
        watcher.start();
        Announcements.announceUnder(lock, () -> announced[0] = true);
        watcher.join();
    }

    /** A cache its initialiser makes, which every use fills. */
    static final class Cache {
        static final List<String> ENTRIES = new ArrayList<>();
        static int uses;

        static synchronized void use(String entry) {
            ENTRIES.add(entry);
            uses++;
        }
    }

    /** Two threads fill the cache: in every execution it starts empty, made again by the initialiser. */
    @ExhaustiveConcurrency
    void fillsACacheAStaticInitialiserMade() throws InterruptedException {
        Thread first = new Thread(() -> Cache.use("first"));
        Thread second = new Thread(() -> Cache.use("second"));
        first.start();
        second.start();
        first.join();
        second.join();
        assertThat(Cache.ENTRIES).hasSize(2);
        assertThat(Cache.uses).isEqualTo(2);
    }
}
