package dev.weft.scheduler.model;

import java.util.List;
import java.util.Optional;

/**
 * One execution of a {@link Subject}, driven one step at a time. Every thread is stopped in front of its next visible
 * operation; {@link #step} lets exactly one of them perform it and run on to its next one.
 */
public interface Run extends AutoCloseable {

    /**
     * Every live thread (started and not yet ended) with its next operation, ordered by thread index. Empty when
     * every thread has ended, or when only daemon threads are left once the main thread has ended (as a JVM exits
     * then; see {@link #abandoned()}). Once {@link #failure()} reports something, the threads that did not fail are still
     * listed, stopped where they were.
     */
    List<PendingOperation> pending();

    /**
     * The thread's entry of {@link #pending()}, or {@code null} when that list would not hold it (the thread is not
     * live). An explorer replaying a schedule asks this of the one thread it steps, at every step, instead of the whole
     * list: a subject should answer in time that does not grow with the number of threads. The answer may differ from
     * {@link #pending()}'s only where that list is empty although threads are left, none of them enabled (idle pool
     * workers): then it may be a disabled entry. By default it is looked up in {@link #pending()}.
     */
    default PendingOperation pendingOf(ThreadId thread) {
        for (PendingOperation p : pending()) {
            if (p.thread().equals(thread)) {
                return p;
            }
        }
        return null;
    }

    /**
     * Lets the thread perform its pending operation, which must be enabled, and run on to its next visible operation
     * (or its end).
     *
     * @return the event it performed
     */
    Event step(ThreadId thread);

    /**
     * Runs the execution under a policy until it ends it: asks {@link StepPolicy#next} for a thread, steps it, hands
     * the event to {@link StepPolicy#performed}, and so on. Call it at most once, before any {@link #step}, from the
     * thread that started the run; exceptions of the policy are rethrown here. The default drives the run from the
     * calling thread; a subject may run the policy elsewhere (the JVM runtime runs it on its managed threads, so that
     * the thread that just stopped chooses the next one itself).
     */
    default void runWith(StepPolicy policy) {
        while (true) {
            ThreadId next = policy.next(this);
            if (next == null || !policy.performed(step(next))) {
                return;
            }
        }
    }

    /**
     * The threads left alive when the execution ended (its {@link #pending()} became empty while they were not done):
     * daemon threads, or a subject's threads that wait forever without being a deadlock (idle pool workers), each with
     * the operation it was about to perform; empty if none was. They are abandoned: an explorer may let them take a
     * few steps after the end, to see what they race with, but those steps are part of no execution.
     */
    default List<PendingOperation> abandoned() {
        return List.of();
    }

    /**
     * Whether an execution the explorer cuts off before its end (a sleep set left no thread worth moving) should still
     * be run to its end, each step by the first thread that can move, as part of no trace: a subject whose threads
     * have cleanup of their own to run (a test's {@code @AfterEach}) says yes. By default the run is closed at the cut.
     */
    default boolean finishesWhenCutOff() {
        return false;
    }

    /**
     * What a deadlock is, in the words that open its message when {@link #pending()} has no enabled operation: by
     * default that no thread can move; a subject may say more (that the test body had returned, and the threads
     * still blocked are leaked ones).
     */
    default String blockageHeadline() {
        return "no thread can move";
    }

    /**
     * Why no thread can move, when {@link #pending()} has no enabled operation: who waits for what and where, who
     * holds what, and the cycle of threads waiting for each other if there is one. Empty when the subject cannot say
     * more than the pending operations do.
     */
    default String describeBlockage() {
        return "";
    }

    /**
     * Every thread of the execution and what it is doing now (paused at an operation, running, ended), for messages
     * about runs that went other than expected. Empty when the subject has nothing to add to {@link #pending()}.
     */
    default String describeThreads() {
        return "";
    }

    /**
     * The state the execution is in now, for a stateful search that stops where an earlier execution has been
     * (Yang et al., SPIN 2008): equal to what every execution in the same state returns (shared memory, every thread's
     * position, locals and pending operation, the state of every modelled object) and unequal to what any execution in
     * another state returns. {@code null} when the subject cannot tell (a thread in code it does not see): such a state
     * is never taken for one seen before. By default {@code null}, so a stateful search of the subject is stateless.
     */
    default Object state() {
        return null;
    }

    /**
     * Whether the execution has run longer than the subject lets one run (its real time, not the steps it took): the
     * explorer then ends it with {@link FailureKind#TIME_LIMIT}. By default never.
     */
    default boolean overTime() {
        return false;
    }

    /** What {@link #overTime} measures against, in words for the failure's message. */
    default String timeLimit() {
        return "";
    }

    /**
     * Whether the execution, after the given number of steps, has filled the memory that keeps its record: the
     * explorer then ends it with {@link FailureKind#STEP_LIMIT} at the steps that fitted, rather than run out of
     * memory. By default never.
     */
    default boolean memoryFull(int steps) {
        return false;
    }

    /** What {@link #memoryFull} found, in words for the failure's message ("1,792 MB of 2,048 MB"). */
    default String memoryUse() {
        return "";
    }

    /** A failure observed so far in this execution; once present the execution is over. */
    Optional<SubjectFailure> failure();

    /** Ends the execution and releases everything it holds (threads are unwound, nothing leaks into the next run). */
    @Override
    void close();
}
