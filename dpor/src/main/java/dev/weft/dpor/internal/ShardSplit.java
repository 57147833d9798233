package dev.weft.dpor.internal;

import dev.weft.dpor.ExecutionStatus;
import dev.weft.dpor.Parts;
import dev.weft.scheduler.model.Operation;

import java.util.List;

/**
 * How a sharded exploration divides the search into parts that need nothing from each other
 * (docs/design/explorers.md, "Shards").
 *
 * <p>A race found anywhere can only ask a state to try one more thread, at the state where its first step was taken.
 * The states above the split ask for nothing: where the step taken can race (it touches memory or a lock), every
 * awake enabled thread is tried already; where it cannot (a thread start, a yield: steps that race with nothing), no
 * race ever names it. So what one part finds never changes what another part or the states above the split do. The
 * split lies below the first few states that try more than one thread ({@link Node#choice()}), on every path, or at
 * the first state where a crowd of threads has no conflicting step ({@link #CROWD}): each state where a path crosses
 * it starts a part, and an execution that ends above it is a part of its own. The parts
 * are numbered in the order the depth-first search meets them, which is the same in every shard, since every shard
 * builds the same states above the split.
 *
 * <p>Sleep sets still work above the split, so no trace is run in two parts, and each part is explored to the end,
 * so every trace is run in some part: the shards' executions add up to the number of traces, which is what the whole
 * exploration runs. A thread tried above the split without a race asking for it can find every other thread it could
 * wake asleep; such executions are cut off (sleep-set blocked), the price of splitting.
 *
 * <p>Two rules that are not races can ask a state for a branch: a failure is taken to conflict with every other
 * thread's next step, and a daemon thread that fails after the end is tried before it. Above the split they are seen
 * by every shard (the execution is every shard's) unless they come from inside a part, after a failure that did not
 * stop the search; then the shards could no longer agree on the parts, and the exploration stops with an error
 * rather than miss a part ({@link #checkNothingAskedAbove}).
 */
final class ShardSplit {

    /**
     * Above this many awake threads, a state where none of their steps conflicts ends the split instead of trying
     * every thread. Such threads (on locks or memory of their own, readers of one location) make every branch but the
     * first run into sleep sets: lastzero(10) in 2 shards ran 26,709 sleep-set blocked executions for 3,328 traces,
     * filesystem(14) in 7 shards on the JVM a minute per shard for 2 traces. With a few threads, those states are
     * where the split divides programs like big0 evenly, and their branches are cheap (docs/PERFORMANCE.md, "Shards").
     */
    static final int CROWD = 4;

    private final Parts parts;
    /** branching states on each path above the split; 0 when the search is whole */
    private final int choices;
    /** the parts met so far */
    private long met;
    /** whether the current execution entered a part this shard explores, once a new part was met; else null */
    private Boolean partOfThisExecution;

    ShardSplit(Parts parts) {
        this.parts = parts;
        this.choices = parts.ways() <= 1 ? 0
                : ceilLog2(parts.ways()) + parts.spareChoices();
    }

    private static int ceilLog2(int n) {
        return 32 - Integer.numberOfLeadingZeros(n - 1);
    }

    /** Places a state reached for the first time: above the split, where a part starts, or inside a part. */
    void place(Node node, Node parent) {
        if (choices == 0 || parent != null && !parent.aboveSplit) {
            return; // whole, or inside a part
        }
        node.choicesAbove = parent == null ? 0
                : parent.choicesAbove + (parent.expandedFully && parent.choice() ? 1 : 0);
        if (node.choicesAbove < choices) {
            int conflicting = node.firstInConflict();
            int first = firstAbove(node, conflicting);
            boolean expand = first >= 0 && canRace(node.pendingOperationOf(first));
            if (!expand || conflicting >= 0 || node.awake(CROWD + 1) <= CROWD) { // not a crowd without conflict
                node.aboveSplit = true;
                node.expandedFully = expand;
                return;
            }
        }
        partOfThisExecution = parts.take(met++);
        node.otherShard = !partOfThisExecution;
    }

    /**
     * The thread that moves first from a state above the split: one whose step conflicts with another's if there is
     * one, so that the states that try every thread are ones where the order matters at once.
     */
    static int firstAbove(Node node) {
        return firstAbove(node, node.firstInConflict());
    }

    /** {@link #firstAbove(Node)}, given the node's {@link Node#firstInConflict()}. */
    private static int firstAbove(Node node, int conflicting) {
        return conflicting >= 0 ? conflicting : node.firstAwake();
    }

    /** Whether a step can be in a race at all: only a step on memory or a lock can (see HappensBefore). */
    private static boolean canRace(Operation operation) {
        return operation.location() != null || operation.lockId() != null;
    }

    /**
     * Whether the execution that just ended belongs to this shard. Called once after every execution.
     *
     * @param stack the states of the execution, down to its last one that took a step
     */
    boolean owns(ExecutionStatus status, List<Node> stack) {
        Boolean metNewPart = partOfThisExecution;
        partOfThisExecution = null;
        if (choices == 0) {
            return true;
        }
        if (metNewPart != null) {
            return metNewPart;
        }
        if (status == ExecutionStatus.OTHER_SHARD) {
            throw new IllegalStateException("an execution left for another shard without meeting a new part");
        }
        return insideAPart(stack) || parts.take(met++);
    }

    /** Whether the execution whose states these are went below the split (into a part this shard explores). */
    boolean insideAPart(List<Node> stack) {
        return choices > 0 && !stack.isEmpty() && !stack.get(stack.size() - 1).aboveSplit;
    }

    /** How many branches races have asked for above the split so far, on this path. */
    static int askedAbove(List<Node> stack) {
        int asked = 0;
        for (int i = 0; i < stack.size() && stack.get(i).aboveSplit; i++) {
            asked += stack.get(i).insertions;
        }
        return asked;
    }

    /**
     * Stops the exploration if an execution inside a part asked for a branch above the split: the other shards
     * cannot know of it.
     *
     * @param before {@link #askedAbove} before the execution's races were reversed
     */
    void checkNothingAskedAbove(List<Node> stack, int before) {
        if (askedAbove(stack) != before) {
            throw new IllegalStateException("weft.shard=" + parts + ": an execution inside this shard's part needs"
                    + " a branch above the split that divides the search (a failure, or a daemon thread failing after"
                    + " the end, right after a thread start), which the other shards cannot know of. Run this test"
                    + " without weft.shard, or stop at the first failure.");
        }
    }
}
