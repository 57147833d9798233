package dev.weft.junit.internal;

import dev.weft.scheduler.runtime.fibers.InlineCarrying;

import java.io.IOException;

/**
 * Runs an exploration on a daemon thread of its own, which carries its executions' fibers itself
 * ({@link InlineCarrying}): an execution then wakes no OS thread. The calling thread (JUnit's) waits for it, passes
 * JUnit's timeout on to it as an interrupt, and gives it up if it gets stuck in the test's code for good: a thread
 * that may be abandoned is what carrying inline needs, and JUnit's own thread is not one.
 */
final class ExplorationThread {

    /** How often the waiting thread looks whether the exploring one was given up. */
    private static final long LOOK_MILLIS = 20;

    /** An exploration, as the session runs it. */
    interface Exploration<T> {
        T run() throws IOException;
    }

    /**
     * @param value       what the exploration returned
     * @param lostBecause why the exploring thread was given up (then {@code value} is {@code null}), else
     *                    {@code null}
     */
    record Outcome<T>(T value, String lostBecause) {
    }

    private ExplorationThread() {
    }

    /** Runs {@code exploration} on a new exploring thread and waits for its end, or for it to be given up. */
    static <T> Outcome<T> run(Exploration<T> exploration) throws IOException {
        InlineCarrying carrying = new InlineCarrying();
        Object[] value = new Object[1];
        Throwable[] thrown = new Throwable[1];
        Thread thread = new Thread(() -> {
            carrying.install();
            try {
                value[0] = exploration.run();
            } catch (Throwable t) {
                thrown[0] = t;
            } finally {
                carrying.uninstall();
            }
        }, "weft-exploration");
        thread.setDaemon(true); // given up, it must not keep the JVM from exiting
        thread.start();
        boolean interrupted = false;
        try {
            while (thread.isAlive()) {
                try {
                    thread.join(LOOK_MILLIS);
                } catch (InterruptedException e) {
                    interrupted = true;
                    thread.interrupt(); // JUnit's timeout: the exploration stops as it would on this thread
                }
                String lost = carrying.lostBecause();
                if (lost != null) {
                    return new Outcome<>(null, lost);
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        Throwable failure = thrown[0];
        if (failure instanceof IOException io) {
            throw io;
        }
        if (failure instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (failure instanceof Error error) {
            throw error;
        }
        if (failure != null) {
            throw new IllegalStateException(failure);
        }
        @SuppressWarnings("unchecked")
        T result = (T) value[0];
        return new Outcome<>(result, null);
    }
}
