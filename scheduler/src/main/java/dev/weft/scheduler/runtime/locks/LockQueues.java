package dev.weft.scheduler.runtime.locks;

import dev.weft.scheduler.model.LockId;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.runtime.Action;
import dev.weft.scheduler.runtime.synchronizers.Semaphores;
import dev.weft.scheduler.runtime.threads.ManagedThread;
import dev.weft.scheduler.runtime.threads.ThreadLooks;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Predicate;

/**
 * Who waits to take a lock or permits ({@code hasQueuedThreads}, {@code getQueueLength}, {@code hasQueuedThread(t)}
 * and the protected {@code getQueuedThreads} of {@code Semaphore}, {@code ReentrantLock} and
 * {@code ReentrantReadWriteLock}): the threads of the caller's execution whose next step is an acquisition of it that
 * cannot move now. The model's waiters never wait in the real object, so its own answer would be "nobody".
 *
 * <p>A snapshot, as {@code Thread.getState()} is ({@link ThreadLooks#state}), and no scheduling point: a thread that
 * comes to wait makes no event, so when the question is asked relative to another thread's arrival at the lock is
 * not explored; the JDK designs these methods for monitoring, not for synchronization. A test that waits for a thread
 * to queue (commons-pool's {@code while (!hasQueuedThreads()) sleep(200)}, the JSR-166 TCK's
 * {@code while (!lock.hasQueuedThread(t)) yield()}) sees the thread queue once it blocks.
 */
public final class LockQueues {

    private LockQueues() {
    }

    /**
     * {@code hasQueuedThreads} and {@code hasQueuedThread} as 0 or 1, {@code getQueueLength} as the count.
     *
     * @param asked {@code hasQueuedThread}'s argument, else {@code null}
     */
    static int ask(ManagedThread self, Object lock, Thread asked, String query, int site) {
        if (query.equals("hasQueuedThread") && asked == null) {
            throw new NullPointerException();
        }
        List<Thread> waiting = waiting(self, lock, site, any -> true);
        return switch (query) {
            case "hasQueuedThreads" -> waiting.isEmpty() ? 0 : 1;
            case "getQueueLength" -> waiting.size();
            case "hasQueuedThread" -> waiting.contains(asked) ? 1 : 0;
            default -> throw new IllegalArgumentException("no question about a lock's queue named " + query);
        };
    }

    /** The protected {@code getQueuedThreads}, and a read-write lock's {@code getQueuedWriterThreads/ReaderThreads}. */
    static List<Thread> threads(ManagedThread self, Object lock, String query, int site) {
        Predicate<Operation> which = switch (query) {
            case "getQueuedThreads" -> any -> true;
            case "getQueuedWriterThreads" -> acquisition -> !acquisition.shared();
            case "getQueuedReaderThreads" -> Operation::shared;
            default -> throw new IllegalArgumentException("no question about a lock's queue named " + query);
        };
        return waiting(self, lock, site, which);
    }

    private static List<Thread> waiting(ManagedThread self, Object lock, int site, Predicate<Operation> which) {
        LockId id = idOf(self, lock, site);
        List<Thread> waiting = new ArrayList<>();
        for (ManagedThread other : self.execution.paused()) {
            Action next = other == self ? null : other.pending();
            if (next != null && waitsToTake(next.operation(), id) && which.test(next.operation()) && !next.enabled()) {
                waiting.add(other.thread);
            }
        }
        return waiting;
    }

    private static boolean waitsToTake(Operation operation, LockId id) {
        return operation.kind() == OpKind.LOCK && id.equals(operation.lockId());
    }

    private static LockId idOf(ManagedThread self, Object lock, int site) {
        if (lock instanceof Semaphore semaphore) {
            return Semaphores.id(self, semaphore);
        } else if (lock instanceof ReentrantReadWriteLock readWrite) {
            return self.execution.readWriteLocks.id(readWrite, self, site);
        }
        return self.execution.locks.id((ReentrantLock) lock, self);
    }
}
