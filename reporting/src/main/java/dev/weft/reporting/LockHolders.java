package dev.weft.reporting;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.LockId;
import dev.weft.scheduler.model.ThreadId;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Who holds which lock at the end of an execution, and since which step. Locks and monitors are reentrant, so a
 * holder is counted; a wait releases every hold at once and the re-acquisition after it restores them all. A read
 * lock is held by several threads at once (shared holds, {@code Operation.shared()}), so a lock has a list of holders.
 */
final class LockHolders {

    /**
     * A thread's hold on a lock: how many times it entered, the step that first took it, and whether every hold it
     * has is a shared one (a read lock's).
     */
    record Holding(ThreadId thread, int count, Event acquiredAt, boolean shared) {
    }

    private record Waiter(ThreadId thread, LockId lock) {
    }

    /** Per lock, its holders in the order they took it. */
    private final Map<LockId, Map<ThreadId, Holding>> holdings = new HashMap<>();
    private final Map<Waiter, Integer> countsBeforeWait = new HashMap<>();

    static LockHolders after(List<Event> events) {
        LockHolders holders = new LockHolders();
        events.forEach(holders::apply);
        return holders;
    }

    private void apply(Event event) {
        LockId lock = event.operation().lockId();
        if (lock == null) {
            return;
        }
        Map<ThreadId, Holding> holders = holdings.computeIfAbsent(lock, l -> new LinkedHashMap<>());
        ThreadId thread = event.thread();
        Holding held = holders.get(thread);
        boolean shared = event.operation().shared();
        switch (event.operation().kind()) {
            // A try that did not take the lock is an OBSERVE_LOCK event: it holds nothing.
            case LOCK, TRY_LOCK -> {
                Integer beforeWait = countsBeforeWait.remove(new Waiter(thread, lock));
                if (beforeWait != null) {
                    holders.put(thread, new Holding(thread, beforeWait, event, false));
                } else if (held != null) {
                    holders.put(thread, new Holding(thread, held.count() + 1, held.acquiredAt(),
                            held.shared() && shared));
                } else {
                    holders.put(thread, new Holding(thread, 1, event, shared));
                }
            }
            case UNLOCK -> {
                if (held != null && held.count() > 1) {
                    holders.put(thread, new Holding(thread, held.count() - 1, held.acquiredAt(), held.shared()));
                } else {
                    holders.remove(thread);
                }
            }
            case WAIT -> {
                countsBeforeWait.put(new Waiter(thread, lock), held == null ? 1 : held.count());
                holders.remove(thread);
            }
            default -> {
            }
        }
    }

    /** The holds on the lock, in the order they were taken; empty when it is free. */
    List<Holding> of(LockId lock) {
        Map<ThreadId, Holding> holders = holdings.get(lock);
        return holders == null ? List.of() : List.copyOf(holders.values());
    }
}
