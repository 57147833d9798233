package dev.weft.scheduler.instrument.subjects;

public class Threads {

    public static String startJoinAndFriends() throws InterruptedException {
        StringBuilder out = new StringBuilder();
        Thread worker = new Thread(() -> out.append("ran"), "subject-runnable");
        worker.start(); // mark:start
        worker.join(); // mark:join
        worker.join(5); // mark:joinMillis
        worker.join(5, 1); // mark:joinNanos
        boolean alive = worker.isAlive(); // mark:alive
        Thread.sleep(1); // mark:sleep
        Thread.sleep(0, 1); // mark:sleepNanos
        Thread.yield(); // mark:yield
        Thread.onSpinWait(); // mark:spin
        Thread.currentThread().interrupt(); // mark:interrupt
        boolean interrupted = Thread.currentThread().isInterrupted(); // mark:isInterrupted
        boolean cleared = Thread.interrupted(); // mark:interrupted
        return out + " " + alive + " " + interrupted + " " + cleared;
    }

    public static void runFailingSubclass() throws InterruptedException {
        Failing failing = new Failing();
        failing.setUncaughtExceptionHandler((thread, thrown) -> { });
        failing.start(); // mark:subclassStart
        failing.join();
    }

    public static void runDelegatingSubclass() throws InterruptedException {
        Delegating delegating = new Delegating(() -> { });
        delegating.start();
        delegating.join();
    }

    /** Overrides run() without calling super.run(): Thread.run() never runs. */
    public static final class Failing extends Thread {
        Failing() {
            super("subject-failing");
        }

        @Override
        public void run() {
            throw new IllegalStateException("failed"); // mark:failingRun
        }
    }

    /** Overrides run() and calls super.run(): both are bracketed, only one is reported. */
    public static final class Delegating extends Thread {
        Delegating(Runnable task) {
            super(task, "subject-delegating");
        }

        @Override
        public void run() {
            super.run();
        }
    }

    /** Overrides run(), not final: a subclass outside the subjects inherits an instrumented run(). */
    public static class Subclassable extends Thread {
        @Override
        public void run() {
        }
    }
}
