package com.example;

import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;

import dev.weft.junit.ExhaustiveConcurrency;

/** A Mockito mock inside Weft tests: called from two threads (passes), and behind a racy check-then-act (fails). */
class NotifierTest {

    @ExhaustiveConcurrency
    void bothThreadsReachTheMock() throws InterruptedException {
        Notifier.Listener listener = mock(Notifier.Listener.class);
        TwoThreads.run(() -> listener.onEvent("tick"));
        verify(listener, times(2)).onEvent("tick");
    }

    @ExhaustiveConcurrency
    void buggyNotifierTellsTheListenerOnce() throws InterruptedException {
        Notifier.Listener listener = mock(Notifier.Listener.class);
        Notifier notifier = new Notifier(listener);
        TwoThreads.run(() -> notifier.notifyOnce("first"));
        verify(listener, times(1)).onEvent("first");
    }
}
