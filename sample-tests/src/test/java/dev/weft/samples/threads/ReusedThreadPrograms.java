package dev.weft.samples.threads;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.junit.KeepAcrossExecutions;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What a test sees of its {@code new Thread(...)} when Weft runs it as a continuation or on a reused platform thread:
 * the life cycle of a real thread. Run by {@link ReusedThreadTest}; each program also runs with
 * {@code weft.reuseThreads=false}, where the threads are new ones, and must behave the same.
 */
class ReusedThreadPrograms {

    static final class Box {
        int value;
    }

    /** NEW until started, TERMINATED once joined; the name given, and itself as the current thread while it runs. */
    @ExhaustiveConcurrency
    void aThreadHasTheLifeCycleOfARealOne() throws InterruptedException {
        Box box = new Box();
        AtomicReference<Thread> current = new AtomicReference<>();
        AtomicReference<String> name = new AtomicReference<>();
        Thread worker = new Thread(() -> {
            current.set(Thread.currentThread());
            name.set(Thread.currentThread().getName());
            box.value = 1;
        }, "worker");

        assertThat(worker.getState()).isEqualTo(Thread.State.NEW);
        assertThat(worker.isAlive()).isFalse();
        assertThat(worker.getName()).isEqualTo("worker");
        worker.join(); // not started: returns at once
        worker.start();
        assertThatThrownBy(worker::start).isInstanceOf(IllegalThreadStateException.class);
        worker.join();

        assertThat(worker.getState()).isEqualTo(Thread.State.TERMINATED);
        assertThat(worker.isAlive()).isFalse();
        assertThat(current.get()).isSameAs(worker);
        assertThat(name.get()).isEqualTo("worker");
        assertThat(box.value).isEqualTo(1);
    }

    /** The daemon flag is inherited, can be changed before the start and not after it. */
    @ExhaustiveConcurrency
    void theDaemonFlagCanBeSetOnlyBeforeTheStart() throws InterruptedException {
        Thread worker = new Thread(() -> { });
        assertThat(worker.isDaemon()).isEqualTo(Thread.currentThread().isDaemon());
        worker.setDaemon(false);
        assertThat(worker.isDaemon()).isFalse();
        worker.setDaemon(true);
        assertThat(worker.isDaemon()).isTrue();
        worker.start();
        assertThatThrownBy(() -> worker.setDaemon(false)).isInstanceOf(IllegalThreadStateException.class);
        worker.join();
    }

    /** An interrupt before the start is kept for the thread's {@code run()}, as on a real thread. */
    @ExhaustiveConcurrency
    void anInterruptBeforeTheStartReachesTheThread() throws InterruptedException {
        AtomicReference<Boolean> interrupted = new AtomicReference<>();
        Thread worker = new Thread(() -> interrupted.set(Thread.currentThread().isInterrupted()));
        worker.interrupt();
        assertThat(worker.isInterrupted()).isTrue();
        worker.start();
        worker.join();
        assertThat(interrupted.get()).isTrue();
    }

    /** {@code run()} called as a plain method runs the task in the caller. */
    @ExhaustiveConcurrency
    void runCalledAsAMethodRunsInTheCaller() {
        AtomicReference<Thread> ranOn = new AtomicReference<>();
        Thread worker = new Thread(() -> ranOn.set(Thread.currentThread()));
        worker.run();
        assertThat(ranOn.get()).isSameAs(Thread.currentThread());
        assertThat(worker.getState()).isEqualTo(Thread.State.NEW);
    }

    /** A thread calling its own {@code run()} runs its task again, in itself. */
    @ExhaustiveConcurrency
    void aThreadCallingItsOwnRunRunsItsTaskAgain() throws InterruptedException {
        AtomicInteger runs = new AtomicInteger();
        Thread worker = new Thread(() -> {
            if (runs.incrementAndGet() == 1) {
                Thread.currentThread().run();
            }
        });
        worker.start();
        worker.join();
        assertThat(runs).hasValue(2);
    }

    /** Appends to what it inherits, so a value copied twice on the way to the child would show. */
    static final InheritableThreadLocal<String> TRAIL = new InheritableThreadLocal<>() {
        @Override
        protected String childValue(String parentValue) {
            return parentValue + ">child";
        }
    };

