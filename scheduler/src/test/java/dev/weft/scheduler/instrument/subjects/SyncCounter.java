package dev.weft.scheduler.instrument.subjects;

/** Synchronized methods, for a class loaded after installation (stripped) or before it (retransformed). */
public class SyncCounter {
    private static int total;
    public int value;

    public synchronized int increment() {
        return ++value; // mark:incrementBody
    }

    public static synchronized int incrementStatic() {
        return ++total; // mark:incrementStaticBody
    }

    public synchronized void fail() {
        throw new IllegalStateException("failed inside"); // mark:failBody
    }

    public synchronized boolean holdsOwnMonitor() {
        return Thread.holdsLock(this); // mark:holdsOwnMonitor
    }
}
