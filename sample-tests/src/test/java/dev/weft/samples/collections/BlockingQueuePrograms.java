package dev.weft.samples.collections;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.samples.support.Concurrently;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Blocking queues shared by threads: correct uses that pass, and buggy ones that fail. Run by
 * {@link BlockingQueueTest} (named {@code *Programs} so that Surefire does not run them on their own).
 */
class BlockingQueuePrograms {

    /** A body that may be interrupted, for lambdas. */
    private interface Blocking {
        void run() throws InterruptedException;
    }

    private static Runnable uninterrupted(Blocking body) {
        return () -> {
            try {
                body.run();
            } catch (InterruptedException e) {
                throw new AssertionError("not interrupted by anyone", e);
            }
        };
    }

    private static void producerAndConsumer(BlockingQueue<Integer> queue) throws InterruptedException {
        List<Integer> taken = new ArrayList<>();
        Concurrently.run(uninterrupted(() -> {
            queue.put(1);
            queue.put(2);
        }), uninterrupted(() -> {
            taken.add(queue.take());
            taken.add(queue.take());
        }));
        assertThat(taken).containsExactly(1, 2);
    }

    @ExhaustiveConcurrency
    void producerConsumerCapacityOne() throws Exception {
        producerAndConsumer(new ArrayBlockingQueue<>(1));
    }

    @ExhaustiveConcurrency
    void producerConsumerCapacityTwo() throws Exception {
        producerAndConsumer(new LinkedBlockingQueue<>(2));
    }

    // Slots of a FIFO queue (QueueSlots): the calls that do not commute are still ordered both ways.

    /** Two producers put one element each; the consumer assumes the first producer's comes out first. */
    @ExhaustiveConcurrency
    void twoProducersAssumedInOrder() throws Exception {
        BlockingQueue<Integer> queue = new LinkedBlockingQueue<>();
        Concurrently.run(uninterrupted(() -> queue.put(1)), uninterrupted(() -> queue.put(2)));
        assertThat(queue.take()).isEqualTo(1);
    }

    /** A full queue of capacity 1: one thread takes, another offers and assumes there is room already. */
    @ExhaustiveConcurrency
    void offerToAFullQueueAssumedToGetIn() throws Exception {
        BlockingQueue<Integer> queue = new ArrayBlockingQueue<>(1);
        queue.add(0);
        boolean[] accepted = new boolean[1];
        Concurrently.run(uninterrupted(queue::take), () -> accepted[0] = queue.offer(5));
        assertThat(accepted[0]).isTrue();
    }

    /** One thread takes the element already there, another offers one more: they commute, the take gets 0. */
    @ExhaustiveConcurrency
    void takeOfTheHeadAndOfferOfAnother() throws Exception {
        BlockingQueue<Integer> queue = new LinkedBlockingQueue<>(2);
        queue.add(0);
        int[] took = new int[1];
        Concurrently.run(uninterrupted(() -> took[0] = queue.take()), () -> queue.offer(5));
        assertThat(took[0]).isEqualTo(0);
        assertThat(queue).containsExactly(5);
    }

    /** The same on a ConcurrentLinkedQueue, but the taker assumes it takes the other thread's element. */
    @ExhaustiveConcurrency
    void pollAssumedToSeeTheOtherThreadsOffer() throws Exception {
        java.util.Queue<Integer> queue = new java.util.concurrent.ConcurrentLinkedQueue<>();
        queue.add(0);
        Integer[] polled = new Integer[2];
        Concurrently.run(() -> {
            polled[0] = queue.poll();
            polled[1] = queue.poll();
        }, () -> queue.offer(5));
        assertThat(polled[1]).isEqualTo(5);
    }

    // poll() instead of take(): the consumer may look before the producer put anything.

    private static void consumerGetsTheElement(boolean waits) throws InterruptedException {
        consumerGetsTheElement(new LinkedBlockingQueue<>(), waits);
    }

    private static void consumerGetsTheElement(BlockingQueue<Integer> queue, boolean waits)
            throws InterruptedException {
        Integer[] got = new Integer[1];
        Concurrently.run(uninterrupted(() -> queue.put(7)),
                uninterrupted(() -> got[0] = waits ? queue.take() : queue.poll()));
        assertThat(got[0]).isEqualTo(7);
    }

