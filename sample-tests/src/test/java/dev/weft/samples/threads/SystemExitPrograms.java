package dev.weft.samples.threads;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.samples.support.Concurrently;

/**
 * Code under test that ends the JVM in some interleaving. Run by {@link SystemExitTest}: the execution fails with
 * {@code SYSTEM_EXIT} and the test JVM goes on.
 */
class SystemExitPrograms {

    static final class Flag {
        boolean set;
    }

    /** The second thread exits only if it sees the first one's write: one interleaving of two ends the JVM. */
    @ExhaustiveConcurrency
    void exitsWhenItSeesTheOtherWrite() throws InterruptedException {
        Flag flag = new Flag();
        Concurrently.run(() -> flag.set = true, () -> {
            if (flag.set) {
                System.exit(7);
            }
        });
    }

    /** The same check after the join: the flag is always set, so the thread that looks never exits (it looked first). */
    @ExhaustiveConcurrency
    void exitsOnlyIfItLooksFirst() throws InterruptedException {
        Flag flag = new Flag();
        Thread setter = new Thread(() -> flag.set = true);
        setter.start();
        setter.join();
        if (!flag.set) {
            System.exit(1);
        }
    }

    /** A worker halts the JVM. */
    @ExhaustiveConcurrency
    void aWorkerHalts() throws InterruptedException {
        Thread worker = new Thread(() -> Runtime.getRuntime().halt(3));
        worker.start();
        worker.join();
    }

    /** The test body itself exits. */
    @ExhaustiveConcurrency
    void theTestBodyExits() {
        Runtime.getRuntime().exit(0);
    }
}
