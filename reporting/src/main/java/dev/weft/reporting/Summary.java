package dev.weft.reporting;

import dev.weft.dpor.Coverage;

/**
 * What {@code summary.json} says about one test (the public contract of {@code API.md}).
 *
 * @param test            {@code fully.qualified.TestClass#method}
 * @param algorithm       {@code DPOR} or {@code NAIVE}
 * @param passed          the verdict
 * @param complete        whether every interleaving the algorithm asks for was run
 * @param executions      executions run to their end (finished, failed or deadlocked)
 * @param sleepSetBlocked executions abandoned as sleep-set blocked
 * @param elapsedMillis   wall time
 * @param failure         the failure, or {@code null} when the test passed
 * @param shard           which part of a sharded exploration this is ({@code "2/3"}), or {@code null} for the whole
 *                        search; a sharded run's counts and verdict are its part's ({@link ShardMerge} adds them up)
 * @param coverage        what a search that was not exhaustive covered (the preemption bound it completed, the estimate
 *                        of the exhaustive search); {@link Coverage#NONE} when it states nothing beyond its counts
 */
public record Summary(String test, String algorithm, boolean passed, boolean complete, long executions,
                      long sleepSetBlocked, long elapsedMillis, Failure failure, String shard, Coverage coverage) {

    public Summary {
        if (coverage == null) {
            throw new IllegalArgumentException("coverage must not be null (Coverage.NONE)");
        }
    }

    /** A summary that states no coverage beyond its counts. */
    public Summary(String test, String algorithm, boolean passed, boolean complete, long executions,
                   long sleepSetBlocked, long elapsedMillis, Failure failure, String shard) {
        this(test, algorithm, passed, complete, executions, sleepSetBlocked, elapsedMillis, failure, shard,
                Coverage.NONE);
    }

    /** The summary of a whole search, not of a shard. */
    public Summary(String test, String algorithm, boolean passed, boolean complete, long executions,
                   long sleepSetBlocked, long elapsedMillis, Failure failure) {
        this(test, algorithm, passed, complete, executions, sleepSetBlocked, elapsedMillis, failure, null);
    }

    /**
     * @param kind    the failure kind ({@code ASSERTION}, {@code DEADLOCK}, ...)
     * @param message one line on what went wrong
     * @param replay  the replay token of the failing interleaving
     * @param preemptions how many times that interleaving switches away from a thread that could have gone on
     */
    public record Failure(String kind, String message, String replay, int preemptions) {
    }
}
