package dev.weft.samples.support;

import java.util.function.BooleanSupplier;

/** A thread that waits under a monitor until another announces itself: the shape of many watcher threads. */
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
}
