package com.example;

/** What every Weft test here does: two threads run the same code, and the test waits for both. */
final class TwoThreads {

    private TwoThreads() {
    }

    static void run(Runnable each) throws InterruptedException {
        Thread a = new Thread(each);
        Thread b = new Thread(each);
        a.start();
        b.start();
        a.join();
        b.join();
    }
}
