package com.example;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.junit.ExhaustiveConcurrency;

/** A buggy program: the Weft test must fail (a lost update), which verify.groovy checks. */
class RacyCounterBugTest {

    @ExhaustiveConcurrency
    void twoVisitorsMakeTwoHits() throws InterruptedException {
        RacyCounter counter = new RacyCounter();
        Thread a = new Thread(counter::hit);
        Thread b = new Thread(counter::hit);
        a.start();
        b.start();
        a.join();
        b.join();
        assertEquals(2, counter.hits());
    }
}
