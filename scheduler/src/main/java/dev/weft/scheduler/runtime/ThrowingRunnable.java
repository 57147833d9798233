package dev.weft.scheduler.runtime;

/** A test body: the code the managed main thread runs in every execution. */
@FunctionalInterface
public interface ThrowingRunnable {
    void run() throws Throwable;
}
