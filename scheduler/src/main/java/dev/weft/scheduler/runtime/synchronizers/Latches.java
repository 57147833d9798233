package dev.weft.scheduler.runtime.synchronizers;

import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.runtime.GuardedCall;
import dev.weft.scheduler.runtime.Step;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.util.concurrent.CountDownLatch;

/**
 * {@code CountDownLatch}, by guarded real calls on the latch's state ({@code Location.objectState}).
 *
 * <ul>
 *   <li>countDown: {@code RMW}, then the real call; at zero it changes nothing, and a spin loop that repeats it
 *   waits fairly (the spin rule sees a query).</li>
 *   <li>getCount: {@code READ}, then the real call.</li>
 *   <li>await: {@code READ}, enabled once {@code getCount() == 0} (or interrupted, or — timed — at any time: it may
 *   time out). The real {@code await} would then return at once and change nothing, so it is not made.</li>
 * </ul>
 *
 * <p>Plain location semantics are exact here: the wait only reads, and once the count is zero it stays zero, so the
 * only write that enables it is the last {@code countDown}, which it can never precede.
 */
final class Latches {

    private Latches() {
    }

    static boolean await(ManagedThread self, CountDownLatch latch, long nanos, int site) throws InterruptedException {
        Location state = state(self, latch);
        GuardedCall.Mode mode = nanos < 0 ? GuardedCall.Mode.INTERRUPTIBLE : GuardedCall.Mode.TIMED;
        return new GuardedCall(self, mode, Operation.read(state), site) {
            @Override
            public boolean ready() {
                return latch.getCount() == 0;
            }

            @Override
            public String whyBlocked() {
                return "waits for " + state + " to count down to 0, at " + latch.getCount()
                        + ", and no thread will count it down";
            }
        }.await();
    }

    static void countDown(ManagedThread self, CountDownLatch latch, int site) {
        Operation operation = new Operation(OpKind.RMW, state(self, latch));
        if (latch.getCount() == 0) {
            Step.spentChange(self, operation, site); // zero stays zero: this one changes nothing
        } else {
            Step.change(self, operation, site);
        }
        self.execution.journal.changedForGood(latch, site); // a count never goes up again
        latch.countDown();
    }

    static long getCount(ManagedThread self, CountDownLatch latch, int site) {
        Step.observe(self, Operation.read(state(self, latch)), site);
        return latch.getCount();
    }

    private static Location state(ManagedThread self, CountDownLatch latch) {
        return Location.objectState(self.execution.names.nameOf(latch, self));
    }
}
