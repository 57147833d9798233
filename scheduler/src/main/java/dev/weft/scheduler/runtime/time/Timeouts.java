package dev.weft.scheduler.runtime.time;

import dev.weft.scheduler.runtime.Action;

import java.util.Locale;

/**
 * When time passes: when a sleep ends and a timed operation ({@link Action#mayTimeOut()}) times out. Either way it
 * passes in the order of the deadlines ({@link Deadlines}), and the execution's {@link VirtualClock} moves to the
 * deadline.
 */
public enum Timeouts {
    /**
     * The test's time, as Go's {@code testing/synctest} has it: time passes only when nothing else can move. A sleep
     * ends and a timed operation times out only when every other thread is blocked, waiting, sleeping, spinning or
     * finished. A timed wait whose notifier may still come is woken; one whose notifier is gone times out instead of
     * being reported as a deadlock; a {@code sleep(100)} that waits for another thread's work sees it done. The
     * default.
     */
    WHEN_BLOCKED,
    /**
     * Stalls explored: a sleep may end and a timed operation time out at any moment, also while another thread can
     * still move, as when that thread stalls longer than the sleep or timeout on a loaded machine. A failure that
     * needs such a stall is a {@code TIMING} failure that names it.
     */
    ANY;

    /** The value's name in configuration: {@code when-blocked}, {@code any}. */
    public String configName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The policy named {@code name} in configuration, or {@code null} if there is none of that name. */
    public static Timeouts fromConfigName(String name) {
        for (Timeouts policy : values()) {
            if (policy.configName().equals(name.trim())) {
                return policy;
            }
        }
        return null;
    }

    /** Whether a timed operation that was not woken may time out now. */
    public boolean allowTimeout(boolean someoneElseCanMove) {
        return this == ANY || !someoneElseCanMove;
    }
}
