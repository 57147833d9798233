package dev.weft.scheduler.runtime.locks;

import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.util.ArrayList;
import java.util.List;

/**
 * The real monitors one managed thread holds because the JVM took them at entry of {@code synchronized} methods that
 * keep {@code ACC_SYNCHRONIZED} (classes loaded before installation), innermost last, each with whether its entry was
 * modelled (an entry inside a step that cannot be split, such as a static initialiser, is not). Only the thread itself
 * touches it.
 *
 * <p>While the thread is paused, the innermost of these monitors is released by waiting in it
 * ({@link ManagedThread#pauseAt}): another managed thread may enter that method through a route no call site
 * announced (a method reference, reflection, virtual dispatch, the JDK), and the JVM would block it on the real monitor
 * before any hook, where the scheduler cannot see it.
 */
public final class MethodMonitors {

    private record Entry(Object monitor, boolean modelled) {
    }

    private final List<Entry> entries = new ArrayList<>();

    void entered(Object monitor, boolean modelled) {
        entries.add(new Entry(monitor, modelled));
    }

    /** Whether the innermost entry is one of {@code monitor}: false for an exit whose entry was not seen. */
    boolean innermostIs(Object monitor) {
        return !entries.isEmpty() && entries.get(entries.size() - 1).monitor() == monitor;
    }

    boolean innermostModelled() {
        return entries.get(entries.size() - 1).modelled();
    }

    void left() {
        entries.remove(entries.size() - 1);
    }

    /** The monitor a pause releases, or {@code null} when the thread holds none. */
    public Object innermost() {
        return entries.isEmpty() ? null : entries.get(entries.size() - 1).monitor();
    }
}
