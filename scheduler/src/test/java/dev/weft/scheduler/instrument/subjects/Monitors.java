package dev.weft.scheduler.instrument.subjects;

public class Monitors {
    private final Object lock = new Object();
    public int value;

    public boolean block() {
        synchronized (lock) { value++; return Thread.holdsLock(lock); } // mark:block
    }

    public void throwInside() {
        synchronized (lock) { throw new IllegalStateException("inside"); } // mark:throwInside
    }

    public boolean isLockFree() throws InterruptedException {
        boolean[] free = new boolean[1];
        Thread probe = new Thread(() -> {
            synchronized (lock) { free[0] = true; }
        });
        probe.start();
        probe.join(5_000);
        return free[0];
    }

    public synchronized int syncInc() {
        return ++value; // mark:syncBody
    }

    public synchronized void syncThrow() {
        throw new IllegalStateException("sync"); // mark:syncThrow
    }

    public int callsSync() {
        return syncInc(); // mark:callSync
    }

    public String callsSyncThrow() {
        try {
            syncThrow(); // mark:callSyncThrow
            return "returned";
        } catch (IllegalStateException e) {
            return e.getMessage();
        }
    }

    public static synchronized int syncStatic() {
        return 5;
    }

    public static int callsSyncStatic() {
        return syncStatic(); // mark:callSyncStatic
    }

    public void waitAndNotify() throws InterruptedException {
        synchronized (lock) {
            lock.notify(); // mark:notify
            lock.notifyAll(); // mark:notifyAll
            lock.wait(); // mark:wait
            lock.wait(1); // mark:waitMillis
            lock.wait(0, 1); // mark:waitNanos
        }
    }
}
