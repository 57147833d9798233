package dev.weft.scheduler.runtime;

import dev.weft.scheduler.runtime.fibers.Continuations;
import dev.weft.scheduler.runtime.fibers.Fibers;
import dev.weft.scheduler.runtime.pools.NeutralTakes;
import dev.weft.scheduler.runtime.pools.PoolModel;
import dev.weft.scheduler.runtime.threads.Carrier;
import dev.weft.scheduler.runtime.threads.CoreKeeper;
import dev.weft.scheduler.runtime.time.Timeouts;

import java.time.Duration;

/**
 * How the JVM runtime behaves.
 *
 * @param watchdogTimeout how long a thread that was let run may take to reach its next scheduling point before the
 *                        execution fails with {@code UNCONTROLLED_BLOCKING}; also the bound on unwinding at close
 * @param spinDetection   whether a thread that repeats a read-only loop iteration that observed nothing new is held
 *                        back until another thread changes what it read (see {@code docs/design/runtime.md})
 * @param detailFrom      the first event (from 0) that records its thread's stack and the value a field, array
 *                        element or atomic access read or wrote, {@link #NO_DETAIL} for none: costly, so only for
 *                        replaying a failing execution to report it, and only its latest steps (a stack per step of
 *                        an execution of a million steps ran out of a 2 GB heap)
 * @param timeouts        when a timed operation may time out
 * @param reuseThreads    whether the main thread and the test's {@code new Thread(runnable)} run on platform threads
 *                        reused across executions ({@link Carrier}) instead of new ones
 * @param keepCoreAwake   whether a second CPU is kept busy while executions run, so that hand-offs between threads do
 *                        not wait for an idle CPU to wake ({@link CoreKeeper})
 * @param interchangeableIdleWorkers whether a pool worker's take of a task that orders nothing the task's submission
 *                        did not (a neutral take, {@link NeutralTakes}) is left unexplored against the other workers'
 *                        while no code the test runs looks at a thread's identity ({@link PoolModel#takenBy}); the
 *                        name is the configuration key's
 * @param spuriousWakeups whether an untimed {@code wait}, {@code Condition.await} or {@code park} may also return
 *                        without being woken, as the JVM allows, once per thread and execution, while another
 *                        thread could move ({@link SpuriousWakeUp})
 * @param continuations   whether, where the JDK allows it ({@link Continuations}: JDK 24 on, with the instrumentation
 *                        installed), the main thread and the threads the test starts run as continuations on one
 *                        platform thread ({@link Fibers}), so that a hand-off wakes no OS thread
 * @param executionTimeLimit the longest one execution may run before the explorer ends it with {@code TIME_LIMIT}: a
 *                        loop whose turns are slow in real time (a {@code System.gc()} in each) would pass no step
 *                        limit for hours
 */
