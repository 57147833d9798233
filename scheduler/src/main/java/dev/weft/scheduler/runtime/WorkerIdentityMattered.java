package dev.weft.scheduler.runtime;

/**
 * Thrown by {@link JvmSubject#start()} once an execution showed that the idle workers of a pool were not
 * interchangeable after all (a task looked at the thread it runs on): the exploration that assumed they were is
 * abandoned, and the caller explores again with {@code RuntimeSettings.withInterchangeableIdleWorkers(false)}.
 */
public final class WorkerIdentityMattered extends RuntimeException {

    WorkerIdentityMattered() {
        super("a thread of the test looked at its identity while idle pool workers were taken as interchangeable",
                null, false, false);
    }
}
