package dev.weft.dpor.internal;

import dev.weft.dpor.ExplorationOptions;
import dev.weft.dpor.Parts;
import dev.weft.sleepsets.SleepSet;

import java.util.ArrayList;
import java.util.List;

/**
 * One search that workers of a shared exploration run ({@link BranchStealing}): the whole search, or a branch an idle
 * worker took from another search's stack to run ahead of it. The branch is the next one its state would run once the
 * current one is done; the thief runs it from what the state holds for it when taken (its sleepers, and its sequences
 * with a wakeup tree). When the owner gets there, it takes the thief's result over if the state still holds exactly
 * that for it, and runs the branch itself otherwise.
 */
final class StolenBranch {

    final DepthFirstSearch search;
    /** the search the branch was taken from; null for the whole search */
    final StolenBranch owner;
    /** the state the branch leaves from, in the owner's stack, and its depth there */
    final Node state;
    final int depth;
    final int thread;
    /** with a wakeup tree: the owner's vertex for the branch, and a copy of it as taken; else null */
    final WakeupTree vertex;
    private final WakeupTree asTaken;
    private final SleepSet sleep;
    private final ThreadSet narrowSleepers;
    /** the branches taken from this search, for cancelling them with it */
    final List<StolenBranch> taken = new ArrayList<>();
    /** this search's states that other workers may take a branch from: those above its next new state */
    Node[] published = new Node[0];
    boolean done;
    volatile boolean cancelled;

    /** The whole search. */
    StolenBranch(DepthFirstSearch search) {
        this.search = search;
        this.owner = null;
        this.state = null;
        this.depth = -1;
        this.thread = -1;
        this.vertex = null;
        this.asTaken = null;
        this.sleep = null;
        this.narrowSleepers = null;
    }

    private StolenBranch(DepthFirstSearch search, StolenBranch owner, Node state, int depth, int thread,
                         WakeupTree vertex, SleepSet sleep) {
        this.search = search;
        this.owner = owner;
        this.state = state;
        this.depth = depth;
        this.thread = thread;
        this.vertex = vertex;
        this.asTaken = vertex == null ? null : vertex.copy();
        this.sleep = sleep;
        this.narrowSleepers = state.narrowSleepers.copy();
    }

    /** A published state's next branch: its thread, its vertex with a wakeup tree, and the sleepers it starts with. */
    record Next(int thread, WakeupTree vertex, SleepSet sleep) {

        /**
         * Whether nothing the owner finds before it gets there can change the branch: a race answered later may add
         * sequences below a vertex with children, never below a leaf ({@link WakeupTree#insert}). Without a wakeup
         * tree, a race may give the state an earlier thread to try next.
         */
        boolean settled() {
            return vertex != null && vertex.isLeaf();
        }
    }

    /**
     * The next branch of the published state at {@code depth} of the owner's stack, if it has one nobody took and it
     * lies below a shard's split; else null.
     */
    static Next next(StolenBranch owner, int depth) {
        Node state = owner.published[depth];
        if (state.stolen != null || state.aboveSplit || state.event == null) {
            return null;
        }
        SleepSet sleep = owner.search.sleepAfterBranch(state);
        if (state.wakeup != null) {
            for (WakeupTree child : state.wakeup.children) {
                if (child != state.chosenBranch && runnable(state, sleep, child.thread)) {
                    return new Next(child.thread, child, sleep);
                }
            }
            return null;
        }
        for (int t = state.backtrack.nextSetBit(0); t >= 0; t = state.backtrack.nextSetBit(t + 1)) {
            if (runnable(state, sleep, t)) {
                return new Next(t, null, sleep);
            }
        }
        return null;
    }

    /** Takes the published state's next branch ({@link #next}) for a thief, with copies of the states above it. */
    static StolenBranch take(StolenBranch owner, int depth, Next next, ExplorationOptions options, Parts parts) {
        List<DeferredReversal> deferred = new ArrayList<>();
        List<Node> above = new ArrayList<>(depth + 1);
        for (int d = 0; d <= depth; d++) {
            above.add(owner.published[d].copyAbove(deferred));
        }
        Node start = above.get(depth);
        start.chosen = next.thread();
        start.event = null;
        start.sleep = next.sleep();
        start.chosenBranch = next.vertex() == null ? null : next.vertex().copy();
        Node state = owner.published[depth];
        StolenBranch branch = new StolenBranch(new DepthFirstSearch(options, parts, above, deferred), owner, state,
                depth, next.thread(), next.vertex(), next.sleep());
        state.stolen = branch;
        if (next.vertex() != null) {
            next.vertex().takenAhead = branch;
        }
        owner.taken.add(branch);
        return branch;
    }

    /** Whether the thread can run the state's next branch: not the current one's, enabled, awake, not done. */
    private static boolean runnable(Node state, SleepSet sleep, int thread) {
        return thread != state.chosen && state.enabled.get(thread) && !sleep.contains(thread)
                && !state.done.get(thread);
    }

    /**
     * Whether the state, having just chosen its next branch, holds for it what the thief ran it with: the same
     * thread, sleepers and sequences (an insertion below the vertex cancelled the branch already). Then the thief's
     * executions are exactly those the owner would run. Asked once, when the owner gets there.
     */
    boolean stillMatches() {
        return !cancelled && state.chosen == thread && sleep.equals(state.sleep) && narrowSleepers.equals(state.narrowSleepers)
                && (vertex == null ? state.wakeup == null
                        : state.chosenBranch == vertex && vertex.sameAs(asTaken));
    }

    /** The owner has got to the branch: no insertion below its vertex cancels it any more. */
    void handedBack() {
        if (vertex != null) {
            vertex.takenAhead = null;
        }
    }

    /** Cancels this branch and those taken from it: their results will never be taken over. */
    void cancel() {
        cancelled = true;
        taken.forEach(StolenBranch::cancel);
    }

    /** Whether this is the given branch or one taken from it, directly or not. */
    boolean within(StolenBranch family) {
        for (StolenBranch b = this; b != null; b = b.owner) {
            if (b == family) {
                return true;
            }
        }
        return false;
    }
}
