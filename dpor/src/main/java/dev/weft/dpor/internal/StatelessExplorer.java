package dev.weft.dpor.internal;

import dev.weft.dpor.ExecutionRecord;
import dev.weft.dpor.ExecutionStatus;
import dev.weft.dpor.ExplorationFailure;
import dev.weft.dpor.ExplorationListener;
import dev.weft.dpor.ExplorationOptions;
import dev.weft.dpor.ExplorationResult;
import dev.weft.dpor.Explorer;
import dev.weft.dpor.Parts;
import dev.weft.dpor.Schedule;
import dev.weft.dpor.Shard;
import dev.weft.dpor.SearchAlgorithm;
import dev.weft.dpor.hb.HappensBefore;
import dev.weft.dpor.hb.VectorClock;
import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.FailureKind;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.Subject;
import dev.weft.sleepsets.SleepSet;

import java.util.ArrayList;
import java.util.List;

/**
 * Depth-first, stateless exploration: every execution re-runs the subject from its start along a prefix of the
 * stack, then extends it with the first awake enabled thread at each new state.
 *
 * <p>With {@link SearchAlgorithm#NAIVE} every enabled thread is tried at every state. With
 * {@link SearchAlgorithm#DPOR} a state starts with one thread to try; each finished execution's races add the
 * reversals that source-set DPOR requires ({@link RaceReversal}), and sleep sets keep equivalent executions from being
 * run twice. With {@link SearchAlgorithm#OPTIMAL} a state keeps a wakeup tree instead ({@link WakeupTree}): a race's
 * reversal is the whole sequence that leads to it, which is then run as it is, so that no execution is started only
 * to be cut off by a sleep set.
 *
 * <p>A data race on an object that is not thread-safe ({@link DataRaces}) does not stop the exploration: a concrete
 * failure that shows what goes wrong is worth more, so the first racy execution is kept and reported as
 * {@code DATA_RACE} only when the exploration ends without any other failure (in collect-all mode it is added after
 * the others).
 */
public final class StatelessExplorer implements Explorer {

    private final ExplorationOptions options;
    private final boolean reduce;
    private final boolean optimal;
    private final Schedule replay;
    private final Parts parts;

    /**
     * @param replay a schedule to run once and stop (the rest of the execution, if it goes on, takes the first
     *               enabled thread at each step), or {@code null} to explore
     */
    public StatelessExplorer(ExplorationOptions options, Schedule replay) {
        this(options, replay, options.shard());
    }

    /**
     * @param parts the parts of the divided search to explore (a replay runs its one schedule whatever they are)
     */
    public StatelessExplorer(ExplorationOptions options, Schedule replay, Parts parts) {
        this.options = options;
        this.parts = replay == null ? parts : Shard.WHOLE;
        this.optimal = options.algorithm() == SearchAlgorithm.OPTIMAL;
        this.reduce = options.algorithm() == SearchAlgorithm.DPOR || optimal;
        this.replay = replay;
    }

