package dev.weft.dpor.internal;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.LockId;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The exclusive locks (mutexes and monitors, not read locks or semaphores) each step's thread held when it took the
 * step. Two steps of different threads that hold one lock in common were never enabled together, so they are no race
 * to reverse (Flanagan and Godefroid's "may be co-enabled"): their order is reversed through the lock's acquisitions.
 * A stateful search reads it for the steps it does not run again ({@link RevisitedFuture}). It may leave a lock out
 * (a monitor re-acquired after a wait counts as held once) but never adds one that was not held.
 */
final class HeldLocks {

    private HeldLocks() {
    }

    /** Per event of the execution, the exclusive locks its thread held just before it. */
    static List<Set<LockId>> of(List<Event> events) {
        List<Set<LockId>> held = new ArrayList<>(events.size());
        Map<Integer, Map<LockId, Integer>> byThread = new HashMap<>();
        for (Event event : events) {
            Map<LockId, Integer> holds = byThread.computeIfAbsent(event.thread().index(), t -> new HashMap<>());
            held.add(holds.isEmpty() ? Set.of() : Set.copyOf(holds.keySet()));
            update(holds, event.operation());
        }
        return held;
    }

    private static void update(Map<LockId, Integer> holds, Operation op) {
        LockId lock = op.lockId();
        if (lock == null || lock.counting() || op.shared()) {
            return;
        }
        switch (op.kind()) {
            case LOCK, TRY_LOCK -> holds.merge(lock, 1, Integer::sum);
            case UNLOCK -> holds.computeIfPresent(lock, (l, count) -> count > 1 ? count - 1 : null);
            case WAIT -> holds.remove(lock);
            default -> {
            }
        }
    }
}
