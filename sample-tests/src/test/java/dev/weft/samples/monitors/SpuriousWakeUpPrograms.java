package dev.weft.samples.monitors;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.samples.support.Concurrently;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Waiters with a single notifier, so that only a spurious wake-up (which {@code Object.wait}, {@code Condition.await}
 * and {@code LockSupport.park} are allowed) can wake them before the condition holds. Run by
 * {@link SpuriousWakeUpTest}: those that check the condition once fail, those that check it in a loop pass.
 */
class SpuriousWakeUpPrograms {

    /** A flag set and announced under a monitor. */
    static final class Signal {
        private boolean ready;

        synchronized void awaitOnce() throws InterruptedException {
            if (!ready) {
                wait();
            }
            assertThat(ready).as("ready after the wait").isTrue();
        }

        synchronized void awaitInALoop() throws InterruptedException {
            while (!ready) {
                wait();
            }
            assertThat(ready).as("ready after the wait").isTrue();
        }

        synchronized void set() {
            ready = true;
            notify();
        }
    }

    private static void oneWaiterOneNotifier(Signal signal, boolean loop) throws InterruptedException {
        Concurrently.run(() -> {
            try {
                if (loop) {
                    signal.awaitInALoop();
                } else {
                    signal.awaitOnce();
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }, signal::set);
    }

    @ExhaustiveConcurrency
    void ifAroundWait() throws InterruptedException {
        oneWaiterOneNotifier(new Signal(), false);
    }

    @ExhaustiveConcurrency
    void whileAroundWait() throws InterruptedException {
        oneWaiterOneNotifier(new Signal(), true);
    }

    /** The same with a {@code ReentrantLock}'s condition, checked once: correct on every JVM (see the test). */
    @ExhaustiveConcurrency
    void ifAroundAwait() throws InterruptedException {
        ReentrantLock lock = new ReentrantLock();
        Condition changed = lock.newCondition();
        boolean[] ready = new boolean[1];
        Concurrently.run(() -> {
            lock.lock();
            try {
                if (!ready[0]) {
                    changed.awaitUninterruptibly();
                }
                assertThat(ready[0]).as("ready after the await").isTrue();
            } finally {
                lock.unlock();
            }
        }, () -> {
            lock.lock();
            try {
                ready[0] = true;
                changed.signal();
            } finally {
                lock.unlock();
            }
        });
    }

    /** A parked thread that takes its return as the unpark it waits for. */
    @ExhaustiveConcurrency
    void parkWithoutALoop() throws InterruptedException {
        boolean[] ready = new boolean[1];
        Thread waiter = new Thread(() -> {
            LockSupport.park();
            assertThat(ready[0]).as("ready after the park").isTrue();
        });
        waiter.start();
        ready[0] = true;
        LockSupport.unpark(waiter);
        waiter.join();
    }

    /** A field read before a wait decides whether to wait. */
    static final class Seen {
        int value;
    }

    /**
     * A lost notify that a spurious wake-up could hide: the waiter reads {@code y}, and waits only if it read 0;
     * main notifies and then writes {@code y}. When the waiter reads 0, main notifies before the waiter waits, and then
     * main writes {@code y} while the waiter begins to wait, the waiter waits forever (a deadlock). The wake-up offered
     * as the wait begins lapses when main moves on, which it must do for the deadlock.
     */
    @ExhaustiveConcurrency
    void waiterMissesTheNotifyAfterARace() throws InterruptedException {
        Object monitor = new Object();
        Seen y = new Seen();
        Thread waiter = new Thread(() -> {
            int seen = y.value;
            synchronized (monitor) {
                if (seen == 0) {
                    try {
                        monitor.wait();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            }
        });
        waiter.start();
        synchronized (monitor) {
            monitor.notify();
        }
        y.value = 1;
        waiter.join();
    }

    /** The same with the roles swapped: main reads and waits; the other thread notifies and then writes. */
    @ExhaustiveConcurrency
    void mainMissesTheNotifyAfterARace() throws InterruptedException {
        Object monitor = new Object();
        Seen y = new Seen();
        Thread notifier = new Thread(() -> {
            synchronized (monitor) {
                monitor.notify();
            }
            y.value = 1;
        });
        notifier.start();
        int seen = y.value;
        synchronized (monitor) {
            if (seen == 0) {
                monitor.wait();
            }
        }
        notifier.join();
    }
}
