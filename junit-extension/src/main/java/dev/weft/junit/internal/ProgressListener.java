package dev.weft.junit.internal;

import dev.weft.dpor.ExecutionRecord;
import dev.weft.dpor.ExplorationListener;

import java.io.PrintStream;
import java.util.concurrent.TimeUnit;

/**
 * Prints how far a long exploration has got, at most once every few seconds, and keeps the last execution. Parallel
 * workers share one: it counts their executions together, and its line says how many workers run them.
 */
final class ProgressListener implements ExplorationListener {

    private static final long INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(5);

    private final String testName;
    private final PrintStream out;
    private final int workers;
    private final long started = System.nanoTime();
    private long nextReport = started + INTERVAL_NANOS;
    private long ended;
    private ExecutionRecord last;
    /** The preemption bound being covered ({@link #boundStarted}), or -1 in an exhaustive search. */
    private int bound = -1;

    ProgressListener(String testName, PrintStream out) {
        this(testName, out, 1);
    }

    ProgressListener(String testName, PrintStream out, int workers) {
        this.testName = testName;
        this.out = out;
        this.workers = workers;
    }

    @Override
    public synchronized void executionEnded(ExecutionRecord record) {
        last = record;
        ended++;
        long now = System.nanoTime();
        if (now >= nextReport) {
            nextReport = now + INTERVAL_NANOS;
            double seconds = (now - started) / 1e9;
            out.printf("weft: %s ... %,d executions so far (%,.0f/s, %.0f s%s%s)%n", testName, ended,
                    ended / seconds, seconds, workers == 1 ? "" : ", " + workers + " workers",
                    bound < 0 ? "" : ", covering schedules with at most " + bound
                            + (bound == 1 ? " preemption" : " preemptions"));
        }
    }

    @Override
    public synchronized void boundStarted(int bound) {
        this.bound = bound;
    }

    /** The most recent execution, or {@code null} before the first. */
    synchronized ExecutionRecord last() {
        return last;
    }

    /** How many executions ended so far (sleep-set blocked ones too), all workers together. */
    synchronized long ended() {
        return ended;
    }
}
