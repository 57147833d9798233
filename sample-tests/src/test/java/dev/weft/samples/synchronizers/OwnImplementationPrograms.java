package dev.weft.samples.synchronizers;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.samples.support.Concurrently;

import java.util.AbstractQueue;
import java.util.Collection;
import java.util.Collections;
import java.util.Date;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.AbstractQueuedSynchronizer;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;

import static dev.weft.samples.synchronizers.SynchronizerPrograms.runAll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The test's own implementations of the JDK's interfaces that Weft models ({@code Future}, {@code Lock},
 * {@code Condition}, {@code BlockingQueue}, {@code Executor}): each runs as its own code, instrumented like any other,
 * and Weft's model of the JDK's classes never runs on it. {@link OwnImplementationsTest} runs them. (Named
 * {@code *Programs} so that Surefire does not run them on their own.)
 */
class OwnImplementationPrograms {

    /** A future that already has its value and ignores the unit, as commons-lang3's {@code ConstantFuture} does. */
    static final class ConstantFuture<T> implements Future<T> {
        private final T value;

        ConstantFuture(T value) {
            this.value = value;
        }

        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            return false;
        }

        @Override
        public boolean isCancelled() {
            return false;
        }

        @Override
        public boolean isDone() {
            return true;
        }

        @Override
        public T get() {
            return value;
        }

