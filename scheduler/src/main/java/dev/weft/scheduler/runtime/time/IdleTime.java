package dev.weft.scheduler.runtime.time;

/**
 * Time passes while nothing happens. When every thread that could move is a waiting loop ({@link SpinRule}) and one
 * of them is let go on anyway, the loop would see the same values forever, the clock included, and a loop bounded by
 * the clock ({@code while (!ready() && System.currentTimeMillis() < end)}) would never end. So each such turn moves
 * the virtual clock on, by 1 ms at first and twice as much each turn after, up to a second a turn, until another
 * thread can move again: a loop that waits ten seconds gives up after about twenty turns, and one that waits for a
 * flag nobody sets still ends in {@code STEP_LIMIT}. Depends only on the schedule, so a replay sees the same times.
 */
public final class IdleTime {

    private static final long FIRST_NANOS = 1_000_000;
    private static final long MAX_NANOS = 1_000_000_000;

    private long next = FIRST_NANOS;

    /**
     * @param someoneFree whether some thread could move that is not a waiting loop
     * @param idleTurn    whether the step about to be taken is a waiting loop's turn
     */
    public void stepped(boolean someoneFree, boolean idleTurn, VirtualClock clock) {
        if (someoneFree) {
            next = FIRST_NANOS;
        } else if (idleTurn) {
            clock.advanceTo(clock.elapsed() + next);
            next = Math.min(MAX_NANOS, 2 * next);
        }
    }
}
