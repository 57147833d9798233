package com.example;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.junit.ExhaustiveConcurrency;

/** A correct program: the Weft test passes. */
class CounterTest {

    @ExhaustiveConcurrency
    void twoVisitorsMakeTwoHits() throws InterruptedException {
        Counter counter = new Counter();
        Thread a = new Thread(counter::hit);
        Thread b = new Thread(counter::hit);
        a.start();
        b.start();
        a.join();
        b.join();
        assertEquals(2, counter.hits());
    }
}
