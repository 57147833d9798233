package dev.weft.dpor.internal;

import dev.weft.dpor.ExplorationFailure;
import dev.weft.scheduler.model.FailureKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.Subject;
import dev.weft.sleepsets.SleepSet;

import java.util.ArrayList;
import java.util.List;

/**
 * Stateless depth-first search over the schedules with at most a given number of preemptions (context bounding,
 * Musuvathi and Qadeer, PLDI 2007). At every state the thread that moved last goes on if it can, which costs nothing;
 * when it blocked or ended, every enabled thread is a free choice; switching away from it while it could go on costs
 * one preemption, and branches that would exceed the bound are not run. A second bound may cap the spurious wake-ups
 * and timeouts a schedule takes. No reduction: the point is the schedule's shape, not covering traces, and the bound
 * keeps the search small.
 */
public final class PreemptionBoundedSearch {

    private final Subject subject;
    private final int maxSteps;
    private final long maxExecutions;
    /** when every search must stop ({@link System#nanoTime()}) */
    private final long deadline;
    private long executions;

    /**
     * @param maxSteps      an execution longer than this ends as {@code STEP_LIMIT}, as in the exploration
     * @param maxExecutions the most executions one call of {@link #firstFailure} may run
     */
    public PreemptionBoundedSearch(Subject subject, int maxSteps, long maxExecutions) {
        this(subject, maxSteps, maxExecutions, Long.MAX_VALUE);
    }

    /** @param maxNanos the most time all calls of {@link #firstFailure} together may take */
    public PreemptionBoundedSearch(Subject subject, int maxSteps, long maxExecutions, long maxNanos) {
        this.subject = subject;
        this.maxSteps = maxSteps;
        this.maxExecutions = maxExecutions;
        long now = System.nanoTime();
        this.deadline = maxNanos >= Long.MAX_VALUE - now ? Long.MAX_VALUE : now + maxNanos;
    }

    /**
     * Runs the schedules with at most {@code bound} preemptions until one fails with the wanted kind. For
     * {@code DATA_RACE}, until an execution completes with a data race.
     *
     * @return that failure; or a {@code NONDETERMINISM} failure, after which no schedule means anything; or
     *         {@code null} when every such schedule ran (or the budget ran out) without either
     */
    public ExplorationFailure firstFailure(int bound, FailureKind wanted) {
        return firstFailure(bound, Integer.MAX_VALUE, wanted);
    }

    /**
     * Like {@link #firstFailure(int, FailureKind)}, among the schedules with at most {@code wakeUps} steps in which a
     * waiting thread stops waiting on its own ({@link Operation#wakesOnItsOwn}: a spurious wake-up or a timeout). A
     * branch that would take more is not run; a failing execution that had to take more (no other thread could move)
     * does not count.
     */
    public ExplorationFailure firstFailure(int bound, int wakeUps, FailureKind wanted) {
        List<Node> stack = new ArrayList<>();
        int branch = 0;
        for (long run = 0; run < maxExecutions && branch >= 0 && System.nanoTime() < deadline; run++) {
            executions++;
            ExecutionOutcome outcome = new ExecutionRunner(subject, stack, maxSteps, PreemptionBoundedSearch::goOn,
                    ExecutionRunner.UNFORCED).run(branch);
            ExplorationFailure failure = wanted == FailureKind.DATA_RACE && outcome.failure() == null
                    ? DataRaces.of(outcome, stack) : outcome.failure();
            if (failure != null && (failure.kind() == FailureKind.NONDETERMINISM
                    || failure.kind() == wanted && failure.spuriousWakeUpsAndTimeouts() <= wakeUps)) {
                return failure;
            }
            branch = backtrack(stack, bound, wakeUps);
        }
        return null;
    }

    /** Executions run so far, over every call of {@link #firstFailure}. */
    public long executions() {
        return executions;
    }

    /**
     * A new state: the thread that moved last goes on if it is still enabled, else the first enabled thread; a daemon
     * thread goes on only while no other thread can move (switching away from it is no preemption). Where that thread
     * would stop waiting on its own (a spurious wake-up, a timeout), another thread of the test that may move without
     * a preemption goes first: the wake-up is tried later as a branch of its own, so that the first schedules run
     * take none the failure does not need.
     */
    private static Node goOn(List<Node> stack, List<PendingOperation> pending) {
        Node node = new Node(pending, SleepSet.empty());
        int previous = stack.isEmpty() ? -1 : stack.get(stack.size() - 1).chosen;
        node.chosen = node.awakeGoingOn(previous);
        if (node.chosen >= 0 && node.wakesOnItsOwn(node.chosen)) {
            for (int t = node.enabled.nextSetBit(0); t >= 0; t = node.enabled.nextSetBit(t + 1)) {
                if (!node.wakesOnItsOwn(t) && !node.daemon(t)
                        && (previous < 0 || !Preemptions.preempts(node, previous, t))) {
                    node.chosen = t;
                    break;
                }
            }
        }
        return node;
    }

    /**
     * Moves to the next branch within the bounds: the deepest state with an enabled thread not tried there, whose
     * choice keeps the preemptions and the wake-ups on their own so far within them, gets it as its choice.
     *
     * @return the depth of that state, or -1 when none is left
     */
    private static int backtrack(List<Node> stack, int bound, int wakeUps) {
        int[] before = Preemptions.running(stack, stack.size());
        int[] wokenBefore = new int[stack.size() + 1];
        for (int d = 0; d < stack.size(); d++) {
            wokenBefore[d + 1] = wokenBefore[d] + (stack.get(d).wakesOnItsOwn(stack.get(d).chosen) ? 1 : 0);
        }
        for (int depth = stack.size() - 1; depth >= 0; depth--) {
            Node node = stack.get(depth);
            node.done.set(node.chosen);
            for (int t = node.enabled.nextSetBit(0); t >= 0; t = node.enabled.nextSetBit(t + 1)) {
                if (!node.done.get(t) && before[depth] + (Preemptions.preempts(stack, depth, t) ? 1 : 0) <= bound
                        && wokenBefore[depth] + (node.wakesOnItsOwn(t) ? 1 : 0) <= wakeUps) {
                    node.chosen = t;
                    node.event = null;
                    return depth;
                }
            }
            stack.remove(depth);
        }
        return -1;
    }
}
