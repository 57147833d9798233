package dev.weft.scheduler.hooks;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The time hooks, one family of {@link HookHandlers}: the clocks the test reads and the sleeps it takes. The default
 * methods do exactly what the uninstrumented code would have done, without control.
 */
public interface TimeHookHandler {

    /** Replaces {@code Thread.sleep(millis)}. */
    default void threadSleep(long millis, int site) throws InterruptedException {
        Thread.sleep(millis);
    }

    /**
     * Replaces {@code Thread.sleep(Duration)} (JDK 19+): the same as {@code sleep(millis, nanos)}, except that a
     * negative duration does not sleep (rather than failing).
     */
    default void threadSleepFor(Duration duration, int site) throws InterruptedException {
        long nanos = TimeUnit.NANOSECONDS.convert(duration);
        if (nanos >= 0) {
            Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
        }
    }

    /** Replaces {@code System.nanoTime()}. */
    default long nanoTime(int site) {
        return System.nanoTime();
    }

    /**
     * Replaces {@code ThreadMXBean.getCurrentThreadCpuTime()} ({@code user} false) and
     * {@code getCurrentThreadUserTime()} ({@code user} true); {@code bean} is the {@code ThreadMXBean}.
     */
    default long currentThreadCpuTime(Object bean, boolean user, int site) {
        java.lang.management.ThreadMXBean threads = (java.lang.management.ThreadMXBean) bean;
        return user ? threads.getCurrentThreadUserTime() : threads.getCurrentThreadCpuTime();
    }

    /** Replaces {@code System.currentTimeMillis()}. */
    default long currentTimeMillis(int site) {
        return System.currentTimeMillis();
    }

    /**
     * The clock that {@code Clock.system(zone)}, {@code systemUTC()}, {@code systemDefaultZone()} and the no-clock
     * {@code now()} methods of {@code java.time} stand for.
     */
    default java.time.Clock systemClock(java.time.ZoneId zone, int site) {
        return java.time.Clock.system(zone);
    }
}
