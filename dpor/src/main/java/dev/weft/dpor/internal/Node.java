package dev.weft.dpor.internal;

import dev.weft.scheduler.model.Dependence;
import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.ThreadId;
import dev.weft.sleepsets.SleepSet;

import java.util.Arrays;
import java.util.List;

/**
 * One state on the exploration stack: what every thread was about to do there, which threads still have to be tried
 * from it (backtrack), which were tried (done), which need not be (sleep), and the step taken on the current branch.
 */
final class Node {

    /** every live thread's next operation at this state, as the subject reported it */
    final List<PendingOperation> pending;
    final ThreadSet enabled;
    /** the daemon threads among the live ones: chosen by default only when no other thread is awake */
    private ThreadSet daemons;
    /** the live threads that have begun to wait and can only take a spurious wake-up offered to them */
    private ThreadSet offered;
    final ThreadSet backtrack = new ThreadSet();
    final ThreadSet done = new ThreadSet();
    SleepSet sleep;
    /** the thread that moves from this state on the current branch */
    int chosen;
    /** what it did; {@code null} until the branch has run */
    Event event;
    /**
     * With {@link dev.weft.dpor.SearchAlgorithm#OPTIMAL}: the sequences still to run from here, the branch being run
     * among them ({@link #chosenBranch}); {@code null} with the other algorithms
     */
    WakeupTree wakeup;
    /** the vertex of {@link #wakeup} for {@link #chosen}: its subtree is what the next state runs */
    WakeupTree chosenBranch;
    /**
     * With OPTIMAL: the sleepers that cover nothing they do not start themselves, because not every trace behind
     * them was run from their branch as this state would need. Two kinds: one whose branch, here or at a state above,
     * was a step that failed and cut its execution short (the traces behind that step were never run); and one put to
     * sleep above a shard's split ({@link ShardSplit}), whose branch's races that the paper's argument relies on ask
     * for sequences at the states above the split, which run every thread but no sequence.
     */
    final ThreadSet narrowSleepers = new ThreadSet();
    /** whether the step of the current branch failed and ended its execution */
    boolean branchFailed;
    /** In a sharded exploration ({@link ShardSplit}): whether this state is above the split; never in a whole one. */
    boolean aboveSplit;
    /** Whether this state, above the split, tries every awake enabled thread. */
    boolean expandedFully;
    /** How many times a race reversal added to this state's branches (for {@link ShardSplit}'s check). */
    int insertions;
    /** In a sharded exploration: how many states above this one had more than one awake enabled thread. */
    int choicesAbove;
    /** Whether this state starts a part of the search that another shard explores: nothing is run from it here. */
    boolean otherShard;
    /** by thread index, the race whose reversal put the thread in {@link #backtrack}; {@code null} until one does */
    private Reversal[] reversals;
    /**
     * In a stolen branch's search ({@link StolenBranch}): for a copy of a state above the branch, where the races
     * that ask something of it go, to be answered by the state's owner; {@code null} for a state of this search's own.
     */
    List<DeferredReversal> deferTo;
    /** The branch another worker took from here to run ahead of this search ({@link StolenBranch}); else null. */
    StolenBranch stolen;
    /**
     * In a search within a preemption bound ({@link BoundedBranches}): the enabled threads that may move from here
     * without the branch passing the bound; {@code null} in a search without a bound.
     */
    ThreadSet withinBound;
    /** In a search within a preemption bound: the preemptions of the branch before this state. */
    int preemptionsBefore;
    /** In a search within a preemption bound: whether a race asked for a branch here that would pass the bound. */
    boolean askedBeyondBound;
    /** In a stateful search ({@link VisitedStates}): the subject's state here ({@code null}: unknown). */
    Object state;
    /** In a stateful search: the threads asleep when the state was entered. */
    ThreadSet asleepOnEntry;

