package dev.weft.dpor.internal;

/**
 * A race found inside a stolen branch ({@link StolenBranch}) whose first step was taken at a state above the branch:
 * a state the thief only has a copy of. Its owner answers it ({@link RaceReversal#answer}) when it takes the branch's
 * result over, in the order the sequential search would have, so that the state ends as the sequential search leaves it.
 *
 * @param depth   the state's depth on the stack
 * @param request what the race asks of it
 */
record DeferredReversal(int depth, RaceReversal.Request request) {
}
