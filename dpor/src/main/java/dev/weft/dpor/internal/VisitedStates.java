package dev.weft.dpor.internal;

import dev.weft.dpor.StoredStates;
import dev.weft.scheduler.model.LockId;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.PendingOperation;

import java.util.ArrayDeque;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * What a stateful search remembers (Yang, Chen, Gopalakrishnan and Kirby, "Efficient Stateful Dynamic Partial Order
 * Reduction", SPIN 2008): the states explored to their end, and a graph of the steps seen one after the other, from
 * which it reads what may happen after a state without running it again.
 *
 * <p><b>The states.</b> A state is stored once the search has left it for good, every branch below it run: then every
 * state reachable from it (by the reduced search) was explored too. With it go the threads asleep when it was entered:
 * an execution that reaches it again may stop there only if those threads sleep there again (a sleeper's branch was
 * run elsewhere; one awake now but asleep then was never run from it). A state still on the stack (the execution came
 * back to a state it passed: a loop that changed nothing) is not stored yet, so the search goes on there as a
 * stateless one does.
 *
 * <p><b>The graph</b> (the paper's visible-operation dependency graph): its vertices are steps, a thread and the
 * operation it was about to perform; an edge joins two steps taken one after the other in some execution. Every step
 * taken after a state in any execution explored from it is reachable from the steps that were pending there, so the
 * graph's reach from a revisited state over-approximates what its future would do: the races that future would have
 * with the new prefix are reversed from that ({@link DepthFirstSearch}).
 */
final class VisitedStates {

    /** A vertex of the graph: a thread about to perform an operation. */
    record Step(int thread, Operation operation) {
    }

    private final long cap;
    /** per stored state, the threads asleep when it was first entered (those asleep in every entry, once it is kept) */
    private final Map<Object, ThreadSet> explored = new HashMap<>();
    private final Map<Step, Set<Step>> successors = new HashMap<>();
    /** per step, what it turned out to do when it ran (a compare-and-set announced, a success or a failure done) */
    private final Map<Step, Set<Operation>> performed = new HashMap<>();
    /** per step, the exclusive locks its thread held every time it ran ({@link HeldLocks}) */
    private final Map<Step, Set<LockId>> held = new HashMap<>();
    private boolean capReached;

    /** @param cap at least 1 ({@link dev.weft.dpor.Explorer#stateful} checks it) */
    VisitedStates(long cap) {
        this.cap = cap;
    }

    /**
     * Whether an execution may stop at the state: it was explored to its end, with no thread awake then that sleeps
     * now.
     */
    boolean revisit(Object state, ThreadSet asleepNow) {
        ThreadSet asleepThen = state == null ? null : explored.get(state);
        if (asleepThen == null) {
            return false;
        }
        ThreadSet awakeNowOnly = asleepThen.copy();
        awakeNowOnly.andNot(asleepNow);
        if (!awakeNowOnly.isEmpty()) {
            return false;
        }
        return true;
    }

    /**
     * Stores the state, explored to its end, with the threads asleep when it was entered. A state explored again
     * (with fewer sleepers than stored) keeps those asleep both times. Once the store is full, no new state is kept.
     */
    void explored(Object state, ThreadSet asleepOnEntry) {
        if (state == null) {
            return;
        }
        ThreadSet before = explored.get(state);
        if (before != null) {
            before.and(asleepOnEntry);
        } else if (explored.size() < cap) {
            explored.put(state, asleepOnEntry.copy());
        } else {
            capReached = true;
        }
    }

    /** Records that {@code after} was taken right after {@code before} in an execution. */
    void followed(Step before, Step after) {
        successors.computeIfAbsent(before, s -> new LinkedHashSet<>()).add(after);
    }

    /** Records what the step did when it ran, and the exclusive locks its thread held then. */
    void ran(Step step, Operation done, Set<LockId> locks) {
        performed.computeIfAbsent(step, s -> new LinkedHashSet<>()).add(done);
        held.merge(step, locks, (before, now) -> {
            Set<LockId> both = new HashSet<>(before);
            both.retainAll(now);
            return both.size() == before.size() ? before : Set.copyOf(both);
        });
    }

    /** The exclusive locks the step's thread held every time it ran; empty for a step never run. */
    Set<LockId> heldBy(Step step) {
        return held.getOrDefault(step, Set.of());
    }

    /** Records that each enabled pending operation may be taken right after {@code before}. */
    void followedByAny(Step before, Collection<PendingOperation> pending) {
        for (PendingOperation p : pending) {
            if (p.enabled()) {
                followed(before, new Step(p.thread().index(), p.operation()));
            }
        }
    }

    /**
     * Every step reachable in the graph from the enabled pending operations: what the executions explored from a
     * state with those pending operations did, and more.
     */
    Set<Step> reachableFrom(Collection<PendingOperation> pending) {
        Set<Step> reached = new LinkedHashSet<>();
        ArrayDeque<Step> toVisit = new ArrayDeque<>();
        for (PendingOperation p : pending) {
            if (p.enabled()) {
                Step start = new Step(p.thread().index(), p.operation());
                if (reached.add(start)) {
                    toVisit.add(start);
                }
            }
        }
        while (!toVisit.isEmpty()) {
            for (Step next : successors.getOrDefault(toVisit.poll(), Set.of())) {
                if (reached.add(next)) {
                    toVisit.add(next);
                }
            }
        }
        return reached;
    }

    /** The operations the step was announced as and turned out to be. */
    Set<Operation> operationsOf(Step step) {
        Set<Operation> ops = new LinkedHashSet<>(performed.getOrDefault(step, Set.of()));
        ops.add(step.operation());
        return ops;
    }

    /** What the search stored, for its result. */
    StoredStates counts(long revisits) {
        return new StoredStates(cap, explored.size(), revisits, capReached);
    }
}
