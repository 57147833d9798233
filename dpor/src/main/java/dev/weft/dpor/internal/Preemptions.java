package dev.weft.dpor.internal;

import java.util.List;

/**
 * Counts preemptions along a branch of states: steps at which the scheduler switched away from the thread that moved
 * just before although that thread could have gone on (it was still alive and enabled). A switch because the thread
 * blocked or ended is free, and so is one from a daemon thread to another thread: a daemon runs when the test's threads
 * cannot ({@link Node#firstAwake}), so letting it go on while one of them could is a preemption. Fewer preemptions make a schedule easier to read (Musuvathi and Qadeer, PLDI 2007).
 */
final class Preemptions {

    private Preemptions() {
    }

    /** Whether letting {@code thread} move at state {@code depth} of the branch preempts the thread that moved before. */
    static boolean preempts(List<Node> branch, int depth, int thread) {
        return depth > 0 && preempts(branch.get(depth), branch.get(depth - 1).chosen, thread);
    }

    /** Whether letting {@code thread} move at the state preempts {@code previous}, the thread that moved before. */
    static boolean preempts(Node node, int previous, int thread) {
        if (!node.enabled.get(previous) || node.offeredOnly(previous)) {
            return false; // blocked, ended, or waiting with only a spurious wake-up to take: the switch is free
        }
        if (node.daemon(previous) && node.someoneElseThanADaemonEnabled()) {
            return node.daemon(thread); // the test's threads go first: keeping a daemon going is the preemption
        }
        return previous != thread;
    }

    /**
     * @return for each {@code d} from 0 to {@code steps}, the preemptions among the first {@code d} steps of the branch
     */
    static int[] running(List<Node> branch, int steps) {
        int[] counts = new int[steps + 1];
        for (int d = 0; d < steps; d++) {
            counts[d + 1] = counts[d] + (preempts(branch, d, branch.get(d).chosen) ? 1 : 0);
        }
        return counts;
    }
}
