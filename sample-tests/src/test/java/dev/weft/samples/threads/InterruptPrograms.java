package dev.weft.samples.threads;

import dev.weft.junit.ExhaustiveConcurrency;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.FutureTask;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A worker blocks in {@code wait}, {@code sleep}, {@code join} or {@code park} and main interrupts it; run by
 * {@link InterruptTest}. Each worker ends however the interrupt meets it, so the programs pass.
 */
class InterruptPrograms {

    private interface Blocking {
        void block() throws InterruptedException;
    }

    /** Starts a worker that blocks once, interrupts it, joins it. */
    private static void interruptWhile(Blocking blocking) throws InterruptedException {
        Thread worker = new Thread(() -> {
            try {
                blocking.block();
            } catch (InterruptedException expected) {
                // interrupted before or while it blocked
            }
        });
        worker.start();
        worker.interrupt();
        worker.join();
    }

    /** As {@link #interruptWhile}, for a call whose other checked exceptions cannot happen here. */
    private static void interruptWhileCalling(Callable<?> call) throws InterruptedException {
        interruptWhile(() -> {
            try {
                call.call();
            } catch (InterruptedException interrupted) {
                throw interrupted;
            } catch (Exception impossible) {
                throw new AssertionError(impossible);
            }
        });
    }

    @ExhaustiveConcurrency
    void interruptAWait() throws InterruptedException {
        Object monitor = new Object();
        interruptWhile(() -> {
            synchronized (monitor) {
                monitor.wait();
            }
        });
    }

    @ExhaustiveConcurrency
    void interruptASleep() throws InterruptedException {
        interruptWhile(() -> Thread.sleep(1_000));
    }

    /** The worker joins main, which ends only after joining the worker: only the interrupt lets it out. */
    @ExhaustiveConcurrency
    void interruptAJoin() throws InterruptedException {
        Thread main = Thread.currentThread();
        interruptWhile(main::join);
    }

    /** The worker joins a thread that ends by itself: the join may go through before the interrupt, or meet it. */
    @ExhaustiveConcurrency
    void interruptAJoinOfAThreadThatEnds() throws InterruptedException {
        Thread ending = new Thread(() -> { });
        ending.start();
        interruptWhile(ending::join);
        ending.join();
    }

    @ExhaustiveConcurrency
    void interruptAPark() throws InterruptedException {
        interruptWhile(LockSupport::park);
    }

    // Interruptible calls that need not block: only the interrupt and the call's look at the flag are ordered.

    @ExhaustiveConcurrency
    void interruptATakeOfAnElementThatIsThere() throws Exception {
        BlockingQueue<String> queue = new ArrayBlockingQueue<>(1);
        queue.put("job");
        interruptWhile(queue::take);
    }

    @ExhaustiveConcurrency
    void interruptAPutIntoAQueueWithRoom() throws InterruptedException {
        BlockingQueue<String> queue = new LinkedBlockingQueue<>();
        interruptWhile(() -> queue.put("job"));
    }

    @ExhaustiveConcurrency
    void interruptATimedPollOfAnElementThatIsThere() throws Exception {
        BlockingQueue<String> queue = new ArrayBlockingQueue<>(1);
        queue.put("job");
        interruptWhile(() -> queue.poll(1, TimeUnit.SECONDS));
    }

    @ExhaustiveConcurrency
    void interruptAnAcquireOfAFreePermit() throws InterruptedException {
        Semaphore permits = new Semaphore(1);
        interruptWhile(permits::acquire);
    }

    @ExhaustiveConcurrency
    void interruptAnAwaitOfAnOpenLatch() throws InterruptedException {
        CountDownLatch open = new CountDownLatch(0);
        interruptWhile(open::await);
    }

    @ExhaustiveConcurrency
    void interruptTheOnlyPartyOfABarrier() throws InterruptedException {
        CyclicBarrier barrier = new CyclicBarrier(1);
        interruptWhileCalling(barrier::await);
    }

    @ExhaustiveConcurrency
    void interruptAGetOfADoneFuture() throws InterruptedException {
        FutureTask<String> done = new FutureTask<>(() -> "result");
        done.run();
        interruptWhileCalling(done::get);
    }

    @ExhaustiveConcurrency
    void interruptALockInterruptiblyOfAFreeLock() throws InterruptedException {
        ReentrantLock lock = new ReentrantLock();
        interruptWhile(() -> {
            lock.lockInterruptibly();
            lock.unlock();
        });
    }

