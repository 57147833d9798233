package dev.weft.dpor.internal;

import dev.weft.scheduler.model.Dependence;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.sleepsets.SleepSet;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.IntFunction;

/**
 * A wakeup tree (Abdulla, Aronis, Jonsson, Sagonas, "Source Sets: A Foundation for Optimal Dynamic Partial Order
 * Reduction", JACM 2017, section 6): the sequences of steps still to be run from one state, so that every reversed
 * race is run along a sequence that leads to it, not just started with a thread that may wander off and be cut off
 * by a sleep set. Each vertex is one step (a thread and the operation it will perform); its children are ordered, the
 * first to be run first.
 *
 * <p>A vertex's children start with different threads. Inserting a sequence {@code v} descends from the root through
 * the first child whose thread is a <em>weak initial</em> of what is left of {@code v} (it can be run first without
 * reordering a dependent pair of {@code v}), taking that thread's step out of {@code v}; reaching a leaf means some
 * sequence already in the tree runs {@code v}'s trace, and the tree stays as it was; otherwise the rest of {@code v}
 * is added as the last branch under the vertex reached.
 */
final class WakeupTree {

    /** the thread that moves, or -1 for the root */
    final int thread;
    /** what it will do: the step of the execution the sequence was taken from */
    final Operation operation;
    /** sized as it grows from nothing: most vertices have one child or none, and each state has a tree */
    final List<WakeupTree> children = new ArrayList<>(0);
    /**
     * The worker's branch that runs this vertex's subtree ahead of its owner ({@link StolenBranch}), while it does;
     * an insertion below this vertex cancels it at once, since the owner will not take it over.
     */
    StolenBranch takenAhead;

    private WakeupTree(int thread, Operation operation) {
        this.thread = thread;
        this.operation = operation;
    }

    /** An empty tree: the root of a state's tree. */
    static WakeupTree root() {
        return new WakeupTree(-1, null);
    }

    boolean isLeaf() {
        return children.isEmpty();
    }

    /** Adds a leaf child for a thread chosen freely at this state (no sequence leads anywhere yet). */
    WakeupTree addLeaf(int thread, Operation operation) {
        WakeupTree child = new WakeupTree(thread, operation);
        children.add(child);
        return child;
    }

    /** A copy of this vertex and everything below it, for a search that runs it elsewhere ({@link StolenBranch}). */
    WakeupTree copy() {
        WakeupTree copy = new WakeupTree(thread, operation);
        for (WakeupTree child : children) {
            copy.children.add(child.copy());
        }
        return copy;
    }

    /** Whether the two trees hold the same sequences in the same order. */
    boolean sameAs(WakeupTree other) {
        if (thread != other.thread || !Objects.equals(operation, other.operation)
                || children.size() != other.children.size()) {
            return false;
        }
        for (int i = 0; i < children.size(); i++) {
            if (!children.get(i).sameAs(other.children.get(i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the sequence needs no run from here: some sleeping thread is a weak initial of it, so its trace was
     * explored from this state (the insertion's guard in Algorithm 2 of the paper). A sleeper is taken with its
     * operation as announced here ({@code announced}), not as it performed it on its branch: a compare-and-set that
     * failed there may succeed after the steps of the sequence, and then it is not the same step.
     *
     * <p>Some sleepers cover only a sequence they have a step in (that they start): those in {@code narrow}
     * ({@link Node#narrowSleepers}: one whose step failed and ended its execution, so nothing was run after its step;
     * one put to sleep above a shard's split), and one waiting to acquire a lock. For
     * the second the paper's rule, a step independent of every step of the sequence, lost traces
     * ({@code BenchmarkFamilies.mpc(3, 3, 2, 1)}: 156 of 162): the acquisition is independent of the sequence, but
     * not of what the sequence's threads do next inside their critical sections.
     */
    static boolean sleeperCovers(Sequence v, SleepSet sleep, IntFunction<Operation> announced, ThreadSet narrow) {
        for (int i = 0; i < sleep.size(); i++) {
            int thread = sleep.thread(i);
            Operation operation = announced.apply(thread);
            boolean startsOnly = narrow.get(thread) || operation.lockId() != null;
            if ((!startsOnly || v.has(thread)) && v.weakInitial(thread, operation)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Inserts the sequence under this vertex (see the class comment); returns whether the tree changed.
     *
     * @param taken the branch taken from here by the execution the race was found in: the step of {@code e}, which
     *              conflicts with {@code e'} (also where the conflict is only taken to be one: a failure conflicts
     *              with every other thread's next step), so {@code v} never goes down it
     */
    boolean insert(Sequence v, WakeupTree taken) {
        WakeupTree at = this;
        Sequence rest = v;
        StolenBranch ahead = null;
        descend:
        while (true) {
            if (at != this && at.isLeaf()) {
                return false;
            }
            for (WakeupTree child : at.children) {
                if (child != taken && rest.weakInitial(child.thread, child.operation)) {
                    rest = rest.without(child.thread);
                    at = child;
                    ahead = ahead != null ? ahead : child.takenAhead;
                    if (rest.isEmpty()) {
                        return false;
                    }
                    continue descend;
                }
            }
            break;
        }
        if (ahead != null) {
            ahead.cancel();
        }
        WakeupTree parent = at;
        for (int k = 0; k < rest.size(); k++) {
            parent = parent.addLeaf(rest.thread(k), rest.operation(k));
        }
        return true;
    }

    /**
     * A sequence of steps of one execution, each with what it knows of the others (their order in happens-before),
     * to be inserted into a wakeup tree: {@code notdep(e, E).e'} for a race between {@code e} and {@code e'}.
     */
    interface Sequence {
        int size();

        boolean isEmpty();

        int thread(int k);

        Operation operation(int k);

        /** Whether the thread has a step in the sequence. */
        boolean has(int thread);

        /** The sequence without the first step of {@code thread} (itself when the thread has no step in it). */
        Sequence without(int thread);

        /**
         * Whether {@code thread}, about to perform {@code operation}, can go first without reordering two dependent
         * steps: its first step in the sequence has no predecessor in it, or it has no step in it and its operation
         * is independent of every step of it.
         */
        boolean weakInitial(int thread, Operation operation);
    }

    /**
     * Whether two steps of different threads do not commute, for the weak-initial test of a thread that has no step
     * in a sequence: dependent operations, a start of the other thread (which orders all its steps), or an offer that
     * lapses (a spurious wake-up: the other thread's step takes it away).
     */
    static boolean ordered(int thread, Operation operation, int otherThread, Operation other) {
        if (operation == null || other == null || operation.lapses() || other.lapses()) {
            return true;
        }
        if (operation.kind() == OpKind.START && operation.startedThread().index() == otherThread
                || other.kind() == OpKind.START && other.startedThread().index() == thread) {
            return true;
        }
        return Dependence.dependent(operation, other);
    }
}
