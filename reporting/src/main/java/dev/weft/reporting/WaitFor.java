package dev.weft.reporting;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.LockId;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.ThreadId;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Why the threads of a deadlock cannot move: for each stuck thread what it waits for and where, and the thread it
 * waits on when there is one (the holder of the lock it wants, the thread it joins). Following those gives the cycle.
 */
final class WaitFor {

    /**
     * One stuck thread.
     *
     * @param stuck       the thread, its blocked operation and where
     * @param description what it waits for, in words, with where
     * @param waitsOn     the thread that would have to move first, or {@code null} (a notify or unpark that never came)
     */
    record Wait(PendingOperation stuck, String description, ThreadId waitsOn) {
    }

    private final List<Wait> waits;
    private final List<ThreadId> cycle;
    /** Whether the test body's thread (index 0) had ended: then the stuck threads are leaked ones. */
    private final boolean bodyReturned;

    private WaitFor(List<Wait> waits, List<ThreadId> cycle, boolean bodyReturned) {
        this.waits = waits;
        this.cycle = cycle;
        this.bodyReturned = bodyReturned;
    }

    static WaitFor of(List<Event> events, List<PendingOperation> stuck) {
        LockHolders holders = LockHolders.after(events);
        Map<ThreadId, Event> latest = new HashMap<>();
        Map<String, ThreadId> byName = new HashMap<>();
        for (Event event : events) {
            latest.put(event.thread(), event);
            byName.put(event.thread().name(), event.thread());
        }
        for (PendingOperation p : stuck) {
            byName.put(p.thread().name(), p.thread());
        }
        List<Wait> waits = new ArrayList<>();
        for (PendingOperation p : stuck) {
            waits.add(describe(p, latest.get(p.thread()), holders, byName));
        }
        boolean bodyReturned = events.stream()
                .anyMatch(e -> e.thread().index() == 0 && e.operation().kind() == OpKind.END);
        return new WaitFor(List.copyOf(waits), cycle(waits), bodyReturned);
    }

    /** What the stuck threads are, as a title: a deadlock, or threads leaked by a test body that has returned. */
    String headline() {
        return bodyReturned ? "Leaked threads: the test body has returned, and these threads wait forever"
                : "Deadlock: no thread can move";
    }

    private static Wait describe(PendingOperation p, Event latest, LockHolders holders,
                                 Map<String, ThreadId> byName) {
        Operation op = p.operation();
        String where = " at " + p.source();
        if (op.kind() == OpKind.LOCK) {
            LockId lock = op.lockId();
            LockHolders.Holding holding = holders.of(lock);
            String heldBy = holding == null ? ""
                    : ", held by " + holding.thread().name() + " (locked at " + holding.acquiredAt().source() + ")";
            ThreadId waitsOn = holding == null ? null : holding.thread();
            if (latest != null && latest.operation().waitsOn(lock)) {
                return new Wait(p, "waits to be notified on " + lock.name() + " (wait at " + latest.source() + ")"
                        + heldBy, waitsOn);
            }
            return new Wait(p, "waits for lock " + lock.name() + where + heldBy, waitsOn);
        }
        if (op.kind() == OpKind.JOIN) {
            String joined = op.location().owner();
            return new Wait(p, "waits for " + joined + " to end (join" + where + ")", byName.get(joined));
        }
        if (op.kind() == OpKind.PARK) {
            return new Wait(p, "waits for an unpark (park" + where + ")", null);
        }
        return new Wait(p, "is blocked on " + OpText.of(op) + where, null);
    }

    /** The first cycle found by following each stuck thread to the thread it waits on; empty when there is none. */
    private static List<ThreadId> cycle(List<Wait> waits) {
        Map<ThreadId, ThreadId> next = new HashMap<>();
        for (Wait wait : waits) {
            if (wait.waitsOn() != null) {
                next.put(wait.stuck().thread(), wait.waitsOn());
            }
        }
        for (Wait wait : waits) {
            Set<ThreadId> path = new LinkedHashSet<>();
            ThreadId at = wait.stuck().thread();
            while (at != null && path.add(at)) {
                at = next.get(at);
            }
            if (at != null) {
                List<ThreadId> cycle = new ArrayList<>();
                boolean inCycle = false;
                for (ThreadId t : path) {
                    inCycle |= t.equals(at);
                    if (inCycle) {
                        cycle.add(t);
                    }
                }
                cycle.add(at);
                return List.copyOf(cycle);
            }
        }
        return List.of();
    }

    List<Wait> waits() {
        return waits;
    }

    /** The threads of a wait-for cycle, the first repeated at the end; empty when there is none. */
    List<ThreadId> cycle() {
        return cycle;
    }

    /** {@code main.1 -> main.2 -> main.1}, or empty. */
    String cycleText() {
        return String.join(" -> ", cycle.stream().map(ThreadId::name).toList());
    }
}
