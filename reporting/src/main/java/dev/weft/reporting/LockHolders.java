package dev.weft.reporting;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.LockId;
import dev.weft.scheduler.model.ThreadId;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Who holds which lock at the end of an execution, and since which step. Locks and monitors are reentrant, so a
 * holder is counted; a wait releases every hold at once and the re-acquisition after it restores them all.
 */
final class LockHolders {

    /** A thread's hold on a lock: how many times it entered and the step that first took it. */
    record Holding(ThreadId thread, int count, Event acquiredAt) {
    }

    private record Waiter(ThreadId thread, LockId lock) {
    }

    private final Map<LockId, Holding> holdings = new HashMap<>();
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
        Holding held = holdings.get(lock);
        switch (event.operation().kind()) {
            // A try that did not take the lock is an OBSERVE_LOCK event: it holds nothing.
            case LOCK, TRY_LOCK -> {
                Integer beforeWait = countsBeforeWait.remove(new Waiter(event.thread(), lock));
                if (beforeWait != null) {
                    holdings.put(lock, new Holding(event.thread(), beforeWait, event));
                } else if (held != null && held.thread().equals(event.thread())) {
                    holdings.put(lock, new Holding(held.thread(), held.count() + 1, held.acquiredAt()));
                } else {
                    holdings.put(lock, new Holding(event.thread(), 1, event));
                }
            }
            case UNLOCK -> {
                if (held != null && held.count() > 1) {
                    holdings.put(lock, new Holding(held.thread(), held.count() - 1, held.acquiredAt()));
                } else {
                    holdings.remove(lock);
                }
            }
            case WAIT -> {
                countsBeforeWait.put(new Waiter(event.thread(), lock), held == null ? 1 : held.count());
                holdings.remove(lock);
            }
            default -> {
            }
        }
    }

    /** The hold on the lock, or {@code null} when it is free. */
    Holding of(LockId lock) {
        return holdings.get(lock);
    }
}
