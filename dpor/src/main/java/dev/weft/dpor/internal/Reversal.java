package dev.weft.dpor.internal;

import dev.weft.dpor.RacingSteps;
import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.PendingOperation;

import java.util.List;

/**
 * Why a thread was added to a state's backtrack set: a race between {@code e}, the step taken from that state in an
 * earlier execution, and {@code e'}, a later step of another thread (or the operation it was left about to do). The
 * new branch is meant to run {@code e'} before {@code e}. Steps are named by thread and position in the thread's
 * program order, which is how they can be found again in the execution the branch produces.
 *
 * @param thread      the thread of {@code e}
 * @param step        its position in its thread, from 0
 * @param operation   what {@code e} did
 * @param otherThread the thread of {@code e'}
 * @param otherStep   its position in its thread
 * @param otherOperation what {@code e'} did or was about to do
 */
record Reversal(int thread, int step, Operation operation, int otherThread, int otherStep, Operation otherOperation) {

    static Reversal of(Event e, int otherThread, int otherStep, Operation otherOperation) {
        return new Reversal(e.thread().index(), e.threadStep(), e.operation(), otherThread, otherStep, otherOperation);
    }

    /**
     * The pair in the execution the branch produced, when that execution did reverse it: {@code e'} ran, and
     * {@code e} ran after it or never ran because the execution failed first. {@code null} when it did not.
     *
     * @param pending every live thread's next operation when the execution ended
     */
    RacingSteps locate(List<Event> events, List<PendingOperation> pending) {
        int reversedFirst = find(events, otherThread, otherStep, otherOperation);
        if (reversedFirst < 0) {
            return null;
        }
        int reversedSecond = find(events, thread, step, operation);
        if (reversedSecond > reversedFirst) {
            return new RacingSteps(RacingSteps.Origin.REVERSED, reversedFirst, reversedSecond, null);
        }
        if (reversedSecond >= 0) {
            return null;
        }
        for (PendingOperation p : pending) {
            if (p.thread().index() == thread && sameTarget(p.operation(), operation)) {
                return new RacingSteps(RacingSteps.Origin.REVERSED, reversedFirst, -1, p);
            }
        }
        return null;
    }

    private static int find(List<Event> events, int thread, int step, Operation operation) {
        for (Event e : events) {
            if (e.thread().index() == thread && e.threadStep() == step) {
                return sameTarget(e.operation(), operation) ? e.index() : -1;
            }
        }
        return -1;
    }

    /**
     * Whether two operations of one thread at one step are the same one. The kind is left out: a compare-and-set is
     * pending as {@code CAS} and runs as a success or a failure.
     */
    private static boolean sameTarget(Operation a, Operation b) {
        return a.target() == null ? b.target() == null : a.target().equals(b.target());
    }
}
