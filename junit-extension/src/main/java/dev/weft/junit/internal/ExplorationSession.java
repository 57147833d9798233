package dev.weft.junit.internal;

import dev.weft.dpor.Coverage;
import dev.weft.dpor.ExecutionRecord;
import dev.weft.dpor.ExplorationFailure;
import dev.weft.dpor.ExplorationOptions;
import dev.weft.dpor.ExplorationResult;
import dev.weft.dpor.Explorer;
import dev.weft.dpor.SearchAlgorithm;
import dev.weft.reporting.ReplayToken;
import dev.weft.reporting.ReportFiles;
import dev.weft.reporting.ShardMerge;
import dev.weft.reporting.Summary;
import dev.weft.reporting.SummaryJson;
import dev.weft.reporting.TraceTable;
import dev.weft.scheduler.instrument.InstrumentationFailure;
import dev.weft.scheduler.instrument.WeftInstrumentation;
import dev.weft.scheduler.runtime.fibers.InlineCarrying;
import dev.weft.scheduler.runtime.JvmSubject;
import dev.weft.scheduler.runtime.RuntimeSettings;
import dev.weft.scheduler.runtime.ThreadsLeftRunning;
import dev.weft.scheduler.runtime.ExplorationInterrupted;
import dev.weft.scheduler.runtime.WorkerIdentityMattered;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.opentest4j.TestAbortedException;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * One {@code @ExhaustiveConcurrency} test from start to verdict: explore (or replay), write {@code summary.json} and,
 * on failure, the report files, print the console line, and pass or fail the JUnit test.
 */
final class ExplorationSession {

    /** One execution may run for this many times the test's time budget ({@link #executionTimeLimit}). */
    static final long EXECUTION_LIMIT_FACTOR = 5;

    /** The warnings given so far ({@link #warn}). */
    private final Set<String> warned = new HashSet<>();
    private final ExtensionContext context;
    private final WeftSettings settings;
    private final FreshTestBody body;
    private final String testName;
    private final String shortName;
    private final PrintStream out = System.out;
    /** Each worker's executions when workers side by side explored the test; empty when one did. */
    private List<Long> workerShares = List.of();
    /** What both halves ran against the execution budget, once the search by bound took the second; else -1. */
    private long ranAgainstBudget = -1;
    /** Of the workers' executions, those of branches run ahead whose owner then ran them itself. */
    private long runInVain;
    /** When the session began: a console line after an exploration ran again also says how long they all took. */
    private long sessionStarted;
    /** Whether an exploration ran again after the first (one worker after several, or on the test's thread). */
    private boolean exploredAgain;
    /**
     * Whether a thread exploring inline was given up, stuck in the test's code: a later exploration then runs on the
     * test's thread at once, which waits for its executions rather than carrying them, instead of being given up too.
     */
    private boolean inlineThreadLost;
    /**
     * The progress of the exploration under way (the last one's, when it explores again): the console's progress
     * lines, the executions so far for a summary that ends it early, the last execution for a replay's check.
     * {@code null} before the first.
     */
    private ProgressListener progress;
    /** Whether this test's {@code summary.json} is written: once, whatever its verdict. */
    private boolean summaryWritten;

    ExplorationSession(ExtensionContext context, WeftSettings settings, FreshTestBody body) {
        this.context = context;
        this.settings = settings;
        this.body = body;
        Class<?> testClass = context.getRequiredTestClass();
        String method = context.getRequiredTestMethod().getName();
        this.testName = testClass.getName() + "#" + method;
        this.shortName = testClass.getSimpleName() + "#" + method;
    }

    /**
     * Runs the test to its verdict. Whatever ends it, a {@code summary.json} is written: an exception that is not a
     * verdict (a defect of Weft's own, or an execution it could not unwind) is reported there as an
     * {@code INTERNAL_ERROR} before it fails the test.
     */
    void run() throws Throwable {
        long started = System.nanoTime();
        sessionStarted = started;
        try {
            exploreToVerdict(started);
        } catch (TestAbortedException | WeftConfigurationException notAnExploration) {
            throw notAnExploration;
        } catch (Throwable t) {
            if (!summaryWritten) {
                try {
                    reportInternalError(t, started);
                } catch (IOException | RuntimeException unwritten) {
                    t.addSuppressed(unwritten); // the error itself is what the test must fail with
                }
            }
            throw t;
        }
    }