    Node(List<PendingOperation> pending, SleepSet sleep) {
        this.pending = pending;
        this.sleep = sleep;
        this.enabled = new ThreadSet();
        for (PendingOperation p : pending) {
            if (p.enabled()) {
                enabled.set(p.thread().index());
            }
            if (p.daemon()) {
                daemons = daemons == null ? new ThreadSet() : daemons; // most states have none: no set
                daemons.set(p.thread().index());
            }
            if (p.operation().lapses()) {
                offered = offered == null ? new ThreadSet() : offered;
                offered.set(p.thread().index());
            }
        }
    }

    /**
     * A copy of this state for a search that runs a branch below it (a thief's, {@link StolenBranch}): what that
     * search reads of it (the step on the path, the sleepers, the split's marks), and where its races go instead of
     * into this state's branches. With a wakeup tree, the copy's is an empty marker: races are answered with
     * sequences here.
     */
    Node copyAbove(List<DeferredReversal> deferTo) {
        Node copy = new Node(pending, sleep);
        copy.chosen = chosen;
        copy.event = event;
        copy.wakeup = wakeup == null ? null : WakeupTree.root();
        copy.narrowSleepers.or(narrowSleepers);
        copy.aboveSplit = aboveSplit;
        copy.expandedFully = expandedFully;
        copy.choicesAbove = choicesAbove;
        copy.insertions = insertions;
        copy.reversals = reversals == null ? null : reversals.clone();
        copy.deferTo = deferTo;
        return copy;
    }

    ThreadId thread(int index) {
        return pendingOf(index).thread();
    }

    /** The operation the live thread was about to perform at this state. */
    Operation pendingOperationOf(int thread) {
        return pendingOf(thread).operation();
    }

    /**
     * The live thread's entry at this state, as the subject reported it. Looked up by halving: the subject lists the
     * live threads in the order of their indices.
     */
    PendingOperation pendingOf(int thread) {
        int low = 0;
        int high = pending.size() - 1;
        while (low <= high) {
            int middle = (low + high) >>> 1;
            PendingOperation p = pending.get(middle);
            int index = p.thread().index();
            if (index == thread) {
                return p;
            }
            if (index < thread) {
                low = middle + 1;
            } else {
                high = middle - 1;
            }
        }
        throw new IllegalStateException("no live thread with index " + thread + " at this state: " + pending);
    }

    /** Adds the thread to the backtrack set because of the race; it must not be in it yet. */
    void backtrackFor(int thread, Reversal why) {
        backtrack.set(thread);
        insertions++;
        if (reversals == null || reversals.length <= thread) {
            reversals = Arrays.copyOf(reversals == null ? new Reversal[0] : reversals, thread + 1);
        }
        reversals[thread] = why;
    }

    /** Why the thread was added to the backtrack set, or {@code null} if no race reversal added it. */
    Reversal reversalOf(int thread) {
        return reversals != null && thread < reversals.length ? reversals[thread] : null;
    }

    /**
     * The first thread to try next from here: backtracked to, not tried yet, enabled, awake and within the bound (if
     * any); -1 if none.
     */
    int nextToTry() {
        for (int t = backtrack.nextSetBit(0); t >= 0; t = backtrack.nextSetBit(t + 1)) {
            if (!done.get(t) && enabled.get(t) && !sleep.contains(t) && (withinBound == null || withinBound.get(t))) {
                return t;
            }
        }
        return -1;
    }

    /**
     * The first branch of the wakeup tree whose thread can move here (enabled, awake, not tried yet), dropping those
     * before it that cannot; {@code null} when none is left.
     */
    WakeupTree nextBranch() {
        while (!wakeup.children.isEmpty()) {
            WakeupTree branch = wakeup.children.get(0);
            int t = branch.thread;
            if (enabled.get(t) && !sleep.contains(t) && !done.get(t)) {
                return branch;
            }
            wakeup.children.remove(0);
        }
        return null;
    }

