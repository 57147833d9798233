package dev.weft.scheduler.hooks;

import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/** {@link LockHookHandler#lockQueueQuery} uncontrolled: the real object's own answer. */
final class RealLockQueues {

    private RealLockQueues() {
    }

    static int ask(Object lock, Thread asked, String query) {
        return switch (query) {
            case "hasQueuedThreads" -> asBit(lock instanceof Semaphore semaphore ? semaphore.hasQueuedThreads()
                    : lock instanceof ReentrantLock reentrant ? reentrant.hasQueuedThreads()
                    : ((ReentrantReadWriteLock) lock).hasQueuedThreads());
            case "getQueueLength" -> lock instanceof Semaphore semaphore ? semaphore.getQueueLength()
                    : lock instanceof ReentrantLock reentrant ? reentrant.getQueueLength()
                    : ((ReentrantReadWriteLock) lock).getQueueLength();
            case "hasQueuedThread" -> asBit(lock instanceof ReentrantLock reentrant ? reentrant.hasQueuedThread(asked)
                    : ((ReentrantReadWriteLock) lock).hasQueuedThread(asked));
            default -> throw new IllegalArgumentException("no question about a lock's queue named " + query);
        };
    }

    private static int asBit(boolean answer) {
        return answer ? 1 : 0;
    }
}
