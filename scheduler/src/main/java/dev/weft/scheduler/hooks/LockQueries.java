package dev.weft.scheduler.hooks;

/**
 * Which {@code ReentrantLock} query a call of {@link Hooks#reentrantLockQuery} or
 * {@link Hooks#reentrantLockConditionQuery} makes. A managed thread holds a {@code ReentrantLock} only in the runtime's
 * model, so the real lock cannot answer these.
 */
public final class LockQueries {

    /** {@code isLocked()} */
    public static final int IS_LOCKED = 0;
    /** {@code isHeldByCurrentThread()} */
    public static final int IS_HELD_BY_CURRENT_THREAD = 1;
    /** {@code getHoldCount()} */
    public static final int HOLD_COUNT = 2;
    /** {@code hasWaiters(condition)} */
    public static final int HAS_WAITERS = 3;
    /** {@code getWaitQueueLength(condition)} */
    public static final int WAIT_QUEUE_LENGTH = 4;

    private LockQueries() {
    }

    /** The method's name, for messages. */
    public static String name(int query) {
        return switch (query) {
            case IS_LOCKED -> "isLocked";
            case IS_HELD_BY_CURRENT_THREAD -> "isHeldByCurrentThread";
            case HOLD_COUNT -> "getHoldCount";
            case HAS_WAITERS -> "hasWaiters";
            case WAIT_QUEUE_LENGTH -> "getWaitQueueLength";
            default -> throw new IllegalArgumentException("no ReentrantLock query " + query);
        };
    }
}
