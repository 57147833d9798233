package dev.weft.scheduler.model;

/**
 * A thread of one execution.
 *
 * @param index dense number in creation order within the execution (0 is the main thread); indexes vector clocks.
 *              Two executions that share a schedule prefix give the threads created in that prefix the same index.
 * @param name  stable name, the same in every execution that creates this thread the same way
 *              (for example {@code main}, {@code main.1}, {@code main.1.2}: parent name and per-parent child number)
 */
public record ThreadId(int index, String name) implements Target {
    public ThreadId {
        if (index < 0) {
            throw new IllegalArgumentException("thread index must be >= 0 but was " + index);
        }
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("thread name must not be empty");
        }
    }

    /** Field by field, as the record's own would; written out for speed (see {@link Location#equals}). */
    @Override
    public boolean equals(Object other) {
        return this == other || other instanceof ThreadId that && index == that.index && name.equals(that.name);
    }

    @Override
    public int hashCode() {
        return 31 * index + name.hashCode();
    }

    @Override
    public String toString() {
        return name;
    }
}