    private void exploreToVerdict(long started) throws Throwable {
        WeftInstrumentation.ensureInstalled();
        failIfSomeClassWasNotInstrumented();
        KeptFields.keep(context.getRequiredTestClass());
        ReplayToken replay = settings.replay() == null ? null : decodeReplay(settings.replay());
        ExplorationOptions whole = new ExplorationOptions(SearchAlgorithm.valueOf(settings.algorithm().name()),
                settings.maxExecutions(), settings.maxSteps(), true, settings.maxSeconds() == WeftSettings.NO_TIME_BUDGET
                ? Long.MAX_VALUE : TimeUnit.SECONDS.toNanos(settings.maxSeconds()), settings.shard(),
                settings.freeChoice());
        // A search that may not finish in its budget tries to be exhaustive for half of it, then covers the
        // schedules by increasing preemption bound for the rest, so that a stopped search still proves something.
        boolean coverByBound = replay == null && settings.shard().whole() && settings.boundedCoverage();
        ExplorationOptions options = coverByBound ? BoundedCoverage.firstHalf(whole) : whole;
        progress = new ProgressListener(shortName, out);
        RuntimeSettings runtime = RuntimeSettings.defaults()
                .withWatchdogTimeout(settings.watchdogTimeout())
                .withTimeouts(settings.timeouts())
                .withReuseThreads(settings.reuseThreads())
                .withKeepCoreAwake(settings.keepCoreAwake())
                .withInterchangeableIdleWorkers(settings.interchangeableIdleWorkers())
                .withSpuriousWakeups(settings.spuriousWakeups())
                .withContinuations(settings.continuations())
                .withExecutionTimeLimit(executionTimeLimit(settings.maxSeconds()));
        JvmSubject subject = new JvmSubject(body, runtime, new ExplorerCausalOrder());
        ParallelExploration.Outcome parallel = replay == null && settings.workers() > 1
                ? exploreInParallel(options, runtime, started) : null;
        ExplorationResult result;
        String leftRunning;
        boolean unconfirmed = false;
        if (parallel != null && parallel.result() != null) {
            // the workers' result stands: a pass, the sequential search's failure, or a failure when time ran out
            if (parallel.oneWorkerBecause() == null) {
                workerShares = parallel.shares();
                runInVain = parallel.inVain();
            } else {
                // the first worker went on alone after its first execution: one worker's search, nothing run again
                noteOneWorker(parallel.oneWorkerBecause());
            }
            warn(parallel.warnings());
            result = parallel.result();
            leftRunning = parallel.leftRunning();
        } else {
            if (parallel != null) {
                exploredAgain = true;
                inlineThreadLost |= parallel.oneWorkerBecause().startsWith(ParallelExploration.THREAD_GIVEN_UP);
                noteOneWorker(parallel.oneWorkerBecause());
                // its rate counts from here, not from the workers' start
                progress = new ProgressListener(shortName, out);
            }
            result = explore(replay, () -> explorer(replay, options), subject, started);
            if (subject.workerIdentityMattered()) {
                // The idle workers of a pool were taken as interchangeable, and a thread looked at its identity: what
                // ran so far is real, but a failure-free exploration is not yet exhaustive. Explore again, with every
                // choice of idle worker.
                runtime = runtime.withInterchangeableIdleWorkers(false);
                subject = new JvmSubject(body, runtime, new ExplorerCausalOrder());
                if (result == null || !result.failed()) {
                    exploredAgain = true;
                    out.println("weft: " + shortName + " a task looked at the thread it runs on: exploring again with"
                            + " every choice of idle pool worker");
                    progress = new ProgressListener(shortName, out);
                    result = explore(replay, () -> explorer(replay, options), subject, started);
                }
            }
            warn(subject.warnings());
            if (parallel != null) {
                WorkersFailureRecheck.Verdict verdict = WorkersFailureRecheck.of(result, parallel.workersFailure(),
                        parallel.stateShared(), settings.workers());
                warn(verdict.warnings());
                result = verdict.result();
                unconfirmed = verdict.unconfirmed();
            }
            leftRunning = subject.threadsLeftRunning();
        }

        if (coverByBound && !result.exhaustive() && !result.failed() && leftRunning == null) {
            BoundedCoverage.Outcome covered = coverByPreemptionBound(result, whole, body, runtime, started);
            result = covered.result();
            workerShares = List.of(); // the workers ran the first half only: the count is both searches' now
            ranAgainstBudget = covered.ran();
            subject = covered.subject();
            leftRunning = subject.threadsLeftRunning();
        }

        Path testDir = testDir();
        if (!result.failed()) {
            pass(result, testDir, replay);
            return;
        }
        ExplorationFailure first = result.failures().get(0);
        if (first.cause() instanceof TestAbortedException aborted) {
            throw aborted;
        }
        // Out of time (JUnit's timeout interrupted this thread): no search for fewer preemptions, and the one replay
        // that records the report's detail runs with the interrupt held back, then put back for JUnit to see.
        boolean outOfTime = Thread.interrupted();
        ReportedFailure reported = ReportedFailure.asFound(first);
        if (replay == null && settings.minimizePreemptions() && !outOfTime && !unconfirmed && leftRunning == null) {
            try {
                reported = ReportedFailure.withFewestPreemptions(subject, first, options);
            } catch (ThreadsLeftRunning stopped) {
                // an execution of the search failed otherwise and left a thread running: the search ends there
            } catch (WorkerIdentityMattered mattered) {
                // A task of the search looked at the pool thread it runs on, with idle workers taken as
                // interchangeable: the failure is reported as found. Searching again with every choice of worker
                // could find a schedule that the replay below, under the exploration's settings, cannot run.
                // (Jetty's QueuedThreadPoolTest#testEvictCount failed with this exception as its error.)
            }
        }
        if (leftRunning == null) {
            leftRunning = subject.threadsLeftRunning();
        }
        ExplorationFailure detailed;
        if (leftRunning == null) {
            detailed = DetailedReplay.of(reported.shown(), body, runtime, options);
        } else {
            // Threads an execution could not stop still run: no execution more, each of which could leave another.
            warn(List.of(leftRunning + ". No further execution was run: the failure is reported as found so far,"
                    + " without the replay that records stacks and values."));
            detailed = reported.shown();
        }
        if (outOfTime) {
            Thread.currentThread().interrupt();
        }
        throw failure(result, reported, detailed, testDir);
    }

