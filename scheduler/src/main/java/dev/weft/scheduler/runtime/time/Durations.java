package dev.weft.scheduler.runtime.time;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/** Spans and instants of the virtual clock in the words of a report: {@code 5 s}, {@code 100 ms}, {@code t = 0.500 s}. */
public final class Durations {

    private Durations() {
    }

    /** A span in the largest unit that shows it whole or nearly: {@code 5 s}, {@code 1.5 s}, {@code 100 ms}. */
    public static String text(long nanos) {
        if (nanos == Long.MAX_VALUE) {
            return "forever";
        }
        if (nanos >= TimeUnit.DAYS.toNanos(1) && nanos % TimeUnit.HOURS.toNanos(1) == 0) {
            return in(nanos, TimeUnit.HOURS.toNanos(1), " h");
        }
        if (nanos >= TimeUnit.SECONDS.toNanos(1)) {
            return in(nanos, TimeUnit.SECONDS.toNanos(1), " s");
        }
        if (nanos >= TimeUnit.MILLISECONDS.toNanos(1)) {
            return in(nanos, TimeUnit.MILLISECONDS.toNanos(1), " ms");
        }
        if (nanos >= TimeUnit.MICROSECONDS.toNanos(1)) {
            return in(nanos, TimeUnit.MICROSECONDS.toNanos(1), " µs");
        }
        return nanos + " ns";
    }

    /** An instant of the execution's clock, in seconds since it started: {@code t = 0.500 s}. */
    static String instant(long elapsedNanos) {
        return String.format(Locale.ROOT, "t = %.3f s", elapsedNanos / 1e9);
    }

    private static String in(long nanos, long unit, String name) {
        return BigDecimal.valueOf(nanos).divide(BigDecimal.valueOf(unit)).stripTrailingZeros().toPlainString() + name;
    }
}
