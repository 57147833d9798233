package dev.weft.scheduler.runtime;

import dev.weft.scheduler.hooks.Hooks;
import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.FailureKind;
import dev.weft.scheduler.model.Run;
import dev.weft.scheduler.model.StepPolicy;
import dev.weft.scheduler.model.SubjectFailure;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.ThreadId;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;

import static org.assertj.core.api.Assertions.assertThat;

class WatchdogTest {

    private static final int START = TestSite.at("start");
    private static final int ENTER = TestSite.at("monitorenter");
    private static final int EXIT = TestSite.at("monitorexit");
    private static final int WAIT = TestSite.at("wait");
    private static final int WRITE = TestSite.at("value");

    private static final RuntimeSettings QUICK = RuntimeSettings.defaults().withWatchdogTimeout(Duration.ofMillis(300));

    @Test
    void aThreadBlockedInAnUninstrumentedLatchFailsTheRunWithItsStack() {
        JvmSubject subject = new JvmSubject(() -> {
            Hooks.fieldWrite(new Object(), WRITE);
            new CountDownLatch(1).await();
        }, QUICK);
        long started = System.nanoTime();
        try (JvmRun run = subject.start()) {
            run.step(new ThreadId(0, "main"));

            assertThat(run.failure()).hasValueSatisfying(failure -> {
                assertThat(failure.kind()).isEqualTo(FailureKind.UNCONTROLLED_BLOCKING);
                assertThat(failure.thread()).isEqualTo(new ThreadId(0, "main"));
                assertThat(failure.message())
                        .contains("thread main did not reach its next scheduling point within 300 ms after write")
                        .contains("WatchdogTest.java:")
                        .contains("it is WAITING")
                        .contains("at java.base").contains("java.util.concurrent.CountDownLatch.await(");
            });
        }
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void aChildThatNeverReachesItsFirstHookIsReported() {
        JvmSubject subject = new JvmSubject(() -> {
            Thread unbracketed = new Thread(() -> {
                while (!Thread.currentThread().isInterrupted()) {
                    Thread.onSpinWait();
                }
            });
            Hooks.threadStart(unbracketed, START);
        }, QUICK);
        try (JvmRun run = subject.start()) {
            run.step(new ThreadId(0, "main"));

            assertThat(run.failure()).hasValueSatisfying(failure -> {
                assertThat(failure.thread()).isEqualTo(new ThreadId(1, "main.1"));
                assertThat(failure.message()).contains("after it was started at WatchdogTest.java:");
            });
        }
    }

    /**
     * Instrumentation that keeps the real monitor of a synchronized method: the waiter holds it across the model
     * wait, and the notifier blocks on it in the JVM. Reported at once, not after the timeout.
     */
    @Test
    void aWaitInsideARealMonitorReleasesItForTheOtherThreads() {
        // Like wait() in a synchronized method: the JVM holds the real monitor (the instrumentation keeps it and
        // announces the call), and the waiter must let it go while it is descheduled.
        JvmSubject subject = new JvmSubject(() -> {
            Object shared = new Object();
            Thread waiter = Managed.thread(() -> {
                synchronized (shared) {
                    Hooks.monitorEnter(shared, ENTER);
                    try {
                        Hooks.objectWait(shared, 0, 0, WAIT);
                    } catch (InterruptedException e) {
                        throw new AssertionError(e);
                    }
                    Hooks.monitorExit(shared, EXIT);
                }
            });
            Thread notifier = Managed.thread(() -> {
                Hooks.fieldWrite(shared, WRITE);
                synchronized (shared) {
                    Hooks.monitorEnter(shared, ENTER);
                    Hooks.objectNotify(shared, WAIT);
                    Hooks.monitorExit(shared, EXIT);
                }
            });
            Hooks.threadStart(waiter, START);
            Hooks.threadStart(notifier, START);
        }, RuntimeSettings.defaults());
        long started = System.nanoTime();
        try (JvmRun run = subject.start()) {
            ThreadId main = new ThreadId(0, "main");
            ThreadId waiter = new ThreadId(1, "main.1");
            ThreadId notifier = new ThreadId(2, "main.2");
            run.step(main);
            run.step(main);
            run.step(waiter); // lock
            run.step(waiter); // wait: releases the model monitor, and the real one while paused
            int steps = 0;
            while (!run.pending().isEmpty() && run.failure().isEmpty() && steps++ < 50) {
                PendingOperation next = run.pending().stream().filter(PendingOperation::enabled).findFirst()
                        .orElseThrow(() -> new AssertionError("nobody can move: " + run.describeBlockage()));
                run.step(next.thread());
            }
            assertThat(run.failure()).isEmpty();
            assertThat(run.pending()).as("every thread ended").isEmpty();
            assertThat(steps).as("the notifier took the monitor and woke the waiter").isGreaterThan(4);
        }
        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void aThreadBlockedOnARealMonitorThatAPausedThreadHoldsIsReportedBeforeTheTimeout() {
        // main.1 holds the real monitor without the scheduler knowing (like a synchronized method entered through
        // reflection) and pauses inside it; main.2 then blocks on that monitor in the JVM, where nothing will free it.
        JvmSubject subject = new JvmSubject(() -> {
            Object shared = new Object();
            Thread holder = Managed.thread(() -> {
                synchronized (shared) {
                    Hooks.fieldWrite(shared, WRITE);
                }
            });
            Thread blocked = Managed.thread(() -> {
                synchronized (shared) {
                    Hooks.fieldWrite(shared, WRITE);
                }
            });
            Hooks.threadStart(holder, START);
            Hooks.threadStart(blocked, START);
        }, RuntimeSettings.defaults());
        long started = System.nanoTime();
        try (JvmRun run = subject.start()) {
            run.step(new ThreadId(0, "main")); // starts main.1, which pauses in front of its write, inside the monitor
            assertThat(run.failure()).isEmpty();

            run.step(new ThreadId(0, "main")); // starts main.2, which blocks on the monitor before its first hook

            assertThat(run.failure()).hasValueSatisfying(failure -> {
                assertThat(failure.kind()).isEqualTo(FailureKind.UNCONTROLLED_BLOCKING);
                assertThat(failure.message()).contains("thread main.2 is blocked")
                        .contains("held by main.1, which is paused by the scheduler");
            });
        }
        assertThat(Duration.ofNanos(System.nanoTime() - started)).as("well before the 10 s timeout")
                .isLessThan(Duration.ofSeconds(5));
    }

    /** Under the direct hand-off the driver only waits; its watchdog still catches the stuck thread. */
    @Test
    void aStuckThreadIsReportedUnderAPolicyToo() {
        JvmSubject subject = new JvmSubject(() -> {
            Hooks.fieldWrite(new Object(), WRITE);
            new CountDownLatch(1).await();
        }, QUICK);
        List<Event> events = new ArrayList<>();
        Optional<SubjectFailure>[] seen = new Optional[1];
        try (JvmRun run = subject.start()) {
            run.runWith(new StepPolicy() {
                @Override
                public ThreadId next(Run r) {
                    if (r.failure().isPresent() || r.pending().isEmpty()) {
                        seen[0] = r.failure();
                        return null;
                    }
                    return r.pending().get(0).thread();
                }

                @Override
                public boolean performed(Event event) {
                    events.add(event);
                    return true;
                }
            });
            assertThat(run.failure()).hasValueSatisfying(failure -> {
                assertThat(failure.kind()).isEqualTo(FailureKind.UNCONTROLLED_BLOCKING);
                assertThat(failure.message()).contains("thread main did not reach its next scheduling point within"
                        + " 300 ms after write").contains("java.util.concurrent.CountDownLatch.await(");
            });
        }
        assertThat(events).hasSize(1);
        assertThat(seen[0]).isPresent();
    }

    /** What the policy throws on a managed thread is rethrown by runWith on the driver, and the run still closes. */
    @Test
    void whatThePolicyThrowsIsRethrownOnTheDriver() {
        JvmSubject subject = new JvmSubject(() -> {
            Hooks.fieldWrite(new Object(), WRITE);
            Hooks.fieldWrite(new Object(), WRITE);
        }, QUICK);
        JvmRun run = subject.start();
        try (run) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> run.runWith(new StepPolicy() {
                int steps;

                @Override
                public ThreadId next(Run r) {
                    if (steps == 1) {
                        throw new IllegalStateException("policy broke on " + Thread.currentThread().getName());
                    }
                    return r.pending().get(0).thread();
                }

                @Override
                public boolean performed(Event event) {
                    steps++;
                    return true;
                }
            })).isInstanceOf(IllegalStateException.class).hasMessageContaining("policy broke on weft-main");
        }
    }
}
