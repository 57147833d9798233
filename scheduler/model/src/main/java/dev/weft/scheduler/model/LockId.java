package dev.weft.scheduler.model;

/**
 * A lock or monitor, named stably across executions (for example {@code Account@2} for the monitor of the second
 * {@code Account} the main thread allocated). Every operation on one lock depends on every other, except two
 * observations.
 *
 * <p>A <em>counting</em> lock is a semaphore: its acquisitions take permits and its releases give them back, by any
 * thread, so it is a count rather than an owner. Two releases of it commute (docs/design/explorers.md, "Counting
 * locks"), and the explorers do not assume that an acquisition could only have run after the release before it.
 */
public record LockId(String name, boolean counting) implements Target {
    public LockId {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("lock name must not be empty");
        }
    }

    /** A lock with an owner (a mutex, a monitor, a read-write or stamped lock). */
    public LockId(String name) {
        this(name, false);
    }

    /** A semaphore. */
    public static LockId counting(String name) {
        return new LockId(name, true);
    }

    @Override
    public String toString() {
        return "lock " + name;
    }
}
