package dev.weft.scheduler.instrument.subjects;

import java.util.concurrent.locks.LockSupport;

public class Parking {
    public static final Object BLOCKER = "blocker";

    public static void parkWithPermits() {
        LockSupport.unpark(Thread.currentThread()); // mark:unpark
        LockSupport.park(); // mark:park
        LockSupport.unpark(Thread.currentThread()); // mark:unparkAgain
        LockSupport.park(BLOCKER); // mark:parkBlocker
        LockSupport.parkNanos(1); // mark:parkNanos
        LockSupport.parkNanos(BLOCKER, -5); // mark:parkNegative
    }
}
