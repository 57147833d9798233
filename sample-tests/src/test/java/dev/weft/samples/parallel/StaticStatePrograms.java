package dev.weft.samples.parallel;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.samples.support.Concurrently;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests that keep state in static fields, run by {@link ParallelWorkersTest} with one and with two workers. Each
 * execution starts by resetting the state, as a test run once at a time may: side by side, two executions would
 * reset and change each other's.
 */
class StaticStatePrograms {

    /** Written by every execution. */
    static int handled;
    /** An object made before any execution, changed by every execution. */
    static final List<String> LOG = new ArrayList<>();
    /** Made before any execution and only read: sharing it harms nobody. */
    static final int[] LIMITS = {2, 3};
    /** A lock object made before any execution: every execution synchronizes on it, and shares nothing through it. */
    static final Object LOCK = new Object();

    /** Two threads each count one request, under a lock: passes in every interleaving (2 orders). */
    @ExhaustiveConcurrency
    void countsRequestsInAStaticField() throws Exception {
        handled = 0;
        Object lock = new Object();
        bothAtOnce(() -> {
            synchronized (lock) {
                handled++;
            }
        });
        assertThat(handled).isEqualTo(2);
    }

    /** The same without the lock: a lost update fails it. */
    @ExhaustiveConcurrency
    void losesARequestCountedInAStaticField() throws Exception {
        handled = 0;
        bothAtOnce(() -> handled++);
        assertThat(handled).isEqualTo(2);
    }

    /** Runs the request in two threads at once and waits for both. */
    private static void bothAtOnce(Runnable request) throws InterruptedException {
        Concurrently.run(request, request);
    }

    /** Two threads append to a list made before the test (a static final one), under a lock: 2 orders. */
    @ExhaustiveConcurrency
    void logsIntoAListMadeBeforeTheTest() throws Exception {
        synchronized (LOG) {
            LOG.clear();
        }
        Thread a = new Thread(() -> {
            synchronized (LOG) {
                LOG.add("a");
            }
        });
        a.start();
        synchronized (LOG) {
            LOG.add("main");
        }
        a.join();
        assertThat(LOG).containsExactlyInAnyOrder("a", "main");
    }

    /** Reads static state that nothing writes, and races on state of its own: 2 orders of a write and a read. */
    @ExhaustiveConcurrency
    void onlyReadsStaticState() throws Exception {
        int[] cell = new int[1];
        Thread a = new Thread(() -> cell[0] = LIMITS[0]);
        a.start();
        int seen = cell[0];
        a.join();
        assertThat(seen).isIn(0, LIMITS[0]);
    }

    /** Two threads count under a static lock object, into a counter of the execution's own: 2 orders. */
    @ExhaustiveConcurrency
    void synchronizesOnAStaticLockObject() throws Exception {
        int[] count = new int[1];
        bothAtOnce(() -> {
            synchronized (LOCK) {
                count[0]++;
            }
        });
        assertThat(count[0]).isEqualTo(2);
    }
}
