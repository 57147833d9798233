package dev.weft.samples.support;

import java.util.function.BooleanSupplier;

/** A thread that waits under a monitor until another announces itself, and the announcing: many watchers' shape. */
public final class Announcements {

    private Announcements() {
    }

    /** Waits on {@code lock} until {@code announced} holds; returns early when interrupted. */
    public static void awaitUnder(Object lock, BooleanSupplier announced) {
        synchronized (lock) {
            while (!announced.getAsBoolean()) {
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    /** Announces under {@code lock}: makes the announcement, then wakes every thread waiting on the lock. */
    public static void announceUnder(Object lock, Runnable announcement) {
        synchronized (lock) {
            announcement.run();
            lock.notifyAll();
        }
    }
}
