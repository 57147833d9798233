package dev.weft.samples.support;

/** The shape most test programs share: two threads started in order, then both joined. */
public final class Concurrently {

    private Concurrently() {
    }

    public static void run(Runnable first, Runnable second) throws InterruptedException {
        Thread a = new Thread(first);
        Thread b = new Thread(second);
        a.start();
        b.start();
        a.join();
        b.join();
    }
}
