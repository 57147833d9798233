package dev.weft.dpor.internal;

import java.util.List;

/**
 * What a search within a preemption bound changes in DPOR: bounded partial-order reduction (Coons, Musuvathi and
 * McKinley, OOPSLA 2013). Pruning DPOR's branches by the bound alone misses outcomes the bound allows: the reversal of
 * a race between two steps of one thread's run may need a preemption there, where starting the other thread before
 * that run began needs none. So a race is also answered where the run of the thread that took its first step began,
 * and a branch is taken only if it keeps the schedule within the bound.
 *
 * <p>Sleep sets are off in such a search: a sleeper stands for a schedule explored from another branch, which may
 * have more preemptions than the bound allows, and was then not run at all. Without them the search may run a trace
 * more than once, which the bound keeps small, and never leaves out an outcome within the bound (checked against
 * every schedule within the bound on random programs, {@code BoundedCoverageDifferentialTest}).
 */
final class BoundedBranches {

    private BoundedBranches() {
    }

    /**
     * Marks the threads that may move from a new state within {@code bound} preemptions: the branch above it is the
     * stack, whose last state's chosen thread moved just before.
     */
    static void place(Node node, List<Node> stack, int bound) {
        int depth = stack.size();
        int previous = depth == 0 ? -1 : stack.get(depth - 1).chosen;
        node.preemptionsBefore = depth == 0 ? 0 : stack.get(depth - 1).preemptionsBefore
                + (Preemptions.preempts(stack, depth - 1, previous) ? 1 : 0);
        node.withinBound = new ThreadSet();
        for (int t = node.enabled.nextSetBit(0); t >= 0; t = node.enabled.nextSetBit(t + 1)) {
            boolean preempts = previous >= 0 && Preemptions.preempts(node, previous, t);
            if (node.preemptionsBefore + (preempts ? 1 : 0) <= bound) {
                node.withinBound.set(t);
            }
        }
    }

    /**
     * The state where the run of steps of the thread that took step {@code first} began: the conservative point where
     * a race with that step is also answered ({@code first} itself when the run begins there).
     */
    static int runStart(List<Node> stack, int first) {
        int thread = stack.get(first).chosen;
        int start = first;
        while (start > 0 && stack.get(start - 1).chosen == thread) {
            start--;
        }
        return start;
    }
}