        @Override
        public T get(long timeout, TimeUnit unit) {
            return value;
        }
    }

    /** A lock of the test's own that hands every call to a {@code ReentrantLock}, seen through {@code Lock}. */
    static final class DelegatingLock implements Lock {
        private final Lock inner = new ReentrantLock();

        @Override
        public void lock() {
            inner.lock();
        }

        @Override
        public void lockInterruptibly() throws InterruptedException {
            inner.lockInterruptibly();
        }

        @Override
        public boolean tryLock() {
            return inner.tryLock();
        }

        @Override
        public boolean tryLock(long time, TimeUnit unit) throws InterruptedException {
            return inner.tryLock(time, unit);
        }

        @Override
        public void unlock() {
            inner.unlock();
        }

        @Override
        public Condition newCondition() {
            return new DelegatingCondition(inner.newCondition());
        }
    }

    /** The condition of a {@link DelegatingLock}: hands every call to its lock's condition. */
    static final class DelegatingCondition implements Condition {
        private final Condition inner;

        DelegatingCondition(Condition inner) {
            this.inner = inner;
        }

        @Override
        public void await() throws InterruptedException {
            inner.await();
        }

        @Override
        public void awaitUninterruptibly() {
            inner.awaitUninterruptibly();
        }

        @Override
        public long awaitNanos(long nanosTimeout) throws InterruptedException {
            return inner.awaitNanos(nanosTimeout);
        }

        @Override
        public boolean await(long time, TimeUnit unit) throws InterruptedException {
            return inner.await(time, unit);
        }

        @Override
        public boolean awaitUntil(Date deadline) throws InterruptedException {
            return inner.awaitUntil(deadline);
        }

        @Override
        public void signal() {
            inner.signal();
        }

        @Override
        public void signalAll() {
            inner.signalAll();
        }
    }

    /** A spin lock that checks, then sets: two threads may both see it free and both take it. */
    static final class CheckThenSetLock implements Lock {
        private volatile boolean held;

        @Override
        public void lock() {
            while (held) {
                Thread.onSpinWait();
            }
            held = true;
        }

        @Override
        public void lockInterruptibly() {
            lock();
        }

        @Override
        public boolean tryLock() {
            if (held) {
                return false;
            }
            held = true;
            return true;
        }

        @Override
        public boolean tryLock(long time, TimeUnit unit) {
            return tryLock();
        }

        @Override
        public void unlock() {
            held = false;
        }

        @Override
        public Condition newCondition() {
            throw new UnsupportedOperationException();
        }
    }

    /** A blocking queue of one element, under its own monitor. */
    static final class OneSlotQueue<E> extends AbstractQueue<E> implements BlockingQueue<E> {
        private E item;

        @Override
        public synchronized void put(E element) throws InterruptedException {
            while (item != null) {
                wait();
            }
            item = element;
            notifyAll();
        }

        @Override
        public synchronized E take() throws InterruptedException {
            while (item == null) {
                wait();
            }
            return poll();
        }

        @Override
        public synchronized boolean offer(E element) {
            if (item != null) {
                return false;
            }
            item = element;
            notifyAll();
            return true;
        }

        @Override
        public synchronized boolean offer(E element, long timeout, TimeUnit unit) throws InterruptedException {
            if (item != null) {
                unit.timedWait(this, timeout);
            }
            return offer(element);
        }

        @Override
        public synchronized E poll() {
            E taken = item;
            item = null;
            notifyAll();
            return taken;
        }

        @Override
        public synchronized E poll(long timeout, TimeUnit unit) throws InterruptedException {
            if (item == null) {
                unit.timedWait(this, timeout);
            }
            return poll();
        }

        @Override
        public synchronized E peek() {
            return item;
        }

        @Override
        public synchronized int remainingCapacity() {
            return item == null ? 1 : 0;
        }

        @Override
        public int drainTo(Collection<? super E> target) {
            return drainTo(target, Integer.MAX_VALUE);
        }

        @Override
        public synchronized int drainTo(Collection<? super E> target, int max) {
            if (item == null || max <= 0) {
                return 0;
            }
            target.add(poll());
            return 1;
        }

        @Override
        public synchronized Iterator<E> iterator() {
            return item == null ? Collections.emptyIterator() : List.of(item).iterator();
        }

        @Override
        public synchronized int size() {
            return item == null ? 0 : 1;
        }
    }

    /** {@code get(1000, null)} returns the value, as on a JVM; so does {@code get()}. */
    @ExhaustiveConcurrency
    void constantFutureIgnoresItsUnit() throws Exception {
        Future<String> future = new ConstantFuture<>("value");
        String[] got = new String[2];
        runAll(List.of(() -> {
            got[0] = future.get(1000, null);
            got[1] = future.get();
        }));
        assert future.isDone();
        assert "value".equals(got[0]) && "value".equals(got[1]) : "got " + got[0] + " and " + got[1];
    }

    /** Three threads increment a counter under a lock of the test's own. */
    @ExhaustiveConcurrency
    void ownLockCounter() throws InterruptedException {
        Lock lock = new DelegatingLock();
        SynchronizerPrograms.counter(3, lock::lock, lock::unlock);
    }

    /** Two threads the same under a lock whose own code has a race: the lost update is found in that code. */
    @ExhaustiveConcurrency
    void checkThenSetLockLosesAnUpdate() throws InterruptedException {
        Lock lock = new CheckThenSetLock();
        SynchronizerPrograms.counter(2, lock::lock, lock::unlock);
    }

    /** A waiter and a notifier on a condition of the test's own lock, the waiter checking in a loop. */
    @ExhaustiveConcurrency
    void ownConditionHandsOver() throws InterruptedException {
        Lock lock = new DelegatingLock();
        Condition ready = lock.newCondition();
        boolean[] set = new boolean[1];
        Concurrently.run(() -> {
            lock.lock();
            try {
                while (!set[0]) {
                    ready.awaitUninterruptibly();
                }
            } finally {
                lock.unlock();
            }
        }, () -> {
            lock.lock();
            try {
                set[0] = true;
                ready.signal();
            } finally {
                lock.unlock();
            }
        });
    }

    /** A consumer takes what a producer puts into a blocking queue of the test's own. */
    @ExhaustiveConcurrency
    void ownBlockingQueueHandsOver() throws InterruptedException {
        BlockingQueue<String> queue = new OneSlotQueue<>();
        String[] taken = new String[1];
        runAll(List.of(() -> taken[0] = queue.take(), () -> queue.put("item")));
        assert "item".equals(taken[0]) : "took " + taken[0];
    }

    /** Two threads each run a task on an executor that runs it in the caller. */
    @ExhaustiveConcurrency
    void directExecutorRunsTasksInTheCaller() throws InterruptedException {
        Executor direct = Runnable::run;
        AtomicInteger count = new AtomicInteger();
        Runnable task = count::incrementAndGet;
        Thread other = new Thread(() -> direct.execute(task));
        other.start();
        direct.execute(task);
        other.join();
        assert count.get() == 2 : "count " + count.get();
    }

    /** An executor of the test's own that starts a thread per task: two tasks race on a counter. */
    @ExhaustiveConcurrency
    void threadPerTaskExecutorLosesAnUpdate() throws InterruptedException {
        Executor perTask = task -> new Thread(task).start();
        SynchronizerPrograms.Shared shared = new SynchronizerPrograms.Shared();
        CountDownLatch done = new CountDownLatch(2);
        for (int i = 0; i < 2; i++) {
            perTask.execute(() -> {
                shared.x++;
                done.countDown();
            });
        }
        done.await();
        assert shared.x == 2 : "lost update: " + shared.x;
    }

    /** The mutex of {@code AbstractQueuedSynchronizer}'s own documentation: a lock of the test's own built on it. */
    static final class Mutex {
        private static final class Sync extends AbstractQueuedSynchronizer {
            @Override
            protected boolean tryAcquire(int acquires) {
                return compareAndSetState(0, 1);
            }

            @Override
            protected boolean tryRelease(int releases) {
                setState(0);
                return true;
            }
        }

        private final Sync sync = new Sync();

        void lock() {
            sync.acquire(1);
        }

        boolean tryLock(long nanos) throws InterruptedException {
            return sync.tryAcquireNanos(1, nanos);
        }

        void unlock() {
            sync.release(1);
        }
    }

    /** One thread takes the mutex while no other does: it never has to wait, and the test runs. */
    @ExhaustiveConcurrency
    void ownSynchronizerThatNeverWaits() throws InterruptedException {
        Mutex mutex = new Mutex();
        AtomicInteger counter = new AtomicInteger();
        Thread worker = new Thread(() -> {
            mutex.lock();
            try {
                counter.incrementAndGet();
            } finally {
                mutex.unlock();
            }
        });
        worker.start();
        worker.join();
        mutex.lock();
        try {
            counter.incrementAndGet();
            assertFalse(mutex.tryLock(0), "a try without time to wait fails at once: the mutex is taken");
        } finally {
            mutex.unlock();
        }
        assertTrue(mutex.tryLock(1_000), "free again: a timed try takes it at once");
        assertEquals(2, counter.get());
    }

    /** Two threads take the mutex at once: in some schedule one of them would wait inside the JDK. */
    @ExhaustiveConcurrency
    void ownSynchronizerThatMustWait() throws InterruptedException {
        Mutex mutex = new Mutex();
        AtomicInteger counter = new AtomicInteger();
        Runnable increment = () -> {
            mutex.lock();
            try {
                counter.incrementAndGet();
                Thread.yield();
            } finally {
                mutex.unlock();
            }
        };
        Concurrently.run(increment, increment);
        assertEquals(2, counter.get());
    }
}
