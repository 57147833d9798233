package dev.weft.dpor.internal;

import dev.weft.dpor.hb.HappensBefore;
import dev.weft.dpor.hb.VectorClock;
import dev.weft.scheduler.model.Dependence;
import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.LockId;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.PendingOperation;

import java.util.Collections;
import java.util.List;
import java.util.Set;

/**
 * A stateful search's answer where an execution stopped at a state explored before (Yang et al., SPIN 2008, Figure
 * 5, lines 4–7): the steps that state's future may take are not run again, but their races with the new prefix must
 * still be reversed, as a stateless search would once it had run them. Each step the graph reaches from the state
 * ({@link VisitedStates#reachableFrom}) is taken as a step its thread could take next, knowing no more than it knows
 * now: it races with the latest step of the prefix that it depends on and that its thread does not know of, as a
 * thread left blocked at the end of an execution does (a blocking acquisition with the acquisition before it, as
 * there). Where none of the threads that could start the reversal can move at that state, every thread awake there is
 * tried (Flanagan and Godefroid's rule, which the paper keeps): a future step's real order is not known, so no
 * narrower choice is safe.
 */
final class RevisitedFuture {

    private RevisitedFuture() {
    }

    /**
     * Reverses the races of every step that may follow the revisited state with the prefix that led to it.
     *
     * @param cut  every live thread's pending operation at the revisited state
     * @param held per event of the execution, the exclusive locks its thread held ({@link HeldLocks#of})
     */
    static void reverse(VisitedStates visited, HappensBefore hb, List<Node> stack, List<PendingOperation> cut,
                        List<Set<LockId>> held) {
        for (VisitedStates.Step step : visited.reachableFrom(cut)) {
            int thread = step.thread();
            VectorClock clock = hb.currentClock(thread);
            Set<LockId> locks = visited.heldBy(step);
            for (Operation op : visited.operationsOf(step)) {
                reverse(hb, stack, thread, clock, op, locks, held);
            }
        }
    }

    private static void reverse(HappensBefore hb, List<Node> stack, int thread, VectorClock clock, Operation op,
                                Set<LockId> locks, List<Set<LockId>> held) {
        if (op.lockId() != null && op.kind() == OpKind.LOCK && op.lockId().counting()) {
            RaceReversal.reverseEarlierAcquisition(hb, stack, hb.latestAcquisition(op.lockId()), hb.size(), thread,
                    clock, clock, op);
            return;
        }
        int racing = op.lockId() != null && op.kind().acquires()
                ? hb.raceOfPendingAcquire(thread, op.lockId())
                : latestDependent(hb, thread, clock, op, locks, held);
        if (racing >= 0 && !RaceReversal.reverse(hb, stack, racing, hb.size(), thread, clock, op)) {
            tryEveryAwakeThread(stack.get(racing));
        }
    }

    /**
     * The latest step of another thread that the operation depends on, that its thread does not know of, and that
     * held no lock in common with it ({@code locks}): the latest one it could have been enabled together with. -1 if
     * none.
     */
    private static int latestDependent(HappensBefore hb, int thread, VectorClock clock, Operation op,
                                       Set<LockId> locks, List<Set<LockId>> held) {
        for (int i = hb.size() - 1; i >= 0; i--) {
            Event e = hb.event(i);
            int other = e.thread().index();
            if (other != thread && !clock.includes(other, e.threadStep()) && Collections.disjoint(locks, held.get(i))
                    && Dependence.dependent(e.operation(), op)) {
                return i;
            }
        }
        return -1;
    }

    private static void tryEveryAwakeThread(Node node) {
        for (int t = node.enabled.nextSetBit(0); t >= 0; t = node.enabled.nextSetBit(t + 1)) {
            if (!node.backtrack.get(t) && !node.sleep.contains(t)) {
                node.backtrackFor(t, null);
            }
        }
    }
}
