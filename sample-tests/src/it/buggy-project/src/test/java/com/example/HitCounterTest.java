package com.example;

import dev.weft.junit.ExhaustiveConcurrency;

import static org.junit.jupiter.api.Assertions.assertEquals;

class HitCounterTest {

    @ExhaustiveConcurrency
    void twoVisitorsMakeTwoHits() throws Exception {
        HitCounter counter = new HitCounter();
        Thread a = new Thread(counter::hit);
        Thread b = new Thread(counter::hit);
        a.start();
        b.start();
        a.join();
        b.join();
        assertEquals(2, counter.hits());
    }
}
