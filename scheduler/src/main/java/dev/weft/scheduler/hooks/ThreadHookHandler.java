package dev.weft.scheduler.hooks;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The thread hooks, one family of {@link HookHandlers}: the life cycle of threads, their identity, interrupts and
 * thread-local values, and the lists of live threads. The default methods do exactly what the uninstrumented code
 * would have done, without control.
 */
public interface ThreadHookHandler {

    /** Replaces {@code Thread.start()}. */
    default void threadStart(Thread thread, int site) {
        thread.start();
    }

    /** Replaces {@code Thread.join(millis)}; {@code 0} waits without timeout. */
    default void threadJoin(Thread thread, long millis, int site) throws InterruptedException {
        thread.join(millis);
    }

    /**
     * Replaces {@code unit.timedJoin(thread, timeout)}: by default {@link #threadJoin} with the timeout in milliseconds,
     * rounded up as {@code join(millis, nanos)} rounds; nothing when it is not positive, as the JDK does.
     */
    default void timeUnitTimedJoin(TimeUnit unit, Thread thread, long timeout, int site) throws InterruptedException {
        if (timeout > 0) {
            long nanos = unit.toNanos(timeout);
            long millis = TimeUnit.NANOSECONDS.toMillis(nanos);
            threadJoin(thread, nanos % 1_000_000 == 0 ? millis : millis + 1, site);
        }
    }

    /** Replaces {@code Thread.Builder.start(task)} (JDK 21+: platform and virtual builders). */
    default Thread threadBuilderStart(Object builder, Runnable task, int site) {
        return ThreadBuilders.start(builder, task);
    }

    /** Replaces {@code Thread.startVirtualThread(task)} (JDK 21+). */
    default Thread startVirtualThread(Runnable task, int site) {
        return ThreadBuilders.start(ThreadBuilders.ofVirtual(), task);
    }

    /**
     * Replaces {@code Thread.join(Duration)} (JDK 19+): waits at most that long (not at all when it is not
     * positive), then tells whether the thread has terminated.
     */
    default boolean threadJoinFor(Thread thread, Duration duration, int site) throws InterruptedException {
        if (thread.getState() == Thread.State.NEW) {
            throw new IllegalThreadStateException("Thread not started");
        }
        long nanos = TimeUnit.NANOSECONDS.convert(duration);
        if (nanos > 0) {
            thread.join(nanos / 1_000_000, (int) (nanos % 1_000_000));
        }
        return thread.getState() == Thread.State.TERMINATED;
    }

    /** Replaces {@code Thread.yield()}. */
    default void threadYield(int site) {
        Thread.yield();
    }

    /** Replaces {@code Thread.onSpinWait()}. */
    default void onSpinWait(int site) {
        Thread.onSpinWait();
    }

    /** Replaces {@code Thread.isAlive()}. */
    default boolean threadIsAlive(Thread thread, int site) {
        return thread.isAlive();
    }

    /**
     * Follows {@code new Thread(runnable)}, {@code new Thread(runnable, name)}, {@code new Thread(name)} and
     * {@code new Thread()}: the thread the code goes on with, the one constructed or another that stands in for it.
     */
    default Thread threadConstructed(Thread thread, int site) {
        return thread;
    }

    /** Replaces {@code Thread.getState()}. */
    default Thread.State threadGetState(Thread thread, int site) {
        return thread.getState();
    }

    /** The number of a default thread name ({@code "Thread-" + n}), given the JDK's. */
    default int threadNumber(int jdkNumber) {
        return jdkNumber;
    }

    /** Replaces {@code Thread.getId()} and {@code Thread.threadId()}. */
    @SuppressWarnings("deprecation") // threadId() is JDK 19+; getId() answers the same
    default long threadId(Thread thread, int site) {
        return thread.getId();
    }

    /** Replaces {@code Thread.isDaemon()}. */
    default boolean threadIsDaemon(Thread thread, int site) {
        return thread.isDaemon();
    }

    /** Replaces {@code Thread.setDaemon(on)}. */
    default void threadSetDaemon(Thread thread, boolean on, int site) {
        thread.setDaemon(on);
    }

    /** Replaces {@code Thread.interrupt()}. */
    default void threadInterrupt(Thread thread, int site) {
        thread.interrupt();
    }

    /** Replaces {@code Thread.isInterrupted()}. */
    default boolean threadIsInterrupted(Thread thread, int site) {
        return thread.isInterrupted();
    }

    /** Replaces {@code Thread.interrupted()}. */
    default boolean threadInterrupted(int site) {
        return Thread.interrupted();
    }

    /** When a thread's {@code run()} begins. */
    default void threadRunBegins(Thread thread) {
    }

    /** When a thread's {@code run()} ends, normally ({@code thrown == null}) or by a throwable. */
    default void threadRunEnds(Thread thread, Throwable thrown) {
    }

    /**
     * In place of {@code JavaLangAccess.start(thread, container)} in instrumented JDK executors (how Java 21+ starts
     * their threads): starts the thread itself and answers {@code true}, or answers {@code false} and the JDK's own
     * call runs.
     */
    default boolean startsManagedThread(Thread thread, int site) {
        return false;
    }

    /**
     * Replaces {@code Thread.enumerate(array)}, which sees every live thread of the caller's group in the JVM: a
     * handler that runs executions answers with the execution's own.
     */
    default int threadEnumerate(Thread[] threads, int site) {
        return Thread.enumerate(threads);
    }

    /** Replaces {@code Thread.activeCount()}. */
    default int threadActiveCount(int site) {
        return Thread.activeCount();
    }

    /** Replaces {@code Thread.getAllStackTraces()}. */
    default java.util.Map<Thread, StackTraceElement[]> allStackTraces(int site) {
        return Thread.getAllStackTraces();
    }

    /**
     * Replaces {@code Thread.currentThread()} in the test's code (not in the JDK's): the code looks at which thread it
     * runs on.
     */
    default Thread currentThread(int site) {
        return Thread.currentThread();
    }

    /** Replaces {@code ThreadLocal.get()} in the test's code: a value of the current thread's own. */
    default Object threadLocalGet(ThreadLocal<Object> local, int site) {
        return local.get();
    }

    /** Replaces {@code ThreadLocal.set(value)} in the test's code. */
    default void threadLocalSet(ThreadLocal<Object> local, Object value, int site) {
        local.set(value);
    }

    /** Replaces {@code ThreadLocal.remove()} in the test's code. */
    default void threadLocalRemove(ThreadLocal<Object> local, int site) {
        local.remove();
    }
}
