package com.example;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.junit.ExhaustiveConcurrency;
import java.util.stream.IntStream;

/** A correct program, whose Weft test passes, and a buggy one, whose Weft test must fail (methods named buggy*). */
class CounterTest {

    private int ticks;

    /** Private and synchronized, reached by a method reference: the JVM takes this test object's monitor itself. */
    private synchronized void tick() {
        ticks++;
    }

    @ExhaustiveConcurrency
    void twoThreadsTickThroughAMethodReference() throws InterruptedException {
        ticks = 0;
        TwoThreads.run(this::tick);
        assertEquals(2, ticks);
    }

    @ExhaustiveConcurrency
    void twoVisitorsMakeTwoHits() throws InterruptedException {
        Counter counter = new Counter();
        TwoThreads.run(counter::hit);
        assertEquals(2, counter.hits());
    }

    @ExhaustiveConcurrency
    void buggyCounterMakesTwoHits() throws InterruptedException {
        RacyCounter counter = new RacyCounter();
        TwoThreads.run(counter::hit);
        assertEquals(2, counter.hits());
    }

    /** A parallel stream runs its leaves on the common pool, which Weft runs on managed threads: they share nothing. */
    @ExhaustiveConcurrency
    void parallelStreamSums() {
        assertEquals(4950, IntStream.range(0, 100).parallel().sum());
    }

    /** Its leaves adding to one plain field lose an update. */
    @ExhaustiveConcurrency
    void buggyParallelForEachCountsEveryElement() {
        ticks = 0;
        IntStream.range(0, 4).parallel().forEach(i -> ticks++);
        assertEquals(4, ticks);
    }
}
