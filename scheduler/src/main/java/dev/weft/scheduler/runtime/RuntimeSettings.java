package dev.weft.scheduler.runtime;

import java.time.Duration;

/**
 * How the JVM runtime behaves.
 *
 * @param watchdogTimeout how long a thread that was let run may take to reach its next scheduling point before the
 *                        execution fails with {@code UNCONTROLLED_BLOCKING}; also the bound on unwinding at close
 * @param spinDetection   whether a thread that repeats a read-only loop iteration that observed nothing new is held
 *                        back until another thread changes what it read (see {@code docs/design/runtime.md})
 * @param recordDetail    whether each event records the thread's stack and the value a field, array element or
 *                        atomic access read or wrote: costly, so only for replaying a failing execution to report it
 */
public record RuntimeSettings(Duration watchdogTimeout, boolean spinDetection, boolean recordDetail) {

    public RuntimeSettings {
        if (watchdogTimeout == null || watchdogTimeout.isNegative() || watchdogTimeout.isZero()) {
            throw new IllegalArgumentException("watchdog timeout must be positive but was " + watchdogTimeout);
        }
    }

    /** Ten seconds of watchdog, spin detection on, no detail recorded. */
    public static RuntimeSettings defaults() {
        return new RuntimeSettings(Duration.ofSeconds(10), true, false);
    }

    public RuntimeSettings withWatchdogTimeout(Duration timeout) {
        return new RuntimeSettings(timeout, spinDetection, recordDetail);
    }

    public RuntimeSettings withSpinDetection(boolean enabled) {
        return new RuntimeSettings(watchdogTimeout, enabled, recordDetail);
    }

    public RuntimeSettings withRecordDetail(boolean enabled) {
        return new RuntimeSettings(watchdogTimeout, spinDetection, enabled);
    }
}
