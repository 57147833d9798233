package com.example;

import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;

import dev.weft.junit.ExhaustiveConcurrency;

/** A Mockito mock inside a Weft test, called from two threads: the test passes. */
class NotifierTest {

    @ExhaustiveConcurrency
    void bothThreadsReachTheMock() throws InterruptedException {
        Notifier.Listener listener = mock(Notifier.Listener.class);
        Thread a = new Thread(() -> listener.onEvent("tick"));
        Thread b = new Thread(() -> listener.onEvent("tick"));
        a.start();
        b.start();
        a.join();
        b.join();
        verify(listener, times(2)).onEvent("tick");
    }
}
