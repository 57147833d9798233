package dev.weft.scheduler.runtime.time;

import dev.weft.scheduler.runtime.ControlledHooks;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.concurrent.TimeUnit;

/**
 * The time an execution's threads see: {@code System.nanoTime}, {@code System.currentTimeMillis}, {@code Instant.now}
 * and the other {@code now()} of {@code java.time}, the clocks of {@code Clock.systemUTC/systemDefaultZone}. It
 * starts where the exploration started (the same {@link Origin} for every execution, so each one sees the same times
 * and a replay sees what the failing execution saw) and moves only when time has to pass: a sleep that ends moves it to
 * the sleeper's wake-up time, a timed wait that times out to its deadline, never back. Nothing really sleeps, so a test
 * that sleeps a minute takes no minute.
 *
 * <p>Reading it is no visible operation: which other thread's sleep a reading comes after is not explored on its own
 * (the orders of the sleeps and timeouts themselves are, as before). One thread moves at a time, so it needs no lock.
 */
public final class VirtualClock {

    /**
     * Where every execution of one exploration starts: the real wall-clock time and {@code nanoTime} when the
     * exploration began.
     */
    public record Origin(long epochNanos, long nanoTime) {

        public static Origin now() {
            Instant now = Instant.now();
            return new Origin(TimeUnit.SECONDS.toNanos(now.getEpochSecond()) + now.getNano(), System.nanoTime());
        }
    }

    private final Origin origin;
    /** Nanoseconds passed since the origin. */
    private long elapsed;

    public VirtualClock(Origin origin) {
        this.origin = origin;
    }

    public long elapsed() {
        return elapsed;
    }

    /** Time has passed up to {@code deadline} (in {@link #elapsed()} terms), unless it had already. */
    void advanceTo(long deadline) {
        elapsed = Math.max(elapsed, deadline);
    }

    /** The elapsed time at which something that waits {@code nanos} from now is due. */
    public long deadlineIn(long nanos) {
        long due = elapsed + Math.max(0, nanos);
        return due < elapsed ? Long.MAX_VALUE : due; // a wait of Long.MAX_VALUE
    }

    long nanoTime() {
        return origin.nanoTime() + elapsed;
    }

    public long currentTimeMillis() {
        return TimeUnit.NANOSECONDS.toMillis(epochNanos());
    }

    Instant instant() {
        long epochNanos = epochNanos();
        return Instant.ofEpochSecond(Math.floorDiv(epochNanos, 1_000_000_000L), Math.floorMod(epochNanos, 1_000_000_000L));
    }

    /** The elapsed time at which the wall clock reads {@code epochMillis} ({@code parkUntil}'s deadline). */
    public long elapsedAtEpochMillis(long epochMillis) {
        return TimeUnit.MILLISECONDS.toNanos(epochMillis) - origin.epochNanos();
    }

    private long epochNanos() {
        return origin.epochNanos() + elapsed;
    }

    /**
     * A {@code Clock} that reads the virtual clock of the execution whose thread asks, and the real one on any other
     * thread: one made inside an execution may be kept (in a static field, say) and read outside it.
     */
    public static final class Reading extends Clock {

        private final ZoneId zone;

        public Reading(ZoneId zone) {
            this.zone = zone;
        }

        @Override
        public ZoneId getZone() {
            return zone;
        }

        @Override
        public Clock withZone(ZoneId other) {
            return other.equals(zone) ? this : new Reading(other);
        }

        @Override
        public Instant instant() {
            ManagedThread self = ControlledHooks.current();
            return self == null ? Instant.now() : self.execution.clock.instant();
        }

        @Override
        public long millis() {
            ManagedThread self = ControlledHooks.current();
            return self == null ? System.currentTimeMillis() : self.execution.clock.currentTimeMillis();
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Reading reading && reading.zone.equals(zone);
        }

        @Override
        public int hashCode() {
            return zone.hashCode() + 1;
        }

        @Override
        public String toString() {
            return "SystemClock[" + zone + "]"; // as the JDK's system clock it stands in for
        }
    }
}
