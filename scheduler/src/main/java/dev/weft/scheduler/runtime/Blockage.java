package dev.weft.scheduler.runtime;

import dev.weft.scheduler.runtime.threads.ManagedThread;
import dev.weft.scheduler.runtime.time.SpinRule;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Describes the threads of an execution: why none can move (for every live thread what it waits for and where, and
 * the cycle of threads waiting for each other through locks held and threads joined, if there is one), and the state
 * of each.
 */
final class Blockage {

    private Blockage() {
    }

    /** Each thread's state, with a paused one's pending operation, and what earlier executions left behind. */
    static String threads(Execution execution) {
        StringBuilder text = new StringBuilder();
        for (ManagedThread thread : execution.threads()) {
            text.append(text.length() == 0 ? "" : "; ").append(thread.id.name()).append(' ').append(thread.state());
            if (thread.state() == ManagedThread.State.PAUSED) {
                text.append(" at ").append(thread.pending().operation());
            }
        }
        if (!execution.earlier.initialisers.starts.isEmpty()) {
            text.append("; note: a static initialiser started a thread in an earlier execution (at ")
                    .append(String.join(", ", new TreeSet<>(execution.earlier.initialisers.starts)))
                    .append("); a class is initialised once per JVM, so later executions do not start it");
        }
        text.append(execution.earlier.notPutBack());
        return text.toString();
    }

    static String describe(List<ManagedThread> live, SpinRule spinRule) {
        StringBuilder text = new StringBuilder();
        for (ManagedThread thread : live) {
            Action pending = thread.pending();
            text.append(thread).append(' ');
            if (!pending.enabled()) {
                text.append(pending.whyBlocked());
            } else if (spinRule.spinning(thread)) {
                text.append("spins: it repeats ").append(pending.operation())
                        .append(" and no other thread changes what it reads");
            } else {
                text.append("can ").append(pending.operation());
            }
            text.append(" (").append(Execution.source(pending.site())).append(")\n");
        }
        List<ManagedThread> cycle = cycle(live);
        if (!cycle.isEmpty()) {
            text.append("cycle: ");
            for (ManagedThread thread : cycle) {
                text.append(thread).append(" -> ");
            }
            text.append(cycle.get(0)).append('\n');
        }
        return text.toString();
    }

    /** The first cycle of the waits-for relation, following each thread's single edge. */
    private static List<ManagedThread> cycle(List<ManagedThread> live) {
        for (ManagedThread start : live) {
            List<ManagedThread> path = new ArrayList<>();
            ManagedThread current = start;
            while (current != null && !path.contains(current) && live.contains(current)) {
                path.add(current);
                current = current.pending().enabled() ? null : current.pending().waitsFor();
            }
            if (current != null && path.contains(current)) {
                return path.subList(path.indexOf(current), path.size());
            }
        }
        return List.of();
    }
}