    /** A child's inheritable values are copied once, when it is constructed, with {@code childValue}. */
    @ExhaustiveConcurrency
    void inheritableValuesAreCopiedOnceWhenTheThreadIsConstructed() throws InterruptedException {
        TRAIL.set("main");
        AtomicReference<String> seen = new AtomicReference<>();
        Thread worker = new Thread(() -> seen.set(TRAIL.get()));
        TRAIL.set("main, changed after the child was constructed");
        worker.start();
        worker.join();
        assertThat(seen.get()).isEqualTo("main>child");
    }

    /** Two threads of one execution are two objects, even when the first has ended before the second is made. */
    @ExhaustiveConcurrency
    void aThreadThatEndedIsNotHandedOutAgainInTheSameExecution() throws InterruptedException {
        Thread first = new Thread(() -> { });
        first.start();
        first.join();
        Thread second = new Thread(() -> { });
        assertThat(second).isNotSameAs(first);
        assertThat(first.getState()).isEqualTo(Thread.State.TERMINATED);
        assertThat(second.getState()).isEqualTo(Thread.State.NEW);
        second.start();
        second.join();
    }

    /** The last worker of {@link #anUncaughtExceptionReachesTheThreadsHandler}, and whom its handler was called for. */
    @KeepAcrossExecutions
    static final AtomicReference<Thread> LAST_WORKER = new AtomicReference<>();
    @KeepAcrossExecutions
    static final AtomicReference<Thread> HANDLED_FOR = new AtomicReference<>();

    /**
     * What escapes a thread's {@code run()} goes to its uncaught-exception handler, with the test's thread object; the
     * handler takes it, as on a JVM, and the test passes.
     */
    @ExhaustiveConcurrency
    void anUncaughtExceptionReachesTheThreadsHandler() throws InterruptedException {
        Thread worker = new Thread(() -> {
            throw new IllegalStateException("the worker failed");
        });
        LAST_WORKER.set(worker);
        worker.setUncaughtExceptionHandler((thread, thrown) -> HANDLED_FOR.set(thread));
        worker.start();
        worker.join();
    }

    /** Whether the worker and the test body ran in a continuation, in that order: written by the last execution. */
    @KeepAcrossExecutions
    static final List<Boolean> IN_CONTINUATION = new CopyOnWriteArrayList<>();

    /** Records, for a worker and then for the test body, whether the JDK's continuations are on its stack. */
    @ExhaustiveConcurrency
    void recordsWhetherItsThreadsRunInAContinuation() throws InterruptedException {
        IN_CONTINUATION.clear();
        Thread worker = new Thread(() -> IN_CONTINUATION.add(inContinuation()));
        worker.start();
        worker.join();
        IN_CONTINUATION.add(inContinuation());
    }

    /** As {@link #recordsWhetherItsThreadsRunInAContinuation}, then fails: for its replay. */
    @ExhaustiveConcurrency
    void recordsWhetherItsThreadsRunInAContinuationThenFails() throws InterruptedException {
        recordsWhetherItsThreadsRunInAContinuation();
        throw new IllegalStateException("recorded");
    }

    /** Every thread {@link #startsTwoRacingThreads} started, weakly: a thread Weft still holds after its execution leaks. */
    @KeepAcrossExecutions
    static final List<WeakReference<Thread>> STARTED = new CopyOnWriteArrayList<>();

    /** Two threads write one field in either order: 2 traces, two threads started in each. */
    @ExhaustiveConcurrency
    void startsTwoRacingThreads() throws InterruptedException {
        Box box = new Box();
        Thread first = new Thread(() -> box.value = 1);
        Thread second = new Thread(() -> box.value = 2);
        STARTED.add(new WeakReference<>(first));
        STARTED.add(new WeakReference<>(second));
        first.start();
        second.start();
        first.join();
        second.join();
    }

    /** Every thread {@link #startsAHundredThreads} started, in every execution. */
    @KeepAcrossExecutions
    static final List<Thread> HUNDRED = new CopyOnWriteArrayList<>();

    /** A hundred threads, two of which write one field in either order: 2 traces, a hundred threads started in each. */
    @ExhaustiveConcurrency
    void startsAHundredThreads() throws InterruptedException {
        Box box = new Box();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            int value = i;
            Thread thread = new Thread(value < 2 ? () -> box.value = value : () -> { });
            HUNDRED.add(thread);
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
    }

    private static boolean inContinuation() {
        return Arrays.stream(new Throwable().getStackTrace())
                .anyMatch(frame -> frame.getClassName().equals("jdk.internal.vm.Continuation"));
    }
}