    @ExhaustiveConcurrency
    void pollInsteadOfTake() throws Exception {
        consumerGetsTheElement(false);
    }

    @ExhaustiveConcurrency
    void pollInsteadOfTakeFixed() throws Exception {
        consumerGetsTheElement(true);
    }

    /** The same on a LinkedTransferQueue (its calls were not visible before 2026-11-27, nor put and take modelled). */
    @ExhaustiveConcurrency
    void transferQueuePollInsteadOfTake() throws Exception {
        consumerGetsTheElement(new LinkedTransferQueue<>(), false);
    }

    @ExhaustiveConcurrency
    void transferQueuePollInsteadOfTakeFixed() throws Exception {
        consumerGetsTheElement(new LinkedTransferQueue<>(), true);
    }

    /** A hand-off to a waiting consumer: the model's consumers never wait in the real queue, so this fails closed. */
    @ExhaustiveConcurrency
    void transferToAConsumer() throws Exception {
        LinkedTransferQueue<Integer> queue = new LinkedTransferQueue<>();
        Concurrently.run(uninterrupted(() -> queue.transfer(7)), uninterrupted(queue::take));
    }

    // A bounded queue that nobody drains: the second put blocks for ever.

    private static void producesTwo(boolean drained) throws InterruptedException {
        BlockingQueue<Integer> queue = new ArrayBlockingQueue<>(1);
        Concurrently.run(uninterrupted(() -> {
            queue.put(1);
            queue.put(2);
        }), uninterrupted(() -> {
            if (drained) {
                queue.take();
            }
        }));
    }

    @ExhaustiveConcurrency
    void fullQueueNobodyTakes() throws Exception {
        producesTwo(false);
    }

    @ExhaustiveConcurrency
    void fullQueueNobodyTakesFixed() throws Exception {
        producesTwo(true);
    }

    // poll with a timeout may time out before the producer puts.

    private static void timedConsumer(boolean untilItComes) throws InterruptedException {
        BlockingQueue<Integer> queue = new ArrayBlockingQueue<>(1);
        Integer[] got = new Integer[1];
        Concurrently.run(uninterrupted(() -> queue.offer(5, 1, TimeUnit.SECONDS)), uninterrupted(() -> {
            Integer polled;
            do {
                polled = queue.poll(1, TimeUnit.SECONDS);
            } while (untilItComes && polled == null);
            got[0] = polled;
        }));
        assertThat(got[0]).isEqualTo(5);
    }

    @ExhaustiveConcurrency
    void timedPollTimesOut() throws Exception {
        timedConsumer(false);
    }

    @ExhaustiveConcurrency
    void timedPollTimesOutFixed() throws Exception {
        timedConsumer(true);
    }

    // An interrupt ends a take on an empty queue.

    @ExhaustiveConcurrency
    void interruptedTakeThrows() throws Exception {
        BlockingQueue<Integer> queue = new LinkedBlockingQueue<>();
        boolean[] interrupted = new boolean[1];
        Thread consumer = new Thread(() -> {
            try {
                queue.take();
            } catch (InterruptedException e) {
                interrupted[0] = true;
            }
        });
        consumer.start();
        consumer.interrupt();
        consumer.join();
        assertThat(interrupted[0]).isTrue();
    }

    // Deques and priority queues: the blocking methods of their own.

    @ExhaustiveConcurrency
    void dequeTakeLastWaitsForPutFirst() throws Exception {
        LinkedBlockingDeque<Integer> deque = new LinkedBlockingDeque<>(1);
        Integer[] got = new Integer[1];
        Concurrently.run(uninterrupted(() -> deque.putFirst(3)), uninterrupted(() -> got[0] = deque.takeLast()));
        assertThat(got[0]).isEqualTo(3);
    }

    @ExhaustiveConcurrency
    void priorityQueueTakesTheSmallest() throws Exception {
        BlockingQueue<Integer> queue = new PriorityBlockingQueue<>();
        List<Integer> taken = new ArrayList<>();
        Concurrently.run(uninterrupted(() -> {
            queue.put(2);
            queue.put(1);
        }), uninterrupted(() -> {
            taken.add(queue.take());
            taken.add(queue.take());
        }));
        assertThat(taken).hasSize(2).containsExactlyInAnyOrder(1, 2);
    }