    /**
     * How long one execution may run before it fails with {@code TIME_LIMIT}: five times the test's time budget.
     * Generous, so that no test whose executions are merely slow on a loaded machine fails by it: an execution within
     * the step limit takes seconds, and only one whose steps are each slow in real time (a {@code System.gc()} in a
     * loop) gets near it.
     */
    static Duration executionTimeLimit(long maxSeconds) {
        return maxSeconds >= WeftSettings.NO_TIME_BUDGET / EXECUTION_LIMIT_FACTOR ? RuntimeSettings.NO_TIME_LIMIT
                : Duration.ofSeconds(maxSeconds * EXECUTION_LIMIT_FACTOR);
    }

    /**
     * Explores with {@code settings.workers()} workers side by side ({@link ParallelExploration}); the outcome says
     * whether one worker must explore again.
     */
    private ParallelExploration.Outcome exploreInParallel(ExplorationOptions options, RuntimeSettings runtime,
                                                          long started) throws IOException {
        progress = new ProgressListener(shortName, out, settings.workers());
        try {
            return new ParallelExploration(settings.workers(), options,
                    watch -> new JvmSubject(body, runtime, new ExplorerCausalOrder(), watch), progress).explore();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw stopAtTimeout(started);
        }
    }

    private void writeSummary(Path testDir, Summary summary) throws IOException {
        SummaryJson.write(testDir, summary);
        summaryWritten = true;
    }

    /**
     * The exploration ended with an exception that is no verdict: the summary says so, with the executions run so
     * far, and the console names it; the caller then fails the test with it.
     */
    private void reportInternalError(Throwable error, long started) throws IOException {
        long executions = progress == null ? 0 : progress.ended();
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        String message = "Weft failed while exploring " + testName + " after " + executions + " execution(s): "
                + error + " (a defect of Weft's, or of what it does not control; the test's stack trace has the"
                + " cause)";
        writeSummary(testDir(), new Summary(testName, settings.algorithm().name(), false, false, executions, 0,
                millis, new Summary.Failure("INTERNAL_ERROR", message, null, 0), shard()));
        out.println("weft: " + shortName + " ERROR — " + message);
        context.publishReportEntry("weft", message);
    }

