package dev.weft.scheduler.runtime;

import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.runtime.threads.ManagedThread;

/**
 * The step in which a waiting thread wakes up although nothing woke it, as {@code Object.wait},
 * {@code Condition.await} and {@code LockSupport.park} are allowed to do. The run offers it, when the settings ask for
 * spurious wake-ups ({@link RuntimeSettings#spuriousWakeups()}), in place of an untimed wait that is not woken, once
 * per thread and execution, while another thread is free (see {@code JvmRun.next}); after it the thread stays paused
 * at the wait, now able to go on (a wait still takes its monitor back first). Its operation is given by the wait
 * ({@link Action#spuriousWakeUp()}), so that the explorer orders it against the notify, signal or unpark it stands in
 * for, and is marked as an offer that lapses ({@link Operation#lapses()}), so that the explorer runs both the
 * wake-up and the other threads moving on without it. The failure of an execution with one says so
 * ({@link Execution#fail}).
 */
public final class SpuriousWakeUp extends Action {

    private final ManagedThread thread;
    private final Action waiting;

    SpuriousWakeUp(ManagedThread thread, Action waiting) {
        super(waiting.spuriousWakeUp().lapsing(), waiting.site());
        this.thread = thread;
        this.waiting = waiting;
    }

    @Override
    public Action perform() {
        waiting.wakeSpuriously();
        thread.execution.wokeSpuriously(thread, waiting.site());
        return waiting;
    }

    @Override
    public String value() {
        return "spurious wake-up";
    }

    @Override
    public String whyBlocked() {
        return waiting.whyBlocked();
    }

    @Override
    public ManagedThread waitsFor() {
        return waiting.waitsFor();
    }
}