    // SynchronousQueue: a put waits for a taker.

    @ExhaustiveConcurrency
    void synchronousHandOff() throws Exception {
        SynchronousQueue<Integer> queue = new SynchronousQueue<>();
        Integer[] got = new Integer[1];
        Concurrently.run(uninterrupted(() -> queue.put(9)), uninterrupted(() -> got[0] = queue.take()));
        assertThat(got[0]).isEqualTo(9);
    }

    /** offer() on a SynchronousQueue succeeds only if a taker is already waiting; else the element is dropped. */
    private static void handsOffWith(boolean put) throws InterruptedException {
        SynchronousQueue<Integer> queue = new SynchronousQueue<>();
        Concurrently.run(uninterrupted(() -> {
            if (put) {
                queue.put(9);
            } else {
                queue.offer(9);
            }
        }), uninterrupted(queue::take));
    }

    @ExhaustiveConcurrency
    void synchronousOfferWithoutTaker() throws Exception {
        handsOffWith(false);
    }

    @ExhaustiveConcurrency
    void synchronousOfferWithoutTakerFixed() throws Exception {
        handsOffWith(true);
    }

    @ExhaustiveConcurrency
    void synchronousTimedPollMayTimeOut() throws Exception {
        SynchronousQueue<Integer> queue = new SynchronousQueue<>();
        Integer[] got = new Integer[1];
        boolean[] handedOff = new boolean[1];
        Concurrently.run(uninterrupted(() -> handedOff[0] = queue.offer(4, 1, TimeUnit.SECONDS)),
                uninterrupted(() -> got[0] = queue.poll(1, TimeUnit.SECONDS)));
        assertThat(got[0] != null).isEqualTo(handedOff[0]);
        assertThat(got[0]).isEqualTo(4);
    }

    /**
     * Timed calls with no time to wait, by an interrupted thread, answer as the JDK's: a queue that takes its lock
     * interruptibly first throws even with an element there; a rendezvous and a transfer queue throw only when they
     * found nothing; a priority queue's timed offer does not look at the flag.
     */
    @ExhaustiveConcurrency
    void timedCallsWithNoTimeLeftByAnInterruptedThread() throws Exception {
        LinkedBlockingQueue<Integer> bounded = new LinkedBlockingQueue<>(1);
        bounded.add(1);
        throwsWhenInterrupted(() -> bounded.poll(0, TimeUnit.SECONDS));
        throwsWhenInterrupted(() -> bounded.offer(2, 0, TimeUnit.SECONDS));
        ArrayBlockingQueue<Integer> array = new ArrayBlockingQueue<>(1);
        throwsWhenInterrupted(() -> array.poll(-1, TimeUnit.SECONDS));
        SynchronousQueue<Integer> rendezvous = new SynchronousQueue<>();
        throwsWhenInterrupted(() -> rendezvous.poll(0, TimeUnit.SECONDS));
        throwsWhenInterrupted(() -> rendezvous.offer(1, 0, TimeUnit.SECONDS));
        LinkedTransferQueue<Integer> transfer = new LinkedTransferQueue<>();
        transfer.add(1);
        Thread.currentThread().interrupt();
        assertThat(transfer.poll(0, TimeUnit.SECONDS)).isEqualTo(1);
        assertThat(Thread.currentThread().isInterrupted()).isTrue();
        org.junit.jupiter.api.Assertions.assertThrows(InterruptedException.class,
                () -> transfer.poll(0, TimeUnit.SECONDS));
        PriorityBlockingQueue<Integer> priority = new PriorityBlockingQueue<>();
        Thread.currentThread().interrupt();
        assertThat(priority.offer(1, 0, TimeUnit.SECONDS)).isTrue();
        assertThat(Thread.interrupted()).isTrue();
    }

    private static void throwsWhenInterrupted(org.junit.jupiter.api.function.Executable call) {
        Thread.currentThread().interrupt();
        org.junit.jupiter.api.Assertions.assertThrows(InterruptedException.class, call);
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }
}
