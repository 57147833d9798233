package dev.weft.junit.internal;

import dev.weft.junit.Algorithm;
import dev.weft.dpor.FreeChoice;
import dev.weft.dpor.SearchAlgorithm;
import dev.weft.dpor.Shard;
import dev.weft.scheduler.runtime.RuntimeSettings;
import dev.weft.scheduler.runtime.state.SideBySideExecutions;
import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.scheduler.runtime.time.Timeouts;

import java.nio.file.Path;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * The settings of one {@code @ExhaustiveConcurrency} test: the annotation's attributes where set, else the JUnit
 * configuration parameters ({@code junit-platform.properties}, {@code -D}), else the built-in defaults.
 */
record WeftSettings(Algorithm algorithm, long maxExecutions, long maxSeconds, int maxSteps, String replay,
                    Path reportDir,
                    Duration watchdogTimeout, boolean minimizePreemptions, Timeouts timeouts, boolean reuseThreads,
                    boolean keepCoreAwake, boolean interchangeableIdleWorkers, boolean spuriousWakeups, Shard shard,
                    int workers, boolean continuations, FreeChoice freeChoice, boolean boundedCoverage) {

    /**
     * Twice the 100,000 an exhaustive search had before a budget was shared with the search by bound: a test that
     * finished in 100,000 still finishes in its half ({@link BoundedCoverage}).
     */
    static final long DEFAULT_MAX_EXECUTIONS = 200_000;
    /** {@link #maxSeconds} when no time budget is set: only by a budget so large it could never end a search. */
    static final long NO_TIME_BUDGET = Long.MAX_VALUE;
    /** No test explores unbounded by default: about a minute, then the verdict says what was covered. */
    static final long DEFAULT_MAX_SECONDS = 60;
    /**
     * Real executions (a loop of 1,000 turns over a few locks and fields) take tens of thousands of steps, and an
     * evictor going over a pool of 500 objects several hundred thousand (commons-pool). An execution keeps one to three
     * KB a step; one that fills the heap before this limit ends with STEP_LIMIT at the steps that fitted (the runtime's
     * heap watch), not with an OutOfMemoryError (docs/PERFORMANCE.md, "Long executions").
     */
    static final int DEFAULT_MAX_STEPS = 1_000_000;
    static final long DEFAULT_WATCHDOG_SECONDS = 10;
    static final String DEFAULT_REPORT_DIR = "target/weft-reports";
    /** Whether waits may wake without a cause unless configured: see the user guide on what that costs. */
    static final boolean DEFAULT_SPURIOUS_WAKEUPS = true;
    /** At most this many workers unless asked for more: beyond it, no measurement or projection says they pay. */
    static final int MAX_DEFAULT_WORKERS = 8;

    /**
     * @param parameters looks up a configuration parameter by name
     * @param where      names the annotated method, for error messages
     * @throws WeftConfigurationException naming the attribute or parameter when a value makes no sense
     */
    static WeftSettings resolve(ExhaustiveConcurrency annotation, Function<String, Optional<String>> parameters,
                                String where) {
        Algorithm algorithm = annotation.algorithm();
        if (algorithm == Algorithm.OPTIMAL) {
            algorithm = parameters.apply("weft.algorithm")
                    .map(v -> parseConstant(Algorithm.class, v, "weft.algorithm", "OPTIMAL, DPOR, NAIVE", where))
                    .orElse(algorithm);
        }
        long maxExecutions = annotation.maxExecutions() != ExhaustiveConcurrency.FROM_CONFIGURATION
                ? positive(annotation.maxExecutions(), "maxExecutions", where)
                : parameters.apply("weft.maxExecutions").map(v -> parsePositive(v, "weft.maxExecutions", where))
                        .orElse(DEFAULT_MAX_EXECUTIONS);
        long maxSeconds = annotation.maxSeconds() != ExhaustiveConcurrency.FROM_CONFIGURATION
                ? positive(annotation.maxSeconds(), "maxSeconds", where)
                : parameters.apply("weft.maxSeconds").map(v -> parsePositive(v, "weft.maxSeconds", where))
                        .orElse(DEFAULT_MAX_SECONDS);
        long maxSteps = annotation.maxSteps() != (int) ExhaustiveConcurrency.FROM_CONFIGURATION
                ? positive(annotation.maxSteps(), "maxSteps", where)
                : parameters.apply("weft.maxSteps").map(v -> parsePositive(v, "weft.maxSteps", where))
                        .orElse((long) DEFAULT_MAX_STEPS);
        atMost(maxSteps, Integer.MAX_VALUE, "weft.maxSteps", where);
        String replay = annotation.replay().isBlank()
                ? parameters.apply("weft.replay").filter(v -> !v.isBlank()).orElse(null)
                : annotation.replay().strip();
        Path reportDir = Path.of(parameters.apply("weft.reportDir").filter(v -> !v.isBlank())
                .orElse(DEFAULT_REPORT_DIR));
        long watchdog = parameters.apply("weft.watchdogSeconds")
                .map(v -> parsePositive(v, "weft.watchdogSeconds", where)).orElse(DEFAULT_WATCHDOG_SECONDS);
        boolean minimizePreemptions = parameters.apply("weft.minimizePreemptions")
                .map(v -> parseBoolean(v, "weft.minimizePreemptions", where)).orElse(true);
        Timeouts timeouts = parameters.apply("weft.timeouts").map(v -> parseTimeouts(v, where))
                .orElse(Timeouts.WHEN_BLOCKED);
        boolean reuseThreads = parameters.apply("weft.reuseThreads")
                .map(v -> parseBoolean(v, "weft.reuseThreads", where)).orElse(true);
        boolean keepCoreAwake = parameters.apply("weft.keepCoreAwake")
                .map(v -> parseBoolean(v, "weft.keepCoreAwake", where)).orElse(true);
        boolean interchangeableIdleWorkers = parameters.apply("weft.interchangeableIdleWorkers")
                .map(v -> parseBoolean(v, "weft.interchangeableIdleWorkers", where)).orElse(true);
        boolean spuriousWakeups = parameters.apply("weft.spuriousWakeups")
                .map(v -> parseBoolean(v, "weft.spuriousWakeups", where)).orElse(DEFAULT_SPURIOUS_WAKEUPS);
        Shard shard = parameters.apply("weft.shard").filter(v -> !v.isBlank()).map(v -> parseShard(v, where))
                .orElse(Shard.WHOLE);
        boolean debugger = underDebugger();
        // A replay, or any run under a debugger, shows each thread as a thread of its own: in a continuation, a
        // debugger would see them all as the one platform thread that carries them.
        boolean continuations = parameters.apply("weft.continuations")
                .map(v -> parseBoolean(v, "weft.continuations", where)).orElse(replay == null && !debugger);
        long workers = parameters.apply("weft.workers").map(v -> parsePositive(v, "weft.workers", where))
                .orElseGet(() -> (long) defaultWorkers(Runtime.getRuntime().availableProcessors(),
                        continuations && RuntimeSettings.continuationsPossibleOnThisJdk(), debugger));
        atMost(workers, SideBySideExecutions.MAX_WORKERS, "configuration parameter weft.workers", where);
        FreeChoice freeChoice = parameters.apply("weft.freeChoice")
                .map(v -> parseConstant(FreeChoice.class, v, "weft.freeChoice", "last, lowest", where))
                .orElse(FreeChoice.defaultFor(SearchAlgorithm.valueOf(algorithm.name())));
        boolean boundedCoverage = parameters.apply("weft.boundedCoverage")
                .map(v -> parseBoolean(v, "weft.boundedCoverage", where)).orElse(true);
        return new WeftSettings(algorithm, maxExecutions, maxSeconds, (int) maxSteps, replay, reportDir,
                Duration.ofSeconds(watchdog), minimizePreemptions, timeouts, reuseThreads, keepCoreAwake,
                interchangeableIdleWorkers, spuriousWakeups, shard, (int) workers, continuations, freeChoice,
                boundedCoverage);
    }

    /**
     * The workers a test gets when {@code weft.workers} is not set: as many as the cores keep busy, at most
     * {@value #MAX_DEFAULT_WORKERS}. With continuations a worker keeps one core busy: one per core (on 2 cores, two
     * workers explored big0 1.3× to 1.8× faster than one). On platform threads each hand-off wakes another OS thread,
     * so a worker keeps about two cores busy: one per two cores (on 2 cores two workers were slower than one, 0.7×).
     * Under a debugger one, so that a breakpoint stops one execution, not one per worker. (docs/PERFORMANCE.md,
     * "Parallel workers")
     */
    static int defaultWorkers(int cores, boolean continuations, boolean underDebugger) {
        if (underDebugger) {
            return 1;
        }
        int busy = continuations ? cores : cores / 2;
        return Math.max(1, Math.min(busy, MAX_DEFAULT_WORKERS));
    }

    /** Whether a debugger can attach to this JVM (it was started with the JDWP agent). */
    private static boolean underDebugger() {
        return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .anyMatch(argument -> argument.contains("jdwp"));
    }

    private static Timeouts parseTimeouts(String value, String where) {
        Timeouts policy = Timeouts.fromConfigName(value.toLowerCase(Locale.ROOT));
        if (policy == null) {
            throw new WeftConfigurationException("configuration parameter weft.timeouts must be one of "
                    + Timeouts.WHEN_BLOCKED.configName() + ", " + Timeouts.ANY.configName() + " but was '" + value
                    + "' (" + where + ")");
        }
        return policy;
    }

    private static Shard parseShard(String value, String where) {
        try {
            return Shard.parse(value);
        } catch (IllegalArgumentException e) {
            throw new WeftConfigurationException("configuration parameter weft.shard: " + e.getMessage() + " ("
                    + where + ")");
        }
    }

    private static boolean parseBoolean(String value, String name, String where) {
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new WeftConfigurationException("configuration parameter " + name
                    + " must be true or false but was '" + value + "' (" + where + ")");
        };
    }

    /** The constant of {@code type} named {@code value} in any case; else an error listing {@code choices}. */
    private static <E extends Enum<E>> E parseConstant(Class<E> type, String value, String name, String choices,
                                                       String where) {
        try {
            return Enum.valueOf(type, value.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new WeftConfigurationException("configuration parameter " + name + " must be one of " + choices
                    + " but was '" + value + "' (" + where + ")");
        }
    }

    private static long parsePositive(String value, String name, String where) {
        try {
            return positive(Long.parseLong(value.strip().replace("_", "")), "configuration parameter " + name, where);
        } catch (NumberFormatException e) {
            throw new WeftConfigurationException("configuration parameter " + name
                    + " must be a whole number >= 1 but was '" + value + "' (" + where + ")");
        }
    }

    private static void atMost(long value, long max, String name, String where) {
        if (value > max) {
            throw new WeftConfigurationException(name + " must be at most " + max + " but was " + value + " (" + where
                    + ")");
        }
    }

    private static long positive(long value, String name, String where) {
        if (value < 1) {
            throw new WeftConfigurationException(name + " must be >= 1 but was " + value + " (" + where + ")");
        }
        return value;
    }
}
