package dev.weft.scheduler.runtime;

import dev.weft.scheduler.hooks.Hooks;

/** What instrumentation would add around a thread's {@code run()}: the run bracket. */
final class Managed {

    private Managed() {
    }

    /**
     * A thread whose run is bracketed by {@code threadRunBegins/threadRunEnds}; the bracket swallows what escapes. Not
     * a daemon thread, as a test's thread made by a test thread is not: without the instrumented {@code Thread}
     * constructor it would inherit the flag of the carrier it is made on.
     */
    static Thread thread(Runnable body) {
        Thread thread = new Thread() {
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
        thread.setDaemon(false);
        return thread;
    }
}
