package dev.weft.scheduler.hooks;

import java.util.concurrent.locks.AbstractQueuedLongSynchronizer;
import java.util.concurrent.locks.AbstractQueuedSynchronizer;

/**
 * The acquisitions of a synchronizer of the user's own built on {@code AbstractQueuedSynchronizer} or
 * {@code AbstractQueuedLongSynchronizer}, as {@link LockHookHandler#ownSynchronizerAcquire} receives them: the call the
 * code made ({@link #acquire}) and the same acquisition tried without waiting ({@link #tryAtOnce}).
 */
public final class OwnSynchronizers {

    /** {@code mode} bits, as the instrumentation sets them. */
    private static final int SHARED = 1;
    private static final int INTERRUPTIBLE = 2;
    private static final int TIMED = 4;

    private OwnSynchronizers() {
    }

    /** The original call: {@code acquire}, {@code acquireShared}, ... or {@code tryAcquireNanos}, ... */
    public static boolean acquire(Object synchronizer, long arg, long nanos, int mode) throws InterruptedException {
        boolean shared = (mode & SHARED) != 0;
        if (synchronizer instanceof AbstractQueuedLongSynchronizer wide) {
            if ((mode & TIMED) != 0) {
                return shared ? wide.tryAcquireSharedNanos(arg, nanos) : wide.tryAcquireNanos(arg, nanos);
            }
            if ((mode & INTERRUPTIBLE) != 0) {
                if (shared) {
                    wide.acquireSharedInterruptibly(arg);
                } else {
                    wide.acquireInterruptibly(arg);
                }
            } else if (shared) {
                wide.acquireShared(arg);
            } else {
                wide.acquire(arg);
            }
            return true;
        }
        AbstractQueuedSynchronizer narrow = (AbstractQueuedSynchronizer) synchronizer;
        int narrowArg = (int) arg;
        if ((mode & TIMED) != 0) {
            return shared ? narrow.tryAcquireSharedNanos(narrowArg, nanos) : narrow.tryAcquireNanos(narrowArg, nanos);
        }
        if ((mode & INTERRUPTIBLE) != 0) {
            if (shared) {
                narrow.acquireSharedInterruptibly(narrowArg);
            } else {
                narrow.acquireInterruptibly(narrowArg);
            }
        } else if (shared) {
            narrow.acquireShared(narrowArg);
        } else {
            narrow.acquire(narrowArg);
        }
        return true;
    }

    /**
     * The same acquisition without waiting: whether it succeeded at once ({@code tryAcquireNanos(arg, 0)} and its
     * shared twin run the synchronizer's own {@code tryAcquire} once and never park).
     */
    public static boolean tryAtOnce(Object synchronizer, long arg, int mode) throws InterruptedException {
        return acquire(synchronizer, arg, 0, mode & SHARED | TIMED);
    }

    /** The JDK class the synchronizer is built on, by its simple name. */
    public static String base(Object synchronizer) {
        return synchronizer instanceof AbstractQueuedLongSynchronizer
                ? "AbstractQueuedLongSynchronizer" : "AbstractQueuedSynchronizer";
    }

    /** Whether the call may wait: an untimed one, or a timed one with time to wait. */
    public static boolean mayWait(long nanos, int mode) {
        return (mode & TIMED) == 0 || nanos > 0;
    }
}