    /** Why one worker explores, not as many as asked for: on the console and as the report entry weft.workers. */
    private void noteOneWorker(String because) {
        String note = "weft: " + shortName + " exploring with one worker, not " + settings.workers() + ": " + because;
        out.println(note);
        context.publishReportEntry("weft.workers", note);
    }

    /**
     * Each warning once per test: the exhaustive search and the search by preemption bound after it run the same
     * test, and each said the same (a pool never shut down was warned of twice).
     */
    private void warn(List<String> warnings) {
        for (String warning : warnings) {
            if (!warned.add(warning)) {
                continue;
            }
            out.println("weft: " + shortName + " WARNING: " + warning);
            context.publishReportEntry("weft.warning", warning);
        }
    }

    /**
     * The thread was interrupted (JUnit's {@code @Timeout} or {@code junit.jupiter.execution.timeout.*}): the
     * exploration ended before its next execution. Writes a {@code summary.json} that says how far it got, and returns
     * Weft's account to throw; JUnit reports its timeout with this failure attached.
     */
    private ExplorationTimedOut stopAtTimeout(long started) throws IOException {
        long executions = progress.ended();
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        String message = "weft: " + shortName + " stopped after " + executions + " execution(s) in " + millis
                + " ms: the test's thread was interrupted (JUnit's @Timeout, or junit.jupiter.execution.timeout.*)."
                + " The interleavings run so far passed; the search was not exhaustive. Give the test more time, or"
                + " a budget of Weft's own that ends the search without failing it (maxExecutions, maxSeconds).";
        writeSummary(testDir(), new Summary(testName, settings.algorithm().name(), false, false, executions, 0,
                millis, new Summary.Failure("TIMEOUT", message, null, 0), shard()));
        out.println(message);
        context.publishReportEntry("weft", message);
        return new ExplorationTimedOut(message);
    }

    /** Weft's account of an exploration that JUnit's timeout ended. */
    static final class ExplorationTimedOut extends AssertionError {
        ExplorationTimedOut(String message) {
            super(message);
        }
    }

    private static Explorer explorer(ReplayToken replay, ExplorationOptions options) {
        return replay == null ? Explorer.create(options) : Explorer.replaying(replay.schedule(), options);
    }

    /**
     * The exploration's result, or {@code null} when it was abandoned because a worker's identity mattered; when the
     * thread is interrupted it ends as {@link #stopAtTimeout} says.
     */
    private ExplorationResult explore(ReplayToken replay, Supplier<Explorer> explorer, JvmSubject subject,
                                      long started) throws IOException {
        try {
            if (replay != null || !settings.continuations() || !InlineCarrying.possible() || inlineThreadLost) {
                return explorer.get().explore(subject, progress);
            }
            ExplorationThread.Outcome<ExplorationResult> outcome =
                    ExplorationThread.run(() -> explorer.get().explore(subject, progress));
            if (outcome.lostBecause() == null) {
                return outcome.value();
            }
            // The exploring thread is stuck in the test's code for good: this thread explores again, waiting for
            // its executions as before, so that the failure is found and reported as usual.
            inlineThreadLost = true;
            exploredAgain = true;
            out.println("weft: " + shortName + " the exploring thread was given up ("
                    + Messages.firstLine(outcome.lostBecause()) + "); exploring again on the test's thread");
            return explorer.get().explore(subject, progress);
        } catch (WorkerIdentityMattered abandoned) {
            return null;
        } catch (ExplorationInterrupted interrupted) {
            throw stopAtTimeout(started);
        }
    }

