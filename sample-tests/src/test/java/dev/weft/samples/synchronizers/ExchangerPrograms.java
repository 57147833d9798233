package dev.weft.samples.synchronizers;

import dev.weft.junit.ExhaustiveConcurrency;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Exchanger;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

import static dev.weft.samples.synchronizers.SynchronizerPrograms.runAll;

/**
 * {@link Exchanger} used unmodified: the buffer swap its documentation shows, and the ways to get it wrong.
 * {@link ExchangerTest} runs them. (Named {@code *Programs} so that Surefire does not run them on their own.)
 */
class ExchangerPrograms {

    static final class Buffer {
        final int[] data = new int[1];
    }

    /** What the producer does once it has handed its full buffer over and got the empty one. */
    interface AfterTheSwap {
        void run(Buffer handedOver, Buffer received);
    }

    /**
     * A producer fills a buffer with 42 and swaps it for the consumer's empty one, then does {@code after}; the
     * consumer reads what it got. Asserts that it read 42.
     */
    private static void swapAndRead(AfterTheSwap after) throws InterruptedException {
        Exchanger<Buffer> exchanger = new Exchanger<>();
        int[] seen = new int[1];
        runAll(List.of(
                () -> {
                    Buffer full = new Buffer();
                    full.data[0] = 42;
                    after.run(full, exchanger.exchange(full));
                },
                () -> seen[0] = exchanger.exchange(new Buffer()).data[0]));
        assert seen[0] == 42 : "the consumer read " + seen[0] + " instead of the producer's 42";
    }

    /** The producer fills the next buffer, the one it received. */
    @ExhaustiveConcurrency
    void swapBuffers() throws Exception {
        swapAndRead((handedOver, received) -> received.data[0] = 7);
    }

    /** The producer clears the buffer it handed over, still its own it thinks: the consumer may read it cleared. */
    @ExhaustiveConcurrency
    void usesTheBufferAfterHandingItOver() throws Exception {
        swapAndRead((handedOver, received) -> handedOver.data[0] = 0);
    }

    /** Three threads exchange in pairs: one is left without a partner. */
    @ExhaustiveConcurrency
    void threePartiesLeaveOneWaiting() throws Exception {
        Exchanger<String> exchanger = new Exchanger<>();
        runAll(List.of(() -> exchanger.exchange("a"), () -> exchanger.exchange("b"), () -> exchanger.exchange("c")));
    }

    /**
     * Three threads exchange with a timeout: whoever comes last finds nobody and times out; every other one gets the
     * value of the one it paired with.
     */
    @ExhaustiveConcurrency
    void timedExchangesPairUpAndTheLastTimesOut() throws Exception {
        Map<String, String> got = exchangeInThrees();
        assert got.values().stream().filter("timed out"::equals).count() == 1 : "not one timed out: " + got;
        got.forEach((name, value) -> {
            assert value.equals("timed out") || got.get(value).equals(name) : name + " and " + value + " did not swap: "
                    + got;
        });
    }

    /** The same three threads, and a test that assumes a pairs with b. */
    @ExhaustiveConcurrency
    void assumesWhoPairsWithWhom() throws Exception {
        Map<String, String> got = exchangeInThrees();
        assert got.get("a").equals("b") : "a got " + got.get("a");
    }

    private static Map<String, String> exchangeInThrees() throws InterruptedException {
        Exchanger<String> exchanger = new Exchanger<>();
        Map<String, String> got = new ConcurrentHashMap<>();
        SynchronizerPrograms.Body[] bodies = new SynchronizerPrograms.Body[3];
        for (int i = 0; i < bodies.length; i++) {
            String name = String.valueOf((char) ('a' + i));
            bodies[i] = () -> {
                try {
                    got.put(name, exchanger.exchange(name, 1, TimeUnit.SECONDS));
                } catch (TimeoutException e) {
                    got.put(name, "timed out");
                }
            };
        }
        runAll(List.of(bodies));
        return got;
    }

    /** A thread waiting for a partner is interrupted: it leaves with an InterruptedException, as the JDK's does. */
    @ExhaustiveConcurrency
    void anInterruptedExchangeThrows() throws Exception {
        Exchanger<String> exchanger = new Exchanger<>();
        AtomicBoolean interrupted = new AtomicBoolean();
        Thread waiter = new Thread(() -> {
            try {
                exchanger.exchange("alone");
            } catch (InterruptedException e) {
                interrupted.set(true);
            }
        });
        waiter.start();
        waiter.interrupt();
        waiter.join();
        assert interrupted.get() : "the exchange returned without a partner";
    }

    /** An exchange with no time to wait times out unless a partner is already waiting. */
    @ExhaustiveConcurrency
    void anExchangeWithoutTimeToWaitTakesOnlyAWaitingPartner() throws Exception {
        Exchanger<String> exchanger = new Exchanger<>();
        String[] got = new String[2];
        runAll(List.of(
                () -> {
                    try {
                        got[0] = exchanger.exchange("hasty", 0, TimeUnit.SECONDS);
                    } catch (TimeoutException e) {
                        got[0] = "timed out";
                    }
                },
                () -> {
                    try {
                        got[1] = exchanger.exchange("patient", 1, TimeUnit.SECONDS);
                    } catch (TimeoutException e) {
                        got[1] = "timed out";
                    }
                }));
        boolean swapped = got[0].equals("patient") && got[1].equals("hasty");
        boolean neither = got[0].equals("timed out") && got[1].equals("timed out");
        assert swapped || neither : "hasty got " + got[0] + ", patient got " + got[1];
    }
}
