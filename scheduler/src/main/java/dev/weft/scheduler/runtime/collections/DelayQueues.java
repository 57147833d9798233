package dev.weft.scheduler.runtime.collections;

import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.runtime.Step;
import dev.weft.scheduler.runtime.pools.JdkInternalSync;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.util.Queue;
import java.util.concurrent.DelayQueue;

/**
 * Queues that wait by themselves on the execution's clock: {@code DelayQueue} and the delay queue of a
 * {@code ScheduledThreadPoolExecutor}. Their code is instrumented ({@code JdkClasses}), so their waits (on their own
 * lock's condition, for as long as the first element's delay) are the runtime's, their lock is silent
 * ({@link JdkInternalSync}) and their delays read the virtual clock. At the user's level each call is a change of the
 * queue, one step before the real call: which element a take gets depends on the order of the calls.
 *
 * <p>A call that waits looks at the queue again each time it wakes, and that look decides what it gets: so the wake
 * is followed by one more change of the queue ({@link #lookAgain}). Without it the look would be ordered against the
 * other calls only by the queue's silent lock and signal, so the free choice would decide it: a worker of a scheduled
 * pool that its leader signalled to take the next due task could be overtaken by the leader coming back for that
 * task, an order no race names, and two tasks due at once would never run at once.
 */
public final class DelayQueues {

    private static final String DELAYED_WORK_QUEUE = "java.util.concurrent.ScheduledThreadPoolExecutor$DelayedWorkQueue";

    private DelayQueues() {
    }

    static boolean handles(Queue<?> queue) {
        return queue instanceof DelayQueue<?> || queue.getClass().getName().equals(DELAYED_WORK_QUEUE);
    }

    /** The call, after a step that changes the queue. */
    static <T> T call(ManagedThread self, Queue<?> queue, int site, Call<T> real) throws InterruptedException {
        Location state = Location.objectState(self.execution.names.nameOf(queue, self));
        Step.change(self, Operation.write(state), site);
        Location outer = self.delayQueueCall;
        self.delayQueueCall = state;
        try {
            return real.run();
        } finally {
            self.delayQueueCall = outer;
        }
    }

    /**
     * What a wait inside the call on the queue at {@code state} timing out means to the user: its first element's
     * delay is over, a scheduled pool's next task is due.
     */
    public static String due(Location state) {
        return state.owner().startsWith("DelayedWorkQueue") ? "scheduled task due"
                : "first delayed element of " + state.owner() + " due";
    }

    /** After a wait of {@code self} on a condition: if the wait was inside a delay queue's call, its look again. */
    public static void lookAgain(ManagedThread self, int site) {
        if (self.delayQueueCall != null) {
            Step.change(self, Operation.write(self.delayQueueCall), site);
        }
    }

    /** {@link #call} of a call that cannot be interrupted. */
    static <T> T callNonBlocking(ManagedThread self, Queue<?> queue, int site, Call<T> real) {
        try {
            return call(self, queue, site, real);
        } catch (InterruptedException notThrownByNonBlockingCalls) {
            throw new IllegalStateException(notThrownByNonBlockingCalls);
        }
    }

    @FunctionalInterface
    interface Call<T> {
        T run() throws InterruptedException;
    }
}
