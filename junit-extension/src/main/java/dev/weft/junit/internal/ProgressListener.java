package dev.weft.junit.internal;

import dev.weft.dpor.ExecutionRecord;
import dev.weft.dpor.ExplorationListener;

import java.io.PrintStream;
import java.util.concurrent.TimeUnit;

/** Prints how far a long exploration has got, at most once every few seconds, and keeps the last execution. */
final class ProgressListener implements ExplorationListener {

    private static final long INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(5);

    private final String testName;
    private final PrintStream out;
    private final long started = System.nanoTime();
    private long nextReport = started + INTERVAL_NANOS;
    private ExecutionRecord last;

    ProgressListener(String testName, PrintStream out) {
        this.testName = testName;
        this.out = out;
    }

    @Override
    public void executionEnded(ExecutionRecord record) {
        last = record;
        long now = System.nanoTime();
        if (now >= nextReport) {
            nextReport = now + INTERVAL_NANOS;
            double seconds = (now - started) / 1e9;
            out.printf("weft: %s ... %,d executions so far (%,.0f/s, %.0f s)%n", testName, record.number(),
                    record.number() / seconds, seconds);
        }
    }

    /** The most recent execution, or {@code null} before the first. */
    ExecutionRecord last() {
        return last;
    }
}