    @Override
    public ExplorationResult explore(Subject subject, ExplorationListener listener) {
        long started = System.nanoTime();
        List<Node> stack = new ArrayList<>();
        List<ExplorationFailure> failures = new ArrayList<>();
        ShardSplit split = new ShardSplit(parts);
        long executions = 0;
        long completed = 0;
        long blocked = 0;
        boolean exhaustive = false;
        ExplorationFailure dataRace = null;
        int firstNew = 0;
        while (true) {
            if (executions + blocked >= options.maxExecutions()
                    || executions + blocked > 0 && System.nanoTime() - started >= options.maxNanos()) {
                break;
            }
            ExecutionOutcome outcome = new ExecutionRunner(subject, stack, options.maxSteps(),
                    (s, pending) -> newNode(s, pending, split),
                    replay == null ? ExecutionRunner.UNFORCED : replay).run(firstNew);
            // Built once: the races to reverse and the data-race check both read it.
            HappensBefore hb = reduce ? HappensBefore.of(outcome.events()) : null;
            boolean nondeterministic = outcome.failure() != null
                    && outcome.failure().kind() == FailureKind.NONDETERMINISM;
            if (split.owns(outcome.status(), stack) || nondeterministic) {
                if (outcome.status() == ExecutionStatus.SLEEP_SET_BLOCKED) {
                    blocked++;
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
                listener.executionEnded(new ExecutionRecord(executions + blocked, outcome.events(),
                        outcome.status(), outcome.failure()));
                if (outcome.failure() != null && (options.stopOnFirstFailure() || nondeterministic)) {
                    break;
                }
            }
            if (replay != null) {
                break;
            }
            boolean insideAPart = split.insideAPart(stack);
            int askedAbove = insideAPart ? ShardSplit.askedAbove(stack) : 0;
            if (reduce) {
                reverseRaces(outcome, hb, stack, firstNew);
            }
            if (optimal) {
                markFailingStep(outcome, stack);
            }
            if (insideAPart) {
                split.checkNothingAskedAbove(stack, askedAbove);
            }
            firstNew = backtrack(stack);
            if (firstNew < 0) {
                exhaustive = true;
                break;
            }
        }
        if (dataRace != null && (failures.isEmpty() || !options.stopOnFirstFailure())) {
            failures.add(dataRace);
        }
        return new ExplorationResult(executions, completed, blocked, exhaustive, failures,
                System.nanoTime() - started);
    }

    /**
     * Adds the reversal of every race that involves an event this execution added (older ones were seen before), and
     * of every race between a lock held at the end and a thread left waiting for it.
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
     * Moves to the next branch: the deepest state that still has a thread to try gets it as its choice, and the
     * states below it are dropped.
     *
     * @return the depth of that state (where the next execution starts to differ), or -1 when none is left
     */
    private int backtrack(List<Node> stack) {
        while (!stack.isEmpty()) {
            int depth = stack.size() - 1;
            Node node = stack.get(depth);
            node.done.set(node.chosen);
            if (reduce) {
                node.sleep = node.sleep.with(node.chosen, node.event.operation());
            }
            if (optimal && node.branchFailed) {
                node.narrowSleepers.set(node.chosen);
                node.branchFailed = false;
            }
            if (node.wakeup != null) {
                node.wakeup.children.remove(node.chosenBranch);
                WakeupTree branch = node.nextBranch();
                if (branch != null) {
                    node.chosen = branch.thread;
                    node.chosenBranch = branch;
                    node.event = null;
                    return depth;
                }
                stack.remove(depth);
                continue;
            }
            int next = node.nextToTry();
            if (next >= 0) {
                node.chosen = next;
                node.event = null;
                return depth;
            }
            stack.remove(depth);
        }
        return -1;
    }

    /**
     * Creates the node for a state reached for the first time, with the sleep set inherited from its parent. Above a
     * shard's split ({@link ShardSplit}) every awake enabled thread is tried, as NAIVE does but with sleep sets.
     */
    private Node newNode(List<Node> stack, List<PendingOperation> pending, ShardSplit split) {
        Node parent = stack.isEmpty() ? null : stack.get(stack.size() - 1);
        SleepSet sleep = reduce && parent != null
                ? parent.sleep.after(parent.chosen, parent.event.operation())
                : SleepSet.empty();
        Node node = new Node(pending, sleep);
        split.place(node, parent);
        if (optimal && parent != null) {
            node.narrowSleepers.or(parent.narrowSleepers);
            if (parent.aboveSplit) {
                node.narrowSleepers.or(parent.asleep()); // put to sleep above the split
            }
            node.narrowSleepers.and(node.asleep());
        }
        if (optimal && !node.expandedFully) {
            return withWakeupTree(node, parent == null ? null : parent.chosenBranch);
        }
        int chosen = node.expandedFully ? ShardSplit.firstAbove(node) : node.firstAwake();
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
     * sequence of it. Else a thread is chosen freely, as a new leaf.
     */
    private static Node withWakeupTree(Node node, WakeupTree inherited) {
        node.wakeup = inherited != null && !inherited.isLeaf() ? inherited : WakeupTree.root();
        WakeupTree branch = node.nextBranch();
        if (branch == null) {
            int chosen = node.firstAwake();
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
