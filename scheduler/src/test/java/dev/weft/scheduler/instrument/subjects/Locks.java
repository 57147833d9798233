package dev.weft.scheduler.instrument.subjects;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;

public class Locks {
    private final ReentrantLock lock = new ReentrantLock(); // mark:newLock
    private final Lock asLock = lock;
    private final Condition condition = lock.newCondition();

    public String useAll() throws InterruptedException {
        lock.lock(); // mark:lock
        condition.signal(); // mark:signal
        condition.signalAll(); // mark:signalAll
        condition.await(); // mark:await
        long left = condition.awaitNanos(1); // mark:awaitNanos
        boolean inTime = condition.await(1, TimeUnit.MILLISECONDS); // mark:awaitTimed
        boolean negative = condition.await(-1, TimeUnit.SECONDS); // mark:awaitNegative
        lock.unlock(); // mark:unlock
        boolean got = asLock.tryLock(); // mark:tryLock
        asLock.unlock(); // mark:asUnlock
        asLock.lockInterruptibly(); // mark:lockInterruptibly
        boolean held = lock.isHeldByCurrentThread();
        asLock.unlock(); // mark:lastUnlock
        return (left <= 0) + " " + inTime + " " + negative + " " + got + " " + held + " " + lock.isLocked();
    }
}