    /**
     * Main holds the lock until the worker has ended: only the interrupt lets the worker out of its
     * {@code lockInterruptibly}. Before it could, Weft reported this correct program as a deadlock.
     */
    @ExhaustiveConcurrency
    void interruptALockInterruptiblyThatWaits() throws InterruptedException {
        ReentrantLock lock = new ReentrantLock();
        lock.lock();
        try {
            interruptWhile(() -> {
                lock.lockInterruptibly();
                lock.unlock();
            });
        } finally {
            lock.unlock();
        }
    }

    @ExhaustiveConcurrency
    void interruptATimedTryAcquireOfAFreePermit() throws InterruptedException {
        Semaphore permits = new Semaphore(1);
        interruptWhile(() -> permits.tryAcquire(1, TimeUnit.SECONDS));
    }

    @ExhaustiveConcurrency
    void interruptAGetOfACompletedCompletableFuture() throws InterruptedException {
        CompletableFuture<String> done = CompletableFuture.completedFuture("result");
        interruptWhileCalling(done::get);
    }

    /**
     * The bug: a worker told to stop checks its flag only after taking the job, and drops the job it took. Only an
     * interrupt after the take shows it; interrupted before, the take throws and the job stays queued.
     */
    @ExhaustiveConcurrency
    void aJobTakenJustBeforeAnInterruptIsDropped() throws InterruptedException {
        BlockingQueue<String> jobs = new ArrayBlockingQueue<>(1);
        jobs.put("job");
        Results results = new Results();
        Thread worker = new Thread(() -> {
            try {
                jobs.take();
                if (Thread.currentThread().isInterrupted()) {
                    return; // told to stop: the job it holds is lost
                }
                results.done = 1;
            } catch (InterruptedException stopped) {
                // stopped before taking anything
            }
        });
        worker.start();
        worker.interrupt();
        worker.join();
        assertEquals(1, results.done + jobs.size(), "the job was neither done nor left in the queue");
    }

    static final class Results {
        int done;
    }

    /**
     * A worker that must do its work even when asked to stop early, and does it before it sleeps: the interrupt cannot
     * make it lose the work.
     */
    @ExhaustiveConcurrency
    void workDoneBeforeTheInterruptibleSleep() throws InterruptedException {
        Results results = new Results();
        Thread worker = new Thread(() -> {
            results.done = 1;
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        worker.start();
        worker.interrupt();
        worker.join();
        assertEquals(1, results.done);
    }

    /** The bug: the work comes after the sleep, and the interrupt is swallowed, so the work is lost. */
    @ExhaustiveConcurrency
    void swallowedInterruptLosesTheWork() throws InterruptedException {
        Results results = new Results();
        Thread worker = new Thread(() -> {
            try {
                Thread.sleep(10);
                results.done = 1;
            } catch (InterruptedException swallowed) {
                // nothing: the work is silently skipped
            }
        });
        worker.start();
        worker.interrupt();
        worker.join();
        assertEquals(1, results.done, "the worker's work was lost");
    }

    /**
     * Main puts a request into a plain map, then interrupts the worker waiting on a monitor nobody notifies: the
     * worker, woken by the interrupt, reads the map. No data race: the interrupt happens before the interrupted thread
     * finds out about it, and main's put before the interrupt.
     */
    @ExhaustiveConcurrency
    void anInterruptPublishesWhatCameBeforeIt() throws InterruptedException {
        Object monitor = new Object();
        java.util.Map<String, Integer> request = new java.util.HashMap<>();
        int[] seen = new int[1];
        Thread worker = new Thread(() -> {
            synchronized (monitor) {
                while (true) {
                    try {
                        monitor.wait();
                    } catch (InterruptedException woken) {
                        seen[0] = request.getOrDefault("job", 0);
                        return;
                    }
                }
            }
        });
        worker.start();
        request.put("job", 1);
        worker.interrupt();
        worker.join();
        assertEquals(1, seen[0], "the interrupted worker did not see what main wrote before the interrupt");
    }

    /** The worker waits for a lock main holds, and gives up when main interrupts it: the test assumes it got in. */
    @ExhaustiveConcurrency
    void assumesALockInterruptiblyGetsIn() throws InterruptedException {
        ReentrantLock lock = new ReentrantLock();
        boolean[] gotIn = new boolean[1];
        lock.lock();
        Thread worker = new Thread(() -> {
            try {
                lock.lockInterruptibly();
                gotIn[0] = true;
                lock.unlock();
            } catch (InterruptedException gaveUp) {
                // left without the lock
            }
        });
        worker.start();
        worker.interrupt();
        lock.unlock();
        worker.join();
        assertEquals(true, gotIn[0], "the worker gave up");
    }
}
