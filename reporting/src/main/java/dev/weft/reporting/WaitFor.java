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
            List<LockHolders.Holding> blocking = blocking(holders.of(lock), p.thread(), op.shared());
            String heldBy = heldBy(blocking, p.thread());
            ThreadId waitsOn = blocking.stream().map(LockHolders.Holding::thread)
                    .filter(t -> !t.equals(p.thread())).findFirst()
                    .orElse(blocking.isEmpty() ? null : p.thread());
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

    /**
     * The holds that keep a thread from taking the lock: for a shared hold (a read lock), the other threads' exclusive
     * ones; for an exclusive hold, every other thread's, and the thread's own shared hold (a read lock it wants to
     * upgrade to the write lock, which waits for itself).
     */
    private static List<LockHolders.Holding> blocking(List<LockHolders.Holding> holds, ThreadId thread,
                                                      boolean shared) {
        return holds.stream()
                .filter(h -> shared ? !h.shared() && !h.thread().equals(thread)
                        : !h.thread().equals(thread) || h.shared())
                .toList();
    }

    /**
     * {@code ", held by main.2 (locked at A.java:3)"}, or for read holds
     * {@code ", read-locked by main.1 (itself, ...)"}; empty when nothing blocks.
     */
    private static String heldBy(List<LockHolders.Holding> blocking, ThreadId thread) {
        if (blocking.isEmpty()) {
            return "";
        }
        List<String> holders = new ArrayList<>();
        for (LockHolders.Holding h : blocking) {
            String self = h.thread().equals(thread) ? "itself, " : "";
            holders.add(h.thread().name() + " (" + self + "locked at " + h.acquiredAt().source() + ")");
        }
        boolean shared = blocking.stream().allMatch(LockHolders.Holding::shared);
        return (shared ? ", read-locked by " : ", held by ") + String.join(", ", holders);
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