    /**
     * The second half of the budget, after an exhaustive search that did not finish in the first: one worker covers
     * the schedules by increasing preemption bound ({@link dev.weft.dpor.Explorer#boundedCoverage}). When a pool
     * task looked at its thread, it starts again with every choice of idle worker, as the exhaustive search does.
     *
     * @param exhaustive the exhaustive search's result, its counts part of the verdict's
     */
    private BoundedCoverage.Outcome coverByPreemptionBound(ExplorationResult exhaustive, ExplorationOptions whole,
                                                           FreshTestBody body, RuntimeSettings runtime, long started)
            throws IOException {
        long ran = progress.ended();
        out.println("weft: " + shortName + " " + BoundedCoverage.switchNote(exhaustive, ran));
        BoundedCoverage coverage = new BoundedCoverage(whole, exhaustive, ran, started);
        RuntimeSettings settingsNow = runtime;
        while (true) {
            JvmSubject subject = new JvmSubject(body, settingsNow, new ExplorerCausalOrder());
            progress = new ProgressListener(shortName, out);
            ExplorationResult bounded = explore(null, coverage::explorer, subject, started);
            if (!subject.workerIdentityMattered() || (bounded != null && bounded.failed())
                    || !settingsNow.interchangeableIdleWorkers()) {
                warn(subject.warnings());
                return coverage.combined(bounded, subject);
            }
            settingsNow = settingsNow.withInterchangeableIdleWorkers(false);
        }
    }

    /** Whether the exploration was one execution in which no thread but the test's own took a step. */
    private boolean ranAlone(ExplorationResult result) {
        ExecutionRecord only = progress.last();
        return result.exhaustive() && result.executions() == 1 && only != null
                && only.events().stream().allMatch(event -> event.thread().index() == 0);
    }

    /**
     * The test's report folder; a shard's is a folder of its own inside it ({@code shard-2-of-3}), so that shards
     * run side by side (Surefire forks) keep their summaries apart for {@link ShardMerge}.
     */
    private Path testDir() {
        Path dir = settings.reportDir().resolve(context.getRequiredTestClass().getName())
                .resolve(context.getRequiredTestMethod().getName());
        return shard() == null ? dir : dir.resolve(ShardMerge.folderOf(shard()));
    }

    /** The part of the search this run explores ({@code "2/3"}), or {@code null} for all of it (a replay is whole). */
    private String shard() {
        return settings.shard().whole() || settings.replay() != null ? null : settings.shard().toString();
    }

    private void pass(ExplorationResult result, Path testDir, ReplayToken replay) throws IOException {
        writeSummary(testDir, summary(result, null));
        String line = consoleLine("PASS", result);
        out.println(line);
        context.publishReportEntry("weft", line);
        if (replay == null && ranAlone(result)) {
            warn(List.of("the test started no thread: its one execution ran on the test's own thread alone, so there"
                    + " was nothing to interleave (a thread never started, or work the code under test runs on the"
                    + " calling thread?)"));
        }
        if (replay != null) {
            String fingerprint = ReplayToken.fingerprint(progress.last().events());
            if (!fingerprint.equals(replay.fingerprint())) {
                String warning = "weft: " + shortName + " REPLAY DID NOT REPRODUCE the recorded interleaving: the"
                        + " schedule still fits, but the operations differ (fingerprint " + fingerprint
                        + " instead of " + replay.fingerprint() + "). The code changed since the token was printed.";
                out.println(warning);
                context.publishReportEntry("weft.replay", warning);
            }
        } else if (!result.exhaustive()) {
            // all workers' executions count against the budget, those run ahead and not taken over too
            long run = ranAgainstBudget >= 0 ? ranAgainstBudget
                    : workerShares.isEmpty() ? result.executions() + result.sleepSetBlocked()
                    : workerShares.stream().mapToLong(Long::longValue).sum();
            boolean outOfExecutions = run >= settings.maxExecutions();
            String budget = outOfExecutions
                    ? "the budget of " + settings.maxExecutions() + " executions"
                    : "the time budget of " + settings.maxSeconds() + " s";
            String raise = outOfExecutions ? "maxExecutions (or weft.maxExecutions)" : "maxSeconds (or weft.maxSeconds)";
            Coverage coverage = result.coverage();
            String covered = coverage.bounded() || coverage.estimatedExecutions() >= 0
                    ? " Covered: " + coverage.describe() + "." : "";
            String proven = coverage.completedBound() >= 0
                    ? " A failure that needs at most " + coverage.completedBound() + " preemption"
                    + (coverage.completedBound() == 1 ? "" : "s") + " would have been found."
                    : " The test passed only the interleavings tried.";
            String warning = "weft: " + shortName + " NOT EXHAUSTIVE: " + budget + " ran out before every interleaving"
                    + " was run." + covered + proven + " Raise " + raise + " to prove more.";
            out.println(warning);
            context.publishReportEntry("weft.notExhaustive", warning);
        }
    }

