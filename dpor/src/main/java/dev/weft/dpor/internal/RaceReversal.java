package dev.weft.dpor.internal;

import dev.weft.dpor.hb.HappensBefore;
import dev.weft.dpor.hb.VectorClock;
import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.Operation;

import java.util.Arrays;
import java.util.List;

/**
 * Source-set DPOR's answer to a race (Abdulla, Aronis, Jonsson, Sagonas, POPL 2014, Algorithm 1): for a race between
 * event {@code e} and a later event {@code e'}, let {@code E'} be the execution before {@code e} and {@code v} the events
 * after {@code e} that do not happen after it, followed by {@code e'}. Some thread that can start {@code v} at
 * {@code E'} (an <em>initial</em> of {@code v}) must be tried at {@code E'}; if none is in its backtrack set yet, one
 * is added.
 */
final class RaceReversal {

    private RaceReversal() {
    }

    /**
     * Makes sure the reversal of the race is tried.
     *
     * @param hb          the execution's happens-before relation
     * @param stack       the exploration stack; {@code stack.get(i)} is the state before event {@code i}
     * @param first       the index of {@code e}
     * @param second      the index of {@code e'}, or {@code hb.size()} when {@code e'} is a pending operation that
     *                    never ran (a thread left blocked)
     * @param lastThread  the thread of {@code e'}
     * @param lastClock   what {@code e'} knows: its clock, or its thread's clock when it never ran
     * @param lastOperation what {@code e'} did, or was about to do when it never ran (kept to name the race that
     *                    produced a failing branch)
     * @return whether the race can be reversed there: some initial is enabled at {@code E'} (false: every initial
     *         waits there, for a join, a permit, a lock)
     */
    static boolean reverse(HappensBefore hb, List<Node> stack, int first, int second, int lastThread,
                           VectorClock lastClock, Operation lastOperation) {
        Node node = stack.get(first);
        ThreadSet initials = initials(hb, first, second, lastThread, lastClock);
        Reversal why = Reversal.of(hb.event(first), lastThread, lastStep(hb, second, lastThread, lastClock),
                lastOperation);
        if (node.withinBound != null) {
            answerWhereTheRunBegan(stack, first, initials, why);
        }
        initials.and(node.enabled);
        if (initials.isEmpty()) {
            return false;
        }
        RaceSequence v = null;
        if (node.wakeup != null) {
            // e' may act otherwise once moved before e (a compare-and-set that succeeds): it is taken as announced.
            Operation announced = second < stack.size() && stack.get(second).event != null
                    ? stack.get(second).pendingOperationOf(lastThread)
                    : lastOperation;
            v = RaceSequence.of(hb, first, second, lastThread, lastClock, announced);
        }
        answerOrDefer(node, new DeferredReversal(first, new Request(initials, why, v)));
        return true;
    }

    /**
     * In a search within a preemption bound ({@link BoundedBranches}): the race is also answered where the run of
     * steps that its first step belongs to began, by an initial that can move there.
     */
    private static void answerWhereTheRunBegan(List<Node> stack, int first, ThreadSet initials, Reversal why) {
        int start = BoundedBranches.runStart(stack, first);
        if (start == first) {
            return;
        }
        Node node = stack.get(start);
        ThreadSet there = initials.copy();
        there.and(node.enabled);
        if (!there.isEmpty()) {
            answerOrDefer(node, new DeferredReversal(start, new Request(there, why, null)));
        }
    }

    /**
     * What a race asks of the state where its first step was taken: the initials of {@code v} enabled there (never
     * empty), why, and with a wakeup tree the sequence {@code v} itself. Worked out from the execution alone, so that
     * it can be answered later by whoever owns the state ({@link DeferredReversal}).
     */
    record Request(ThreadSet initials, Reversal why, RaceSequence sequence) {
    }

    /**
     * Answers the race at the state it asks, or keeps it if the state is a copy above a stolen branch: its owner
     * answers it, in the order of the sequential search.
     */
    static void answerOrDefer(Node node, DeferredReversal asked) {
        if (node.deferTo != null) {
            node.deferTo.add(asked);
        } else {
            answer(node, asked.request());
        }
    }

    /**
     * Answers the race at the state: the sequence goes into its wakeup tree, or an initial into its backtrack set,
     * unless one is there already.
     */
    static void answer(Node node, Request request) {
        RaceSequence v = request.sequence();
        if (v != null && node.enabled.get(v.thread(0))) {
            insertIntoWakeupTree(node, v, request.why());
            return;
        }
        // Without a wakeup tree, or v's first step waited at E' for something no event shows (an interrupt that woke
        // a blocked take), so v cannot run as it is: an enabled initial is tried instead, as source sets do.
        ThreadSet initials = request.initials();
        if (node.withinBound != null) {
            // only a branch within the bound answers it: one left out for the bound does not count
            answerWithinBound(node, initials, request.why());
            return;
        }
        if (initials.intersects(node.backtrack)) {
            return;
        }
        for (int q = initials.nextSetBit(0); q >= 0; q = initials.nextSetBit(q + 1)) {
            if (!node.sleep.contains(q)) {
                node.backtrackFor(q, request.why());
                if (node.wakeup != null) {
                    node.wakeup.addLeaf(q, node.pendingOperationOf(q));
                }
                return;
            }
        }
    }

