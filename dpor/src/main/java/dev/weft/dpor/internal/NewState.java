package dev.weft.dpor.internal;

import dev.weft.scheduler.model.PendingOperation;

import java.util.List;

/**
 * Makes the node for a state an execution reaches for the first time, with the thread that moves there chosen: how
 * an explorer extends a branch beyond the prefix it replays.
 */
@FunctionalInterface
interface NewState {

    /**
     * @param stack   the states above it, the last one being its parent
     * @param pending every live thread's next operation there; at least one is enabled
     */
    Node create(List<Node> stack, List<PendingOperation> pending);
}
