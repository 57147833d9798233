package com.example;

/** Tells its listener about the first event only. Not thread-safe: check-then-act on {@code sent}. */
public class Notifier {

    /** Who hears about the event. */
    public interface Listener {
        void onEvent(String name);
    }

    private final Listener listener;
    private boolean sent;

    public Notifier(Listener listener) {
        this.listener = listener;
    }

    public void notifyOnce(String name) {
        if (!sent) {
            sent = true;
            listener.onEvent(name);
        }
    }
}
