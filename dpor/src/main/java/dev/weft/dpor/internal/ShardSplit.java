package dev.weft.dpor.internal;

import dev.weft.dpor.ExecutionStatus;
import dev.weft.dpor.Shard;

import java.util.List;

/**
 * How a sharded exploration divides the search into parts that need nothing from each other
 * (docs/design/explorers.md, "Shards").
 *
 * <p>The states above the split try every awake enabled thread. A race found anywhere can only ask a state to try
 * one more thread; above the split every thread is tried already, so what one part finds never changes what
 * another part or the states above the split do. The split lies below the first few states where more than one
 * thread is awake ({@link Node#choice()}), on every path: each state where a path crosses it starts a part, and an
 * execution that ends above it is a part of its own. The parts are numbered in the order the depth-first search
 * meets them, which is the same in every shard, since every shard builds the same states above the split.
 *
 * <p>Sleep sets still work above the split, so no trace is run in two parts, and each part is explored to the end,
 * so every trace is run in some part: the shards' executions add up to the number of traces, which is what the
 * whole exploration runs. A thread tried above the split without a race asking for it can find every other thread
 * it could wake asleep; such executions are cut off (sleep-set blocked), the price of splitting.
 */
final class ShardSplit {

    /**
     * Branching states above the split beyond those needed for one part per shard: every branching state at least
     * doubles the parts, so each shard gets about eight, which evens out parts of different sizes.
     */
    private static final int SPARE_CHOICES = 3;

    private final Shard shard;
    /** branching states on each path above the split; 0 when the search is whole */
    private final int choices;
    /** the parts met so far */
    private long parts;
    /** whether the current execution entered a part this shard explores, once a new part was met; else null */
    private Boolean partOfThisExecution;

    ShardSplit(Shard shard) {
        this.shard = shard;
        this.choices = shard.whole() ? 0 : ceilLog2(shard.count()) + SPARE_CHOICES;
    }

    private static int ceilLog2(int n) {
        return 32 - Integer.numberOfLeadingZeros(n - 1);
    }

    /** Places a state reached for the first time: above the split, where a part starts, or inside a part. */
    void place(Node node, Node parent) {
        if (choices == 0) {
            return;
        }
        node.choicesAbove = parent == null ? 0 : parent.choicesAbove + (parent.choice() ? 1 : 0);
        if (node.choicesAbove < choices) {
            node.expandedFully = true;
        } else if (parent.expandedFully) {
            partOfThisExecution = shard.owns(parts++);
            node.otherShard = !partOfThisExecution;
        }
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
        boolean insideAPart = !stack.isEmpty() && !stack.get(stack.size() - 1).expandedFully;
        return insideAPart || shard.owns(parts++);
    }
}
