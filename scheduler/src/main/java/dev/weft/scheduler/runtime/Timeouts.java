package dev.weft.scheduler.runtime;

import java.util.Locale;

/**
 * When a timed operation ({@link Action#mayTimeOut()}) may complete by timing out. Time is not modelled; only the
 * order of a timeout against what the other threads do is.
 */
public enum Timeouts {
    /**
     * Time passes only when nothing else can move: a timed operation times out only when every other thread is
     * blocked, spinning or finished. A timed wait whose notifier may still come is woken; one whose notifier is gone
     * times out instead of being reported as a deadlock. The default.
     */
    WHEN_BLOCKED,
    /** A timed operation may time out at any moment, also while the thread that would wake it is about to. */
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
    boolean allowTimeout(boolean someoneElseCanMove) {
        return this == ANY || !someoneElseCanMove;
    }
}
