package com.example;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.junit.ExhaustiveConcurrency;

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
}
