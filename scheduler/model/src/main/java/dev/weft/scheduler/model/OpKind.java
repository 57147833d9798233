package dev.weft.scheduler.model;

/**
 * The kinds of visible operation. Each kind says what it targets and how it accesses it; {@link Dependence} derives
 * the dependency relation from that alone.
 */
public enum OpKind {
    /** reads a location */
    READ(Access.READ, TargetKind.LOCATION),
    /** writes a location */
    WRITE(Access.WRITE, TargetKind.LOCATION),
    /** an atomic read-modify-write that always writes ({@code getAndIncrement}, {@code getAndSet}) */
    RMW(Access.READ_WRITE, TargetKind.LOCATION),
    /**
     * a compare-and-set that has not run yet: whether it writes is known only when it runs, so it is treated as a
     * write until then. An executed CAS is an event of kind {@link #CAS_SUCCESS} or {@link #CAS_FAILURE}.
     */
    CAS(Access.READ_WRITE, TargetKind.LOCATION),
    /** a compare-and-set that succeeded: a write */
    CAS_SUCCESS(Access.READ_WRITE, TargetKind.LOCATION),
    /** a compare-and-set that failed: only a read */
    CAS_FAILURE(Access.READ, TargetKind.LOCATION),
    /** takes the park permit of the running thread; enabled only while the permit is available */
    PARK(Access.READ_WRITE, TargetKind.LOCATION),
    /** makes the park permit of a thread available */
    UNPARK(Access.WRITE, TargetKind.LOCATION),
    /** waits for a thread to end (reads its liveness); enabled only once it has ended */
    JOIN(Access.READ, TargetKind.LOCATION),
    /** the last step of a thread (writes its own liveness) */
    END(Access.WRITE, TargetKind.LOCATION),

    /** acquires a lock or monitor (also the re-acquisition after a wait); enabled only while the lock is free */
    LOCK(Access.NONE, TargetKind.LOCK),
    /**
     * a lock operation that never blocks and may take the lock: {@code tryLock}, {@code tryAcquire}. As an executed
     * event it took the lock (one that did not is an {@link #OBSERVE_LOCK}). It is an acquisition; unlike a blocking
     * one it could also have run before the latest release, with another result, so the explorers reverse that order
     * too.
     */
    TRY_LOCK(Access.NONE, TargetKind.LOCK),
    /**
     * a lock operation that never blocks and leaves the lock as it is: a query of its state ({@code availablePermits},
     * {@code validate}, {@code tryOptimisticRead}), or a {@link #TRY_LOCK} that did not take the lock. It could run
     * before or after any other operation on the lock, with other results; two of them commute.
     */
    OBSERVE_LOCK(Access.NONE, TargetKind.LOCK),
    /** releases a lock or monitor */
    UNLOCK(Access.NONE, TargetKind.LOCK),
    /** releases a monitor and waits to be notified; the thread's next operation re-acquires the monitor */
    WAIT(Access.NONE, TargetKind.LOCK),
    /** wakes one waiter of a monitor */
    NOTIFY(Access.NONE, TargetKind.LOCK),
    /** wakes every waiter of a monitor */
    NOTIFY_ALL(Access.NONE, TargetKind.LOCK),

    /** starts a thread: happens-before its first step, depends on nothing */
    START(Access.NONE, TargetKind.THREAD),
    /** a hint that the thread is waiting for others ({@code yield}, {@code onSpinWait}, {@code sleep}): depends on nothing */
    YIELD(Access.NONE, TargetKind.NONE);

    /** How an operation accesses its location. */
    public enum Access {
        NONE, READ, WRITE, READ_WRITE;

        public boolean reads() {
            return this == READ || this == READ_WRITE;
        }

        public boolean writes() {
            return this == WRITE || this == READ_WRITE;
        }
    }

    /** What an operation of this kind targets. */
    public enum TargetKind { LOCATION, LOCK, THREAD, NONE }

    private final Access access;
    private final TargetKind targetKind;

    OpKind(Access access, TargetKind targetKind) {
        this.access = access;
        this.targetKind = targetKind;
    }

    public Access access() {
        return access;
    }

    public TargetKind targetKind() {
        return targetKind;
    }

    /** Whether this is a lock acquisition, blocking or not: the explorers reverse the order of two acquisitions. */
    public boolean acquires() {
        return this == LOCK || this == TRY_LOCK;
    }
}
