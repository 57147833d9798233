package dev.weft.samples.bench;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.locks.LockSupport;

/**
 * What one hand-off costs, the step Weft's runtime takes each time the turn passes from one thread of an execution to
 * another (about 25 times per big0 execution): a token passed round a ring of parked threads, each unparking the next
 * and parking until its turn comes back. Platform threads as Weft runs them today, with and without a second thread
 * keeping the other CPU awake (what {@code CoreKeeper} does), and virtual threads (JDK 21+), whose hand-off can stay
 * on one carrier instead of being an OS context switch (issue 13, part 3). No Weft code runs here: this measures the
 * floor each design would stand on.
 *
 * <p>Run with {@code mvn -pl sample-tests test -Dtest=HandOffBenchmark -Dsurefire.failIfNoSpecifiedTests=false};
 * {@code -Dweft.bench.runs=5}, {@code -Dweft.bench.handOffs=200000}. To see virtual threads on one carrier, add
 * {@code -DargLine=-Djdk.virtualThreadScheduler.parallelism=1} (it must be set when the JVM starts).
 */
class HandOffBenchmark {

    @Test
    void printTable() throws Exception {
        int runs = MedianRun.runs(5);
        int handOffs = Integer.getInteger("weft.bench.handOffs", 200_000);
        System.out.printf("%-32s %8s %12s%n", "threads", "ring", "ns/hand-off");
        for (int ring : new int[]{2, 5}) {
            print("platform", ring, median(runs, () -> nanosPerHandOff(Thread::new, ring, handOffs, false)));
            print("platform + core keeper", ring,
                    median(runs, () -> nanosPerHandOff(Thread::new, ring, handOffs, true)));
            ThreadFactory virtual = virtualThreads();
            if (virtual != null) {
                print("virtual (parallelism " + System.getProperty("jdk.virtualThreadScheduler.parallelism", "default")
                        + ")", ring, median(runs, () -> nanosPerHandOff(virtual, ring, handOffs, false)));
            }
        }
    }

    private static void print(String kind, int ring, long nanos) {
        System.out.printf("%-32s %8d %12d%n", kind, ring, nanos);
    }

    interface Measurement {
        long nanos() throws InterruptedException;
    }

    private static long median(int runs, Measurement measurement) throws InterruptedException {
        List<Long> all = new ArrayList<>();
        measurement.nanos(); // warm-up
        for (int i = 0; i < runs; i++) {
            all.add(measurement.nanos());
        }
        Collections.sort(all);
        return all.get(all.size() / 2);
    }

    /** {@code Thread.ofVirtual().factory()} where the JDK has it (21+), else {@code null}. */
    private static ThreadFactory virtualThreads() {
        try {
            Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
            return (ThreadFactory) Class.forName("java.lang.Thread$Builder").getMethod("factory").invoke(builder);
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }

    private static long nanosPerHandOff(ThreadFactory factory, int ring, int handOffs, boolean keepCoreAwake)
            throws InterruptedException {
        Ring token = new Ring(ring, handOffs);
        Thread[] threads = new Thread[ring];
        for (int i = 0; i < ring; i++) {
            int me = i;
            threads[i] = factory.newThread(() -> token.pass(me, threads));
        }
        Thread keeper = keepCoreAwake ? new Thread(token::keepBusy) : null;
        if (keeper != null) {
            keeper.setDaemon(true);
            keeper.start();
        }
        long started = System.nanoTime();
        for (Thread thread : threads) {
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        long nanos = System.nanoTime() - started;
        token.done = true;
        if (keeper != null) {
            keeper.join();
        }
        return nanos / handOffs;
    }

    /** The token: whose turn it is, and how many hand-offs are left. */
    private static final class Ring {
        private final int size;
        private volatile int turn;
        private volatile int left;
        private volatile boolean done;

        Ring(int size, int handOffs) {
            this.size = size;
            this.left = handOffs;
        }

        void pass(int me, Thread[] threads) {
            while (true) {
                while (turn != me) {
                    if (left <= 0) {
                        return;
                    }
                    LockSupport.park(this);
                }
                if (left <= 0) {
                    wakeAll(threads);
                    return;
                }
                left--;
                int next = (me + 1) % size;
                turn = next;
                LockSupport.unpark(threads[next]);
            }
        }

        private static void wakeAll(Thread[] threads) {
            for (Thread thread : threads) {
                LockSupport.unpark(thread);
            }
        }

        void keepBusy() {
            while (!done) {
                Thread.yield();
            }
        }
    }
}
