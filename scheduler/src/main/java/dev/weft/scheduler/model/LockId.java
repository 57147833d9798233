package dev.weft.scheduler.model;

/**
 * A lock or monitor, named stably across executions (for example {@code Account@2} for the monitor of the second
 * {@code Account} the main thread allocated). Every operation on one lock depends on every other.
 */
public record LockId(String name) implements Target {
    public LockId {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("lock name must not be empty");
        }
    }

    @Override
    public String toString() {
        return "lock " + name;
    }
}
