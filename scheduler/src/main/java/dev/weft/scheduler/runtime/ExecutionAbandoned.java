package dev.weft.scheduler.runtime;

/**
 * Thrown out of a scheduling point when the execution is closed before the thread ended, so that the thread unwinds
 * through the user's code and terminates. An {@link Error} so that ordinary {@code catch (Exception e)} blocks do not
 * swallow it; no stack trace, because it is thrown once per abandoned thread in every execution.
 */
public final class ExecutionAbandoned extends Error {

    public static final ExecutionAbandoned INSTANCE = new ExecutionAbandoned();

    private ExecutionAbandoned() {
        super("the execution was closed before this thread ended", null, false, false);
    }
}