    /**
     * Writes the failure's summary and report files and prints its console line.
     *
     * @param failure the reported failure, with stacks and values if its detailed replay recorded them
     * @return the error that fails the test
     */
    private AssertionError failure(ExplorationResult result, ReportedFailure reported, ExplorationFailure failure,
                                   Path testDir) throws IOException {
        String algorithm = settings.algorithm().name();
        String token = ReplayToken.of(failure.schedule(), failure.events()).encode();
        writeSummary(testDir, summary(result, new Summary.Failure(failure.kind().name(), failure.message(),
                token, failure.preemptions())));
        Path report = ReportFiles.write(testDir, testName, failure, token);
        String line = consoleLine("FAIL", result) + "; failing schedule with "
                + reported.preemptionsAndCost(algorithm);
        out.println(line);
        context.publishReportEntry("weft", line);
        String message = failure.kind() + ": " + failure.message() + System.lineSeparator()
                + "  found after " + result.executions() + " execution(s) of " + testName
                + (shard() == null ? "" : " (shard " + shard() + "; the replay token needs no shard)") + ", shown with "
                + reported.preemptions(algorithm) + System.lineSeparator()
                + System.lineSeparator() + TraceTable.render(failure) + System.lineSeparator()
                + "replay: @ExhaustiveConcurrency(replay = \"" + token + "\")  or  -Dweft.replay=" + token
                + System.lineSeparator() + "report: " + report.toAbsolutePath();
        return new AssertionError(message, failure.cause());
    }

    /**
     * A class that could not be instrumented would run uncontrolled: its races unseen, its blocking unexplained. The
     * test fails rather than pass on a partial view, and says how to leave such a class out on purpose.
     */
    private void failIfSomeClassWasNotInstrumented() {
        List<InstrumentationFailure> failures = WeftInstrumentation.failures();
        if (!failures.isEmpty()) {
            throw new WeftConfigurationException("Weft could not instrument " + failures.size() + " class(es), so "
                    + testName + " cannot be explored exhaustively: " + failures + ". If those classes take no part"
                    + " in the test's concurrency, leave them out with the system property"
                    + " -Dweft.instrument.exclude=<package prefixes> (in Surefire's argLine or"
                    + " systemPropertyVariables).");
        }
    }

    private Summary summary(ExplorationResult result, Summary.Failure failure) {
        return new Summary(testName, settings.algorithm().name(), failure == null, result.exhaustive(),
                result.executions(), result.sleepSetBlocked(), TimeUnit.NANOSECONDS.toMillis(result.elapsedNanos()),
                failure, shard(), result.exhaustive() ? Coverage.NONE : result.coverage());
    }

    private String consoleLine(String verdict, ExplorationResult result) {
        return String.format("weft: %s %s — %s%d executions (%d sleep-set blocked), %s, %d ms%s", shortName,
                verdict, shard() == null ? "" : "shard " + shard() + ": ", result.executions(),
                result.sleepSetBlocked(), result.exhaustive() ? "complete"
                        : notExhaustive(result.failed() ? Coverage.NONE : result.coverage()),
                TimeUnit.NANOSECONDS.toMillis(result.elapsedNanos()), workerShares.isEmpty() ? ""
                        : ", " + workerShares.size() + " workers (" + workerShares.stream().map(String::valueOf)
                        .collect(Collectors.joining(" · ")) + " run, " + runInVain + " of them "
                        + (result.exhaustive() ? "ahead in vain)" : "run ahead and not counted)"))
                + (exploredAgain ? String.format(", %d ms in all with the exploration before it",
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sessionStarted)) : "");
    }

    /** "not exhaustive", with what was covered where the search says. */
    private static String notExhaustive(Coverage coverage) {
        return coverage.bounded() ? "not exhaustive (" + coverage.describe() + ")" : "not exhaustive";
    }

    private ReplayToken decodeReplay(String token) {
        try {
            return ReplayToken.decode(token);
        } catch (IllegalArgumentException e) {
            throw new WeftConfigurationException(e.getMessage() + " (" + testName + ")", e);
        }
    }
}
