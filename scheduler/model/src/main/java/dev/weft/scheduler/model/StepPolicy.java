package dev.weft.scheduler.model;

/**
 * Decides an execution step by step: {@link Run#runWith} asks it which thread moves next and tells it what that
 * thread did. A subject may call it on any thread (the JVM runtime calls it on the managed thread that just reached a
 * scheduling point), but never on two threads at once, and every call happens-after the previous one.
 */
public interface StepPolicy {

    /**
     * Chooses the next step while every thread is stopped; may read {@link Run#pending()}, {@link Run#failure()} and
     * {@link Run#describeBlockage()}.
     *
     * @return the thread to step (its pending operation must be enabled), or {@code null} to end the execution
     */
    ThreadId next(Run run);

    /**
     * The event the chosen thread performed.
     *
     * @return whether the execution goes on
     */
    boolean performed(Event event);
}