    /** Whether a thread to try here was left out because it would take the branch past the preemption bound. */
    boolean leftOutByBound() {
        if (withinBound == null) {
            return false;
        }
        if (askedBeyondBound) {
            return true;
        }
        ThreadSet left = backtrack.copy();
        left.andNot(done);
        left.and(enabled);
        left.andNot(withinBound);
        return !left.isEmpty();
    }

    /** The threads asleep here. */
    ThreadSet asleep() {
        ThreadSet threads = new ThreadSet();
        for (int i = 0; i < sleep.size(); i++) {
            threads.set(sleep.thread(i));
        }
        return threads;
    }

    /** Whether more than one enabled thread is awake here: a state where the search branches. */
    boolean choice() {
        return awake(2) > 1;
    }

    /** How many enabled threads are awake here, counted up to {@code limit}. */
    int awake(int limit) {
        int awake = 0;
        for (int t = enabled.nextSetBit(0); t >= 0 && awake < limit; t = enabled.nextSetBit(t + 1)) {
            if (!sleep.contains(t)) {
                awake++;
            }
        }
        return awake;
    }

    /**
     * The first awake enabled thread whose next step is dependent with another awake enabled thread's, or -1 if their
     * steps all commute.
     */
    int firstInConflict() {
        for (PendingOperation a : pending) {
            int t = a.thread().index();
            if (!a.enabled() || sleep.contains(t)) {
                continue;
            }
            for (PendingOperation b : pending) {
                int u = b.thread().index();
                if (u != t && b.enabled() && !sleep.contains(u)
                        && Dependence.dependent(a.operation(), b.operation())) {
                    return t;
                }
            }
        }
        return -1;
    }

    /**
     * Whether the live thread has begun to wait and can only take a spurious wake-up offered to it
     * ({@link Operation#lapses()}): it is enabled, but moving another thread instead preempts nothing.
     */
    boolean offeredOnly(int thread) {
        return offered != null && offered.get(thread);
    }

    /**
     * Whether the live thread's next step here is one in which it stops waiting on its own: a spurious wake-up or a
     * timeout ({@link Operation#wakesOnItsOwn()}).
     */
    boolean wakesOnItsOwn(int thread) {
        return pendingOperationOf(thread).wakesOnItsOwn();
    }

    /** Whether some thread that is not a daemon thread is enabled here. */
    boolean someoneElseThanADaemonEnabled() {
        ThreadSet others = enabled.copy();
        if (daemons != null) {
            others.andNot(daemons);
        }
        return !others.isEmpty();
    }

    /** Whether the live thread is a daemon thread. */
    boolean daemon(int thread) {
        return daemons != null && daemons.get(thread);
    }

    /**
     * The first enabled thread that is not asleep, or -1 when every enabled thread sleeps; a daemon thread only when
     * no other one is awake. Which thread goes first is free (every other is tried where a race says so), and a
     * daemon thread is often a loop without end (a heartbeat, a refresher) that would otherwise run until the step
     * limit while the test's own threads wait.
     */
    int firstAwake() {
        return awakeGoingOn(-1);
    }

    /**
     * The thread that moved last ({@code previous}; -1: none) if it is awake and may go on, else {@link #firstAwake()}.
     * A daemon thread goes on only while no other thread is awake. Going on saves a switch of threads, and each switch
     * is a hand-off on the JVM (an OS wake-up on platform threads): the traces explored are the same.
     */
    int awakeGoingOn(int previous) {
        boolean awake = previous >= 0 && enabled.get(previous) && !sleep.contains(previous);
        if (awake && !daemon(previous)) {
            return previous;
        }
        int daemon = awake ? previous : -1;
        for (int t = enabled.nextSetBit(0); t >= 0; t = enabled.nextSetBit(t + 1)) {
            if (!sleep.contains(t)) {
                if (!daemon(t)) {
                    return t;
                }
                daemon = daemon < 0 ? t : daemon;
            }
        }
        return daemon;
    }
}
