package dev.weft.dpor.model;

import dev.weft.dpor.ExplorationOptions;
import dev.weft.dpor.ExplorationResult;
import dev.weft.dpor.Explorer;
import dev.weft.dpor.FreeChoice;
import dev.weft.dpor.SearchAlgorithm;
import dev.weft.dpor.Shard;

import java.util.ArrayList;
import java.util.List;

/**
 * One exhaustive exploration of a model program, with the explorer's result and the log of every execution.
 * Failures do not stop it, so every failing execution is seen. A sharded one is all its shards run one after the
 * other into one log, with their results added up.
 *
 * @param shards how many shards it was split into (1: not split)
 */
public record Exploration(ModelProgram program, SearchAlgorithm algorithm, int shards, ExplorationResult result,
                          ExplorationLog log) {

    /** Visible steps one execution of a model program may take; far above what any program here needs. */
    static final int MAX_STEPS = 10_000;

    public static Exploration of(ModelProgram program, SearchAlgorithm algorithm, boolean keepEvents) {
        return of(program, algorithm, keepEvents, Long.MAX_VALUE);
    }

    /** An exploration that stops after {@code maxExecutions}; its result then says it was not exhaustive. */
    public static Exploration of(ModelProgram program, SearchAlgorithm algorithm, boolean keepEvents,
                                 long maxExecutions) {
        return of(program, options(algorithm).withMaxExecutions(maxExecutions), keepEvents);
    }

    /** An exploration with the free choice {@code freeChoice} ({@code null}: the algorithm's default). */
    public static Exploration of(ModelProgram program, SearchAlgorithm algorithm, FreeChoice freeChoice,
                                 boolean keepEvents) {
        ExplorationOptions options = options(algorithm);
        return of(program, freeChoice == null ? options : options.withFreeChoice(freeChoice), keepEvents);
    }

    private static Exploration of(ModelProgram program, ExplorationOptions options, boolean keepEvents) {
        return with(program, Explorer.create(options), options.algorithm(), keepEvents);
    }

    /** The search of a program within a preemption bound, not stopping at failures. */
    public static Exploration bounded(ModelProgram program, SearchAlgorithm algorithm, int bound,
                                      long maxExecutions) {
        return of(program, options(algorithm).withPreemptionBound(bound).withMaxExecutions(maxExecutions), false);
    }

    /** The search by increasing preemption bound ({@link Explorer#boundedCoverage}), not stopping at failures. */
    public static Exploration byIncreasingBound(ModelProgram program, SearchAlgorithm algorithm) {
        return with(program, Explorer.boundedCoverage(options(algorithm)), algorithm, false);
    }

    private static Exploration with(ModelProgram program, Explorer explorer, SearchAlgorithm algorithm,
                                    boolean keepEvents) {
        ModelSubject subject = new ModelSubject(program);
        ExplorationLog log = new ExplorationLog(subject, keepEvents);
        ExplorationResult result = explorer.explore(subject, log);
        return new Exploration(program, algorithm, 1, result, log);
    }

    /** Shards 1 to {@code count} of the exploration, one after the other, as one. */
    public static Exploration sharded(ModelProgram program, SearchAlgorithm algorithm, boolean keepEvents,
                                      int count) {
        return sharded(program, algorithm, keepEvents, count, Shard.DEFAULT_SPARE_CHOICES);
    }

    /**
     * As {@link #sharded(ModelProgram, SearchAlgorithm, boolean, int)}, with the split after {@code spareChoices}
     * branching states beyond one part per shard ({@link dev.weft.dpor.Parts#spareChoices()}), so that small programs
     * reach it too.
     */
    public static Exploration sharded(ModelProgram program, SearchAlgorithm algorithm, boolean keepEvents,
                                      int count, int spareChoices) {
        ModelSubject subject = new ModelSubject(program);
        ExplorationLog log = new ExplorationLog(subject, keepEvents);
        List<ExplorationResult> parts = new ArrayList<>();
        for (int k = 1; k <= count; k++) {
            parts.add(shard(subject, log, algorithm, new Shard(k, count, spareChoices)));
        }
        return new Exploration(program, algorithm, count, sum(parts), log);
    }

    /** One shard's exploration, into the log. */
    static ExplorationResult shard(ModelSubject subject, ExplorationLog log, SearchAlgorithm algorithm, Shard shard) {
        return Explorer.create(options(algorithm).withShard(shard)).explore(subject, log);
    }

    private static ExplorationOptions options(SearchAlgorithm algorithm) {
        return ExplorationOptions.of(algorithm).withMaxSteps(MAX_STEPS).withStopOnFirstFailure(false);
    }

    private static ExplorationResult sum(List<ExplorationResult> parts) {
        long executions = 0;
        long completed = 0;
        long blocked = 0;
        boolean exhaustive = true;
        long nanos = 0;
        List<dev.weft.dpor.ExplorationFailure> failures = new ArrayList<>();
        for (ExplorationResult part : parts) {
            executions += part.executions();
            completed += part.completed();
            blocked += part.sleepSetBlocked();
            exhaustive &= part.exhaustive();
            nanos += part.elapsedNanos();
            failures.addAll(part.failures());
        }
        return new ExplorationResult(executions, completed, blocked, exhaustive, failures, nanos);
    }

    public static Exploration dpor(ModelProgram program) {
        return of(program, SearchAlgorithm.DPOR, false);
    }

    public static Exploration naive(ModelProgram program) {
        return of(program, SearchAlgorithm.NAIVE, false);
    }

    /** The explorer, and the shards if it was split: "OPTIMAL in 3 shards". */
    public String name() {
        return shards == 1 ? algorithm.name() : algorithm + " in " + shards + " shards";
    }

    /** A one-line account for assertion messages. */
    public String summary() {
        String who = name();
        return String.format("%s on %s: %d complete, %d failed, %d sleep-set blocked, exhaustive=%s, %d ms",
                who, program.name(), result.completed(), result.executions() - result.completed(),
                result.sleepSetBlocked(), result.exhaustive(), result.elapsedNanos() / 1_000_000);
    }
}