    /**
     * Within a preemption bound, one initial in the backtrack set is not enough: source sets take it to stand for the
     * others because its branch reverses the race further down, which the bound may not allow. So every initial that
     * can move here within the bound is tried, as persistent sets would (Flanagan and Godefroid's "every enabled
     * thread" where the racing one cannot move); the state remembers when none can.
     */
    private static void answerWithinBound(Node node, ThreadSet initials, Reversal why) {
        ThreadSet within = initials.copy();
        within.and(node.withinBound);
        node.askedBeyondBound |= within.isEmpty();
        for (int q = within.nextSetBit(0); q >= 0; q = within.nextSetBit(q + 1)) {
            if (!node.backtrack.get(q)) {
                node.backtrackFor(q, why);
            }
        }
    }

    /** The thread's own count of steps: where {@code e'} is (or would be) in its program order. */
    private static int lastStep(HappensBefore hb, int second, int lastThread, VectorClock lastClock) {
        return second < hb.size() ? hb.event(second).threadStep() : lastClock.get(lastThread);
    }

    /**
     * Optimal DPOR's answer (Algorithm 2 of the JACM 2017 paper): unless a thread asleep at {@code E'} is a weak
     * initial of {@code v} (its trace was explored from there), {@code v} goes into the state's wakeup tree.
     */
    private static void insertIntoWakeupTree(Node node, RaceSequence v, Reversal why) {
        if (WakeupTree.sleeperCovers(v, node.sleep, node::pendingOperationOf, node.narrowSleepers)
                || !node.wakeup.insert(v, node.chosenBranch)) {
            return;
        }
        node.insertions++;
        if (!node.backtrack.get(v.thread(0))) {
            node.backtrackFor(v.thread(0), why);
        }
    }

    /**
     * For a blocking acquisition {@code e'} of a counting lock that cannot be moved before an operation it races with
     * (too few permits there): moves it before an earlier acquisition instead, the latest one from {@code acquisition}
     * back where it can run, unless {@code e'}'s thread already knew of it ({@code past}). Too few permits before a
     * release or an observation mean that acquisitions since took them; so an execution where {@code e'} comes
     * earlier also puts it before one of those acquisitions, and for a mutex this is the rule that acquisitions race
     * with acquisitions. Flanagan and Godefroid's "last dependent co-enabled transition", with co-enabledness read off
     * the explored states.
     */
    static void reverseEarlierAcquisition(HappensBefore hb, List<Node> stack, int acquisition, int second,
                                          int lastThread, VectorClock lastClock, VectorClock past,
                                          Operation lastOperation) {
        for (int w = acquisition; w >= 0; w = hb.acquisitionBefore(w)) {
            Event e = hb.event(w);
            if (past.includes(e.thread().index(), e.threadStep())
                    || reverse(hb, stack, w, second, lastThread, lastClock, lastOperation)) {
                return;
            }
        }
    }

    /** The threads whose first event in {@code v} has no happens-before predecessor in {@code v}. */
    private static ThreadSet initials(HappensBefore hb, int first, int second, int lastThread, VectorClock lastClock) {
        Event e = hb.event(first);
        int eThread = e.thread().index();
        int eStep = e.threadStep();
        ThreadSet initials = new ThreadSet();
        ThreadSet seen = new ThreadSet();
        int[] firstStep = new int[8];
        for (int k = first + 1; k < second; k++) {
            VectorClock clock = hb.clock(k);
            if (clock.includes(eThread, eStep)) {
                continue;
            }
            Event event = hb.event(k);
            firstStep = visit(event.thread().index(), event.threadStep(), clock, seen, firstStep, initials);
        }
        visit(lastThread, -1, lastClock, seen, firstStep, initials);
        return initials;
    }

    private static int[] visit(int thread, int step, VectorClock clock, ThreadSet seen, int[] firstStep,
                               ThreadSet initials) {
        if (seen.get(thread)) {
            return firstStep;
        }
        boolean initial = true;
        for (int r = seen.nextSetBit(0); r >= 0 && initial; r = seen.nextSetBit(r + 1)) {
            initial = !clock.includes(r, firstStep[r]);
        }
        if (initial) {
            initials.set(thread);
        }
        seen.set(thread);
        if (thread >= firstStep.length) {
            firstStep = Arrays.copyOf(firstStep, Math.max(thread + 1, firstStep.length * 2));
        }
        firstStep[thread] = step;
        return firstStep;
    }
}
