package dev.weft.scheduler.runtime;

import java.time.Duration;

/**
 * How the JVM runtime behaves.
 *
 * @param watchdogTimeout how long a thread that was let run may take to reach its next scheduling point before the
 *                        execution fails with {@code UNCONTROLLED_BLOCKING}; also the bound on unwinding at close
 * @param spinDetection   whether a thread that repeats a read-only loop iteration that observed nothing new is held
 *                        back until another thread changes what it read (see {@code docs/design/runtime.md})
 * @param timeouts        when a timed operation may time out
 */
public record RuntimeSettings(Duration watchdogTimeout, boolean spinDetection, Timeouts timeouts) {

    public RuntimeSettings {
        if (watchdogTimeout == null || watchdogTimeout.isNegative() || watchdogTimeout.isZero()) {
            throw new IllegalArgumentException("watchdog timeout must be positive but was " + watchdogTimeout);
        }
        if (timeouts == null) {
            throw new IllegalArgumentException("timeout policy must not be null");
        }
    }

    /** Ten seconds of watchdog, spin detection on, timeouts only when every other thread is blocked. */
    public static RuntimeSettings defaults() {
        return new RuntimeSettings(Duration.ofSeconds(10), true, Timeouts.WHEN_BLOCKED);
    }

    public RuntimeSettings withWatchdogTimeout(Duration timeout) {
        return new RuntimeSettings(timeout, spinDetection, timeouts);
    }

    public RuntimeSettings withSpinDetection(boolean enabled) {
        return new RuntimeSettings(watchdogTimeout, enabled, timeouts);
    }

    public RuntimeSettings withTimeouts(Timeouts policy) {
        return new RuntimeSettings(watchdogTimeout, spinDetection, policy);
    }
}
