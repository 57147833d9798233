package dev.weft.dpor.internal;

import dev.weft.dpor.ExecutionStatus;
import dev.weft.dpor.ExplorationFailure;
import dev.weft.dpor.ExplorationOptions;
import dev.weft.dpor.FreeChoice;
import dev.weft.dpor.Parts;
import dev.weft.dpor.Schedule;
import dev.weft.dpor.SearchAlgorithm;
import dev.weft.dpor.hb.HappensBefore;
import dev.weft.dpor.hb.VectorClock;
import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.FailureKind;
import dev.weft.scheduler.model.LockId;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.Subject;
import dev.weft.sleepsets.SleepSet;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * One depth-first search over a stack of states, an execution at a time: the whole search, or the subtree of one
 * branch that another worker took to run ahead of its owner ({@link StolenBranch}). Each execution re-runs the
 * subject from its start along a prefix of the stack, then extends it with the first awake enabled thread at each new
 * state; what it found then decides the branches still to run ({@link #advance}).
 *
 * <p>A branch's search starts from copies of the states above it ({@link Node#copyAbove}), which it never backtracks
 * to: the races it finds there are kept for the owner of those states ({@link DeferredReversal}). Nothing else it
 * does depends on them, so it runs exactly the executions the sequential search runs in that branch, given the same
 * sleepers and sequences at its start.
 */
final class DepthFirstSearch {

    /** Lets a branch that another worker ran be taken over instead of run here. */
    interface Handover {
        /** Never: every branch is run here. */
        Handover NONE = (search, depth) -> false;

        /**
         * Called when the state at {@code depth} has just chosen its next branch. Returns true if that branch was run
         * elsewhere and its result is now this search's ({@link #takeOver}); the state then moves on past it.
         */
        boolean ranElsewhere(DepthFirstSearch search, int depth);
    }

    /** What one execution ended with, for the caller's count of executions and its listener. */
    record Ended(ExecutionOutcome outcome, boolean counted) {
    }

    private final ExplorationOptions options;
    private final boolean reduce;
    private final boolean optimal;
    /** Whether sleep sets prune branches: with reduction, unless the search is within a preemption bound. */
    private final boolean sleepSets;
    /** The most preemptions a branch may have ({@link BoundedBranches}), or {@link ExplorationOptions#UNBOUNDED}. */
    private final int bound;
    /** Whether a branch was left out because it would pass the preemption bound: the search is then not exhaustive. */
    boolean leftOutByBound;
    /** Where the choice is free, the thread that moved last goes on ({@link FreeChoice#LAST}). */
    private final boolean goOn;
    private final Schedule replay;
    private final ShardSplit split;
    final List<Node> stack;
    /** the depth of the state whose branch this search runs; -1 for the whole search */
    final int rootDepth;
    /** the races this search found that ask something of the states above its branch, in the order found */
    final List<DeferredReversal> deferred;
    private int firstNew;
    private HappensBefore hb;
    private ExecutionOutcome last;
    long executions;
    long completed;
    long blocked;
    /** executions stopped at a state explored before (a stateful search) */
    long revisits;
    /** In a stateful search ({@link #storingStates}), the states explored so far; else {@code null}. */
    private VisitedStates visited;
    final List<ExplorationFailure> failures = new ArrayList<>();
    ExplorationFailure dataRace;
    /** whether every branch was run; false while it runs and when it stopped early */
    boolean exhaustive;
    /** the step taken at {@link #rootDepth} on this search's branch, once its first execution ran it */
    Event rootEvent;

    /** The whole search. */
    DepthFirstSearch(ExplorationOptions options, Schedule replay, Parts parts) {
        this(options, replay, parts, new ArrayList<>(), -1, null);
    }

    /**
     * The search of one branch.
     *
     * @param above    copies of the states from the start down to the one whose branch this is, its branch chosen
     * @param deferred where those copies keep the races they are asked to answer
     */
    DepthFirstSearch(ExplorationOptions options, Parts parts, List<Node> above, List<DeferredReversal> deferred) {
        this(options, null, parts, above, above.size() - 1, deferred);
    }

    private DepthFirstSearch(ExplorationOptions options, Schedule replay, Parts parts, List<Node> stack,
                             int rootDepth, List<DeferredReversal> deferred) {
        this.options = options;
        this.bound = options.preemptionBound();
        // Within a bound, OPTIMAL's wakeup trees give way to DPOR's backtrack sets: both rest on sleep sets.
        this.optimal = options.algorithm() == SearchAlgorithm.OPTIMAL && !options.bounded();
        this.reduce = options.algorithm() != SearchAlgorithm.NAIVE;
        this.sleepSets = reduce && !options.bounded();
        // Within a bound the thread that moved last goes on: another free choice could be a preemption.
        this.goOn = options.freeChoice() == FreeChoice.LAST || options.bounded();
        this.replay = replay;
        this.split = new ShardSplit(parts);
        this.stack = stack;
        this.rootDepth = rootDepth;
        this.deferred = deferred;
        this.firstNew = Math.max(rootDepth, 0);
    }

    /**
     * Makes the search stateful: an execution stops at a state explored before, and the races of what may follow it
     * are reversed from what {@code visited} learnt ({@link RevisitedFuture}).
     */
    DepthFirstSearch storingStates(VisitedStates visited) {
        this.visited = visited;
        return this;
    }

    /** What a stateful search stored, or {@code null} for a stateless one. */
    VisitedStates visited() {
        return visited;
    }

    /** Executions run so far, counting those cut off by a sleep set or at a state explored before. */
    long ended() {
        return executions + blocked + revisits;
    }

    /**
     * The share of this search's tree run so far, estimated as if the branches of each state on the path led to trees
     * of one size (Knuth's estimator, read off the stack): each state's branches already run count in full, the one
     * being run by the same reckoning one level down. Races found later add branches, so early figures run high.
     */
    double shareDone() {
        double share = 0;
        double weight = 1;
        for (int d = rootDepth + 1; d < stack.size(); d++) {
            Node node = stack.get(d);
            int done = node.done.cardinality();
            int total = done + branchesLeft(node);
            if (total <= 1) {
                continue; // no branching here: the whole weight goes on down
            }
            share += weight * done / total;
            weight /= total;
        }
        return share;
    }

    /** The state's branches not run yet, the one being run among them. */
    private static int branchesLeft(Node node) {
        if (node.wakeup != null) {
            return Math.max(node.wakeup.children.size(), 1);
        }
        int left = 0;
        for (int t = node.backtrack.nextSetBit(0); t >= 0; t = node.backtrack.nextSetBit(t + 1)) {
            if (!node.done.get(t) && node.enabled.get(t) && !node.sleep.contains(t)
                    && (node.withinBound == null || node.withinBound.get(t))) {
                left++;
            }
        }
        return Math.max(left, 1);
    }

    /** The depth of the first state whose choice is new in the next execution: the states above it stay as they are. */
    int firstNew() {
        return firstNew;
    }

    /**
     * Runs the next execution and counts it if it is this search's. Touches no state above {@link #firstNew()}
     * but the steps it replays there.
     */
    Ended run(Subject subject) {
        last = new ExecutionRunner(subject, stack, options.maxSteps(),
                (s, pending) -> newNode(s, pending, split),
                replay == null ? ExecutionRunner.UNFORCED : replay).stoppingAt(visited).run(firstNew);
        ExecutionOutcome outcome = last;
        if (rootEvent == null && rootDepth >= 0 && outcome.events().size() > rootDepth) {
            rootEvent = outcome.events().get(rootDepth);
        }
        // Built once: the races to reverse and the data-race check both read it.
        hb = reduce ? HappensBefore.of(outcome.events()) : null;
        if (!split.owns(outcome.status(), stack) && !nondeterministic(outcome)) {
            return new Ended(outcome, false);
        }
        if (outcome.status() == ExecutionStatus.SLEEP_SET_BLOCKED) {
            blocked++;
        } else if (outcome.status() == ExecutionStatus.REVISITED) {
            revisits++;
        } else {
            executions++;
            if (outcome.status() == ExecutionStatus.COMPLETE) {
                completed++;
            } else {
                failures.add(outcome.failure());
            }
        }
        if (dataRace == null) {
            dataRace = DataRaces.of(outcome, stack, hb);
        }
        return new Ended(outcome, true);
    }

    /** Whether the last execution's failure stops the search: any failure if asked, a nondeterministic test always. */
    boolean stopsAt(Ended ended) {
        ExecutionOutcome outcome = ended.outcome();
        return ended.counted() && outcome.failure() != null
                && (options.stopOnFirstFailure() || nondeterministic(outcome));
    }

    private static boolean nondeterministic(ExecutionOutcome outcome) {
        return outcome.failure() != null && outcome.failure().kind() == FailureKind.NONDETERMINISM;
    }

    /**
     * Reverses the last execution's races and moves to the next branch.
     *
     * @return whether there is one; false when the search (of this branch) is done
     */
    boolean advance(Handover handover) {
        if (replay != null) {
            return false;
        }
        ExecutionOutcome outcome = last;
        answeringInsideAPart(() -> {
            if (reduce) {
                reverseRaces(outcome, hb, stack, firstNew);
            }
            if (optimal) {
                markFailingStep(outcome, stack);
            }
            if (visited != null) {
                List<Set<LockId>> held = HeldLocks.of(outcome.events());
                learn(outcome, stack, firstNew, visited, held);
                if (outcome.status() == ExecutionStatus.REVISITED) {
                    RevisitedFuture.reverse(visited, hb, stack, outcome.leftBehind(), held);
                }
            }
        });
        hb = null;
        last = null;
        firstNew = backtrack(handover);
        // within a preemption bound, a search that left branches out for the bound covered only its part
        exhaustive = firstNew < 0 && !leftOutByBound;
        return firstNew >= 0;
    }

    /**
     * Takes over the result of the branch at {@code depth} that another search ran, as if it had run here: its
     * counts, and its races above it answered in order (those above this search's own branch are deferred in turn).
     */
    void takeOver(int depth, DepthFirstSearch branch) {
        executions += branch.executions;
        completed += branch.completed;
        blocked += branch.blocked;
        failures.addAll(branch.failures);
        if (dataRace == null) {
            dataRace = branch.dataRace;
        }
        answeringInsideAPart(() -> branch.deferred.forEach(
                asked -> RaceReversal.answerOrDefer(stack.get(asked.depth()), asked)));
        stack.get(depth).event = branch.rootEvent;
    }

    /**
     * Answers races: when the path runs inside a part of a divided search, stops the search if that asked anything
     * of a state above the split ({@link ShardSplit#checkNothingAskedAbove}).
     */
    private void answeringInsideAPart(Runnable answering) {
        boolean insideAPart = split.insideAPart(stack);
        int askedAbove = insideAPart ? ShardSplit.askedAbove(stack) : 0;
        answering.run();
        if (insideAPart) {
            split.checkNothingAskedAbove(stack, askedAbove);
        }
    }

    /**
     * Adds the reversal of every race that involves an event this execution added (older ones were seen before), and
     * of every race between a lock held at the end and a thread left waiting for it; and at each new state where a
     * spurious wake-up was offered, the outcome its branch did not take ({@link LapsingOffers}).
     */
    private static void reverseRaces(ExecutionOutcome outcome, HappensBefore hb, List<Node> stack, int firstNew) {
        for (int j = Math.max(firstNew, 0); j < hb.size(); j++) {
            Operation op = hb.event(j).operation();
            int thread = hb.event(j).thread().index();
            for (int i : hb.racesOf(j)) {
                boolean reversible = RaceReversal.reverse(hb, stack, i, j, thread, hb.clock(j), op);
                if (!reversible && waitsForPermits(op)) {
                    RaceReversal.reverseEarlierAcquisition(hb, stack, hb.acquisitionBefore(i), j, thread,
                            hb.clock(j), hb.pastOfAcquisition(j), op);
                }
            }
        }
        reverseAroundFailure(outcome, hb, stack);
        AbandonedDaemons.reverse(outcome, stack);
        LapsingOffers.exploreBothOutcomes(hb, stack, firstNew);
        for (PendingOperation p : outcome.leftBlocked()) {
            Operation op = p.operation();
            if (op.lockId() == null || !op.kind().acquires()) {
                continue;
            }
            int thread = p.thread().index();
            VectorClock clock = hb.currentClock(thread);
            if (waitsForPermits(op)) {
                // Every operation since the latest acquisition left too few permits for it: start there.
                RaceReversal.reverseEarlierAcquisition(hb, stack, hb.latestAcquisition(op.lockId()), hb.size(),
                        thread, clock, clock, op);
                continue;
            }
            int i = hb.raceOfPendingAcquire(thread, op.lockId());
            if (i >= 0) {
                RaceReversal.reverse(hb, stack, i, hb.size(), thread, clock, op);
            }
        }
    }

    /**
     * When a thread's failure cut the execution short at its last step, that step's state remembers it: once its
     * branch is done, the thread sleeps there as one that covers nothing ({@link Node#narrowSleepers}).
     */
    private static void markFailingStep(ExecutionOutcome outcome, List<Node> stack) {
        int last = outcome.events().size() - 1;
        if (outcome.failedThread() >= 0 && last >= 0 && last < stack.size()
                && outcome.events().get(last).thread().index() == outcome.failedThread()) {
            stack.get(last).branchFailed = true;
        }
    }

    /**
     * Adds to the graph of a stateful search the steps this execution took one after the other (those it replayed
     * were added before), and where a sleep set or a revisited state cut it off, that any step pending there may come
     * next: what follows such a state was run elsewhere, and must be reachable from the states above it.
     */
    private static void learn(ExecutionOutcome outcome, List<Node> stack, int firstNew, VisitedStates visited,
                              List<Set<LockId>> held) {
        List<Event> events = outcome.events();
        VisitedStates.Step before = null;
        for (int j = Math.max(firstNew - 1, 0); j < events.size() && j < stack.size(); j++) {
            Event event = events.get(j);
            int thread = event.thread().index();
            VisitedStates.Step step = new VisitedStates.Step(thread, stack.get(j).pendingOperationOf(thread));
            visited.ran(step, event.operation(), held.get(j));
            if (before != null) {
                visited.followed(before, step);
            }
            before = step;
        }
        boolean cutOff = outcome.status() == ExecutionStatus.REVISITED
                || outcome.status() == ExecutionStatus.SLEEP_SET_BLOCKED;
        if (cutOff && before != null) {
            visited.followedByAny(before, outcome.leftBehind());
        }
    }

    /** A blocking acquisition of a counting lock (a semaphore's {@code acquire}). */
    private static boolean waitsForPermits(Operation op) {
        return op.kind() == OpKind.LOCK && op.lockId() != null && op.lockId().counting();
    }

    /**
     * A failure in one thread cuts the execution short: the other threads' later events, and their races, are never
     * seen. So the failure is taken to conflict with every other live thread's next operation: each of them is also
     * tried before the failing thread's last step (unless that step happens before it anyway). Once they have moved,
     * their real races are found as usual.
     */
    private static void reverseAroundFailure(ExecutionOutcome outcome, HappensBefore hb, List<Node> stack) {
        int failing = lastEventOf(hb, outcome.failedThread());
        if (failing < 0) {
            return;
        }
        Event last = hb.event(failing);
        for (PendingOperation p : outcome.leftBehind()) {
            int thread = p.thread().index();
            VectorClock clock = hb.currentClock(thread);
            if (!clock.includes(last.thread().index(), last.threadStep())) {
                RaceReversal.reverse(hb, stack, failing, hb.size(), thread, clock, p.operation());
            }
        }
    }

    private static int lastEventOf(HappensBefore hb, int thread) {
        for (int i = hb.size() - 1; i >= 0 && thread >= 0; i--) {
            if (hb.event(i).thread().index() == thread) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Moves to the next branch: the deepest state below this search's own branch that still has a thread to try gets
     * it as its choice, and the states below it are dropped.
     *
     * @return the depth of that state (where the next execution starts to differ), or -1 when none is left
     */
    private int backtrack(Handover handover) {
        while (stack.size() > rootDepth + 1) {
            int depth = stack.size() - 1;
            Node node = stack.get(depth);
            finishBranch(node);
            if (!chooseNextBranch(node)) {
                leftOutByBound |= node.leftOutByBound();
                stack.remove(depth);
                if (visited != null) {
                    visited.explored(node.state, node.asleepOnEntry);
                }
            } else if (!handover.ranElsewhere(this, depth)) {
                return depth;
            }
        }
        return -1;
    }

    /** Marks the state's current branch as run: its thread is done there, and asleep for the branches after it. */
    private void finishBranch(Node node) {
        node.done.set(node.chosen);
        if (sleepSets) {
            node.sleep = sleepAfterBranch(node);
        }
        if (optimal && node.branchFailed) {
            node.narrowSleepers.set(node.chosen);
            node.branchFailed = false;
        }
        if (node.wakeup != null) {
            node.wakeup.children.remove(node.chosenBranch);
        }
    }

    /** The state's sleepers once its current branch has run. */
    SleepSet sleepAfterBranch(Node node) {
        return sleepSets ? node.sleep.with(node.chosen, node.event.operation()) : node.sleep;
    }

    /** Gives the state its next branch as its choice; false when none is left. */
    private static boolean chooseNextBranch(Node node) {
        if (node.wakeup != null) {
            WakeupTree branch = node.nextBranch();
            if (branch == null) {
                return false;
            }
            node.chosen = branch.thread;
            node.chosenBranch = branch;
        } else {
            int next = node.nextToTry();
            if (next < 0) {
                return false;
            }
            node.chosen = next;
        }
        node.event = null;
        return true;
    }

    /**
     * Creates the node for a state reached for the first time, with the sleep set inherited from its parent. Above a
     * shard's split ({@link ShardSplit}) every awake enabled thread is tried, as NAIVE does but with sleep sets.
     */
    private Node newNode(List<Node> stack, List<PendingOperation> pending, ShardSplit split) {
        Node parent = stack.isEmpty() ? null : stack.get(stack.size() - 1);
        SleepSet sleep = sleepSets && parent != null
                ? LapsingOffers.sleepAfter(parent)
                : SleepSet.empty();
        Node node = new Node(pending, sleep);
        split.place(node, parent);
        if (options.bounded()) {
            BoundedBranches.place(node, stack, bound);
        }
        if (optimal && parent != null) {
            node.narrowSleepers.or(parent.narrowSleepers);
            if (parent.aboveSplit) {
                node.narrowSleepers.or(parent.asleep()); // put to sleep above the split
            }
            node.narrowSleepers.and(node.asleep());
        }
        // Above a shard split the free choice stays the lowest awake thread: the split placed the state by that
        // thread's step, one no race can name.
        int previous = goOn && parent != null && !node.aboveSplit ? parent.chosen : -1;
        if (optimal && !node.expandedFully) {
            return withWakeupTree(node, parent == null ? null : parent.chosenBranch, previous);
        }
        int chosen = node.expandedFully ? ShardSplit.firstAbove(node) : node.awakeGoingOn(previous);
        node.chosen = chosen;
        if (chosen >= 0) {
            if (reduce && !node.expandedFully) {
                node.backtrack.set(chosen);
            } else {
                node.backtrack.or(node.enabled);
            }
        }
        return node;
    }

    /**
     * A new state's wakeup tree: what is left of the branch its parent took, if anything; it then runs the first
     * sequence of it. Else a thread is chosen freely, as a new leaf: {@code previous} if it is awake
     * ({@link Node#awakeGoingOn}; -1 for the lowest awake thread).
     */
    private static Node withWakeupTree(Node node, WakeupTree inherited, int previous) {
        node.wakeup = inherited != null && !inherited.isLeaf() ? inherited : WakeupTree.root();
        WakeupTree branch = node.nextBranch();
        if (branch == null) {
            int chosen = node.awakeGoingOn(previous);
            branch = chosen < 0 ? null : node.wakeup.addLeaf(chosen, node.pendingOperationOf(chosen));
        }
        node.chosen = branch == null ? -1 : branch.thread;
        node.chosenBranch = branch;
        if (branch != null) {
            node.backtrack.set(branch.thread);
        }
        return node;
    }
}
