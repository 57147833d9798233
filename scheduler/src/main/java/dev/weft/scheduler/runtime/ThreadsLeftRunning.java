package dev.weft.scheduler.runtime;

/**
 * Thrown by {@link JvmSubject#start} once an execution that failed has left threads running, which closing it could
 * not stop (stuck in code the scheduler does not control, deaf to interrupts): no further execution starts beside
 * them. {@link JvmSubject#threadsLeftRunning} says which.
 */
public final class ThreadsLeftRunning extends IllegalStateException {

    ThreadsLeftRunning(String threads) {
        super("an earlier execution failed and left threads running, so no further execution starts: " + threads);
    }
}
