package com.example;

import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;

import dev.weft.junit.ExhaustiveConcurrency;

/** The check-then-act of Notifier lets both threads notify in some interleaving: the Weft test must fail. */
class NotifierBugTest {

    @ExhaustiveConcurrency
    void theListenerHearsOnce() throws InterruptedException {
        Notifier.Listener listener = mock(Notifier.Listener.class);
        Notifier notifier = new Notifier(listener);
        Thread a = new Thread(() -> notifier.notifyOnce("first"));
        Thread b = new Thread(() -> notifier.notifyOnce("first"));
        a.start();
        b.start();
        a.join();
        b.join();
        verify(listener, times(1)).onEvent("first");
    }
}
