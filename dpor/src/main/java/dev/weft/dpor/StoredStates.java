package dev.weft.dpor;

/**
 * What a stateful search ({@link Explorer#stateful}) kept of the states it explored.
 *
 * @param cap       the most states it may store; 0 for a stateless search
 * @param stored    the states stored: each one explored to its end, with the threads asleep when it was entered
 * @param revisits  executions stopped at a stored state (not counted among the executions run)
 * @param capReached whether the store filled up: the states explored after that were not stored, so the search went on
 *                  as a stateless one there
 */
public record StoredStates(long cap, long stored, long revisits, boolean capReached) {

    /** A stateless search. */
    public static final StoredStates NONE = new StoredStates(0, 0, 0, false);

    /** One line a user reads once: {@code "1,234 states stored, 56 revisits"}, and when the store filled up. */
    public String describe() {
        return String.format("%,d states stored, %,d revisits", stored, revisits)
                + (capReached ? String.format(" (the store of %,d states filled up: stateless beyond it)", cap) : "");
    }
}
