package dev.weft.dpor.internal;

import dev.weft.dpor.hb.HappensBefore;
import dev.weft.dpor.hb.VectorClock;
import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.sleepsets.SleepSet;

import java.util.List;

/**
 * Offers that lapse ({@link Operation#lapses()}): a spurious wake-up, offered to a thread that has just begun to wait,
 * for as long as no other thread moves. At a state with an offer the explorer has two outcomes to run, whichever the
 * free choice takes first: the waiter takes the offer, or another thread moves and the waiter waits on (it may then
 * wait forever: a lost notify). Neither is a race of the execution's events: the wake-up conflicts only with what it
 * stands in for (a notify, an unpark), and when it lapsed it is not an event at all. So each state with an offer asks
 * for the outcome it did not take, as a reversal of a race would (docs/design/explorers.md, "Spurious wake-ups: an
 * offer that lapses"). Every other thread's step takes the offer away in the same way, so one of them stands for all.
 */
final class LapsingOffers {

    private LapsingOffers() {
    }

    /**
     * Asks each state from {@code firstNew} on where an offer was open for the outcome its branch did not take: a
     * step of another awake thread where the offer was taken, the offer where another thread moved.
     */
    static void exploreBothOutcomes(HappensBefore hb, List<Node> stack, int firstNew) {
        int end = Math.min(stack.size(), hb.size());
        for (int j = Math.max(firstNew, 0); j < end; j++) {
            Node node = stack.get(j);
            for (PendingOperation offer : node.pending) {
                int offered = offer.thread().index();
                if (!offer.enabled() || !offer.operation().lapses() || node.sleep.contains(offered)) {
                    continue;
                }
                Event taken = hb.event(j);
                if (taken.thread().index() == offered) {
                    askForAnotherThread(hb, node, j, offered);
                } else {
                    ask(hb, node, j, offered, offer.operation(), ThreadSet.of(offered));
                }
            }
        }
    }

    /** The thread that took the offer: another awake enabled thread moves there instead. */
    private static void askForAnotherThread(HappensBefore hb, Node node, int j, int offered) {
        ThreadSet others = node.enabled.copy();
        others.clear(offered);
        for (int t = others.nextSetBit(0); t >= 0; t = others.nextSetBit(t + 1)) {
            if (!node.sleep.contains(t)) {
                ask(hb, node, j, t, node.pendingOperationOf(t), others);
                return;
            }
        }
    }

    /** Asks the state at {@code j} to run {@code thread}'s step there first (any of {@code initials} would do). */
    private static void ask(HappensBefore hb, Node node, int j, int thread, Operation operation, ThreadSet initials) {
        VectorClock clock = hb.clockBefore(thread, j);
        int step = clock.get(thread);
        Reversal why = Reversal.of(hb.event(j), thread, step, operation);
        RaceSequence v = node.wakeup == null ? null : RaceSequence.of(thread, step, operation, clock);
        RaceReversal.answerOrDefer(node, new DeferredReversal(j, new RaceReversal.Request(initials, why, v)));
    }

    /**
     * The sleepers of the state after {@code parent}'s step. When that step took an offer, the threads whose branches
     * ran from {@code parent} before it wake: each of them took the offer away, so none of their traces has the
     * wake-up, however independent their steps are of it.
     */
    static SleepSet sleepAfter(Node parent) {
        SleepSet sleep = parent.sleep.after(parent.chosen, parent.event.operation());
        if (parent.event.operation().lapses()) {
            for (int t = parent.done.nextSetBit(0); t >= 0; t = parent.done.nextSetBit(t + 1)) {
                sleep = sleep.without(t);
            }
        }
        return sleep;
    }
}