public record RuntimeSettings(Duration watchdogTimeout, boolean spinDetection, int detailFrom,
                              Timeouts timeouts, boolean reuseThreads, boolean keepCoreAwake,
                              boolean interchangeableIdleWorkers, boolean spuriousWakeups, boolean continuations,
                              Duration executionTimeLimit) {

    /** {@link #executionTimeLimit} when an execution may run as long as it takes. */
    public static final Duration NO_TIME_LIMIT = Duration.ofNanos(Long.MAX_VALUE);
    /** {@link #detailFrom} when no event records detail. */
    public static final int NO_DETAIL = Integer.MAX_VALUE;

    public RuntimeSettings {
        requirePositive(watchdogTimeout, "watchdog timeout");
        requirePositive(executionTimeLimit, "execution time limit");
        if (detailFrom < 0) {
            throw new IllegalArgumentException("first event with detail must not be negative but was " + detailFrom);
        }
        if (timeouts == null) {
            throw new IllegalArgumentException("timeout policy must not be null");
        }
    }

    private static void requirePositive(Duration duration, String what) {
        if (duration == null || duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException(what + " must be positive but was " + duration);
        }
    }

    /**
     * Whether this JDK is one whose continuations Weft runs managed threads on ({@link Continuations}: JDK 24 on), as
     * far as its version tells; without loading them, which needs the instrumentation installed.
     */
    public static boolean continuationsPossibleOnThisJdk() {
        return Continuations.releasedInThisJdk();
    }

    /**
     * Ten seconds of watchdog, spin detection on, no detail recorded, timeouts only when every other thread is
     * blocked, threads reused, a second CPU kept awake, idle workers interchangeable, no spurious wake-ups,
     * continuations where the JDK allows them.
     */
    public static RuntimeSettings defaults() {
        return new RuntimeSettings(Duration.ofSeconds(10), true, NO_DETAIL, Timeouts.WHEN_BLOCKED, true, true, true,
                false, true, NO_TIME_LIMIT);
    }

    public RuntimeSettings withWatchdogTimeout(Duration timeout) {
        return new RuntimeSettings(timeout, spinDetection, detailFrom, timeouts, reuseThreads, keepCoreAwake,
                interchangeableIdleWorkers, spuriousWakeups, continuations, executionTimeLimit);
    }

    public RuntimeSettings withSpinDetection(boolean enabled) {
        return new RuntimeSettings(watchdogTimeout, enabled, detailFrom, timeouts, reuseThreads, keepCoreAwake,
                interchangeableIdleWorkers, spuriousWakeups, continuations, executionTimeLimit);
    }

    public RuntimeSettings withDetailFrom(int firstEvent) {
        return new RuntimeSettings(watchdogTimeout, spinDetection, firstEvent, timeouts, reuseThreads, keepCoreAwake,
                interchangeableIdleWorkers, spuriousWakeups, continuations, executionTimeLimit);
    }

    public RuntimeSettings withTimeouts(Timeouts policy) {
        return new RuntimeSettings(watchdogTimeout, spinDetection, detailFrom, policy, reuseThreads, keepCoreAwake,
                interchangeableIdleWorkers, spuriousWakeups, continuations, executionTimeLimit);
    }

    public RuntimeSettings withReuseThreads(boolean enabled) {
        return new RuntimeSettings(watchdogTimeout, spinDetection, detailFrom, timeouts, enabled, keepCoreAwake,
                interchangeableIdleWorkers, spuriousWakeups, continuations, executionTimeLimit);
    }

    public RuntimeSettings withKeepCoreAwake(boolean enabled) {
        return new RuntimeSettings(watchdogTimeout, spinDetection, detailFrom, timeouts, reuseThreads, enabled,
                interchangeableIdleWorkers, spuriousWakeups, continuations, executionTimeLimit);
    }

    public RuntimeSettings withInterchangeableIdleWorkers(boolean enabled) {
        return new RuntimeSettings(watchdogTimeout, spinDetection, detailFrom, timeouts, reuseThreads,
                keepCoreAwake, enabled, spuriousWakeups, continuations, executionTimeLimit);
    }

    public RuntimeSettings withSpuriousWakeups(boolean enabled) {
        return new RuntimeSettings(watchdogTimeout, spinDetection, detailFrom, timeouts, reuseThreads,
                keepCoreAwake, interchangeableIdleWorkers, enabled, continuations, executionTimeLimit);
    }

    /**
     * The longest one execution may run: past it, the explorer ends it with {@code TIME_LIMIT}
     * ({@link JvmRun#overTime}). {@link #NO_TIME_LIMIT} for none.
     */
    public RuntimeSettings withExecutionTimeLimit(Duration limit) {
        return new RuntimeSettings(watchdogTimeout, spinDetection, detailFrom, timeouts, reuseThreads,
                keepCoreAwake, interchangeableIdleWorkers, spuriousWakeups, continuations, limit);
    }

    public RuntimeSettings withContinuations(boolean enabled) {
        return new RuntimeSettings(watchdogTimeout, spinDetection, detailFrom, timeouts, reuseThreads,
                keepCoreAwake, interchangeableIdleWorkers, spuriousWakeups, enabled, executionTimeLimit);
    }
}
