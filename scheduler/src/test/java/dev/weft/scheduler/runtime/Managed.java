package dev.weft.scheduler.runtime;

import dev.weft.scheduler.hooks.Hooks;

/** What instrumentation would add around a thread's {@code run()}: the run bracket. */
final class Managed {

    private Managed() {
    }

    /** A thread whose run is bracketed by {@code threadRunBegins/threadRunEnds}; the bracket swallows what escapes. */
    static Thread thread(Runnable body) {
        return new Thread() {
            @Override
            public void run() {
                Hooks.threadRunBegins(this);
                Throwable thrown = null;
                try {
                    body.run();
                } catch (Throwable t) {
                    thrown = t;
                }
                Hooks.threadRunEnds(this, thrown);
            }
        };
    }
}
