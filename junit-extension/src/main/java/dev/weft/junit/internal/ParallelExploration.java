package dev.weft.junit.internal;

import dev.weft.dpor.ExecutionRecord;
import dev.weft.dpor.ExplorationFailure;
import dev.weft.dpor.ExplorationListener;
import dev.weft.dpor.ExplorationOptions;
import dev.weft.dpor.ExplorationResult;
import dev.weft.dpor.SharedSearch;
import dev.weft.scheduler.model.Run;
import dev.weft.scheduler.model.Subject;
import dev.weft.scheduler.runtime.fibers.InlineCarrying;
import dev.weft.scheduler.runtime.JvmSubject;
import dev.weft.scheduler.runtime.state.SharedStateWatch;
import dev.weft.scheduler.runtime.state.SideBySideExecutions;
import dev.weft.scheduler.runtime.WorkerIdentityMattered;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * One test explored by several workers side by side in this JVM (docs/design/explorers.md, "Parallel workers"), each
 * on its own managed threads, over one {@link SharedSearch}: the first worker runs the search as one worker would, the
 * others run branches of it ahead, and a branch's result is taken over only if it is what the sequential search would
 * have run there. So a passing test's count is exact whatever the number of workers and their timing.
 *
 * <p>A failure the first worker found in an execution of the whole search's own is the sequential search's
 * ({@link SharedSearch#resultIsSequential}): it stands, with the sequential search's count. Anything else is left to
 * one worker: another failure or a data race (so that the reported failure, its replay token and the count before it
 * are those of the sequential search), executions that shared state they did not create ({@link SideBySideExecutions}),
 * a worker's identity that mattered ({@link WorkerIdentityMattered}). The outcome then says why, and the caller
 * explores again with one worker. Only when JUnit's timeout ends the search does a failure found so far stand as it
 * was found, as it does for one worker.
 */
final class ParallelExploration {

    /**
     * @param result          the result that stands: a search every worker finished without a failure, or one that
     *                        stopped at the sequential search's failure, or at any failure when the test's time ran
     *                        out; {@code null} when the search must be run again with one worker
     * @param oneWorkerBecause why, when it must; with a result, why the first worker explored alone after its first
     *                         execution (the others never started)
     * @param workersFailure  the failure the workers found, when one worker must find the sequential search's
     *                        ({@link WorkersFailureRecheck} says what stands if it finds none)
     * @param stateShared     whether the workers' executions shared state they did not create, which may have caused
     *                        that failure
     * @param warnings        what the workers' executions found worth telling the test's author
     * @param shares          each worker's executions, when the result is the workers'
     * @param inVain          how many of those were run ahead in branches whose owner then ran them itself
     * @param leftRunning     why a worker's failed execution left threads running ({@link JvmSubject#threadsLeftRunning}),
     *                        or {@code null}
     */
    record Outcome(ExplorationResult result, String oneWorkerBecause, ExplorationFailure workersFailure,
                   boolean stateShared, List<String> warnings, List<Long> shares, long inVain, String leftRunning) {
    }

    /** Thrown into a worker's explorer to stop it: another worker found what ends the parallel search. */
    private static final class Stopped extends RuntimeException {
        Stopped() {
            super(null, null, false, false);
        }
    }

    private static final String IDENTITY_MATTERED = "a pool task looked at the thread it runs on";
    /** How {@link Outcome#oneWorkerBecause} begins when a worker's thread was stuck in the test's code for good. */
    static final String THREAD_GIVEN_UP = "a worker's thread was given up: ";

    private static final String SHARED_STATE = "its executions share state they did not create: ";

    /** How often the waiting thread looks whether a worker's thread was given up. */
    private static final long LOOK_MILLIS = 20;

    private final int workers;
    private final ExplorationOptions options;
    private final Function<SharedStateWatch, JvmSubject> subjects;
    private final ExplorationListener listener;
    private final SideBySideExecutions sideBySide = new SideBySideExecutions();
    private final AtomicBoolean stop = new AtomicBoolean();
    private final AtomicReference<String> oneWorkerBecause = new AtomicReference<>();
    private final SharedSearch search;
    /** Why the first worker explored alone from its second execution on, or {@code null} if the others joined it. */
    private String alone;

    /**
     * @param subjects makes a worker's subject, whose executions report to the watch
     * @param listener hears every worker's executions (from their threads)
     */
    ParallelExploration(int workers, ExplorationOptions options, Function<SharedStateWatch, JvmSubject> subjects,
                        ExplorationListener listener) {
        if (workers < 2 || workers > SideBySideExecutions.MAX_WORKERS) {
            throw new IllegalArgumentException("2 to " + SideBySideExecutions.MAX_WORKERS + " workers, not "
                    + workers);
        }
        this.workers = workers;
        this.options = options;
        this.subjects = subjects;
        this.listener = listener;
        this.search = SharedSearch.of(options);
    }

    /**
     * Runs the workers until they are done or one of them stops them all.
     *
     * @throws InterruptedException if the calling thread was interrupted (JUnit's timeout); the workers are stopped
     *                              first
     */
    Outcome explore() throws InterruptedException {
        List<Worker> all = new ArrayList<>();
        for (int i = 0; i < workers; i++) {
            all.add(new Worker(i));
        }
        // The first execution runs alone: the classes it initialises are initialised once, by one worker.
        all.get(0).thread.start();
        try {
            while (!all.get(0).firstEnded.await(LOOK_MILLIS, TimeUnit.MILLISECONDS)
                    && all.get(0).carrying.lostBecause() == null) {
                // its first execution still runs
            }
            String changed = sideBySide.changed();
            if (changed != null) {
                // The first execution changed state it did not create: the next ones would see its changes and each
                // other's. The first worker goes on alone, as one worker from the start: nothing to explore again,
                // and no other worker's executions change what its own read first (QA: leftover static state
                // reached its limit during the workers' run, and one worker exploring again passed a test that
                // fails with NONDETERMINISM from the start).
                alone = SHARED_STATE + changed;
            } else {
                sideBySide.othersJoin();
                for (Worker worker : all.subList(1, workers)) {
                    worker.thread.start();
                }
            }
            for (Worker worker : all) {
                worker.awaitEnd();
            }
        } catch (InterruptedException e) {
            return outOfTime(all, e);
        }
        Set<String> warnings = warnings(all);
        String sharing = sideBySide.sharing();
        ExplorationResult result = search.result();
        ExplorationFailure found = result.failed() ? result.failures().get(0) : null;
        if (sharing != null) {
            return oneWorker(SHARED_STATE + sharing, found, true, warnings);
        }
        if (oneWorkerBecause.get() != null) {
            return oneWorker(oneWorkerBecause.get(), null, false, warnings);
        }
        if (result.failed() && search.resultIsSequential()) {
            return failureStands(result, warnings, all);
        }
        if (result.failed()) {
            return oneWorker("a failure was found; one worker finds the first failure in the order of the sequential"
                    + " search", found, false, warnings);
        }
        // A worker's last execution may have looked at a pool worker's identity with no execution after it to say so.
        if (all.stream().anyMatch(worker -> worker.subject.workerIdentityMattered())) {
            return oneWorker(IDENTITY_MATTERED, null, false, warnings);
        }
        return new Outcome(result, alone, null, false, List.copyOf(warnings), shares(all),
                search.cancelledExecutions(), null);
    }

    /**
     * JUnit's timeout interrupted the waiting thread: each worker is interrupted as one worker's exploring thread would
     * be, so that an execution stuck outside the scheduler says where it is, and the workers are waited for. A failure
     * found by then stands as found (no search runs again: the time is up); else the interrupt is the outcome.
     */
    private Outcome outOfTime(List<Worker> all, InterruptedException interrupt) throws InterruptedException {
        stop.set(true);
        search.stop();
        for (Worker worker : all) {
            worker.thread.interrupt();
        }
        all.forEach(this::awaitEndUninterruptibly);
        ExplorationResult result = search.result();
        if (!result.failed()) {
            throw interrupt;
        }
        Thread.currentThread().interrupt(); // for the caller, which reports the failure as out of time
        return failureStands(result, warnings(all), all);
    }

    /** The workers' failure is the verdict: the caller reports it without exploring again. */
    private Outcome failureStands(ExplorationResult result, Set<String> warnings, List<Worker> all) {
        return new Outcome(result, alone, null, false, List.copyOf(warnings), shares(all), search.cancelledExecutions(),
                leftRunning(all));
    }

    private Outcome oneWorker(String because, ExplorationFailure workersFailure, boolean stateShared,
                              Set<String> warnings) {
        return new Outcome(null, because, workersFailure, stateShared, List.copyOf(warnings), List.of(), 0, null);
    }

    private static Set<String> warnings(List<Worker> all) {
        Set<String> warnings = new TreeSet<>();
        all.forEach(worker -> warnings.addAll(worker.subject.warnings()));
        return warnings;
    }

    private static List<Long> shares(List<Worker> all) {
        return all.stream().map(worker -> worker.executions).toList();
    }

    private static String leftRunning(List<Worker> all) {
        return all.stream().map(worker -> worker.subject.threadsLeftRunning()).filter(Objects::nonNull).findFirst()
                .orElse(null);
    }

    /** Waits for the worker to end (a worker never started is done, and one given up is left). */
    private void awaitEndUninterruptibly(Worker worker) {
        while (true) {
            try {
                worker.awaitEnd();
                return;
            } catch (InterruptedException again) {
                // keep waiting: the worker ends with its current execution
            }
        }
    }

    /** Ends the parallel search, for this reason unless another came first. */
    private void stopBecause(String reason) {
        oneWorkerBecause.compareAndSet(null, reason);
        stop.set(true);
        search.stop();
    }

    /** One worker: its subject, its share of the search, its thread. */
    private final class Worker implements Subject, ExplorationListener {
        private final JvmSubject subject;
        private final Thread thread;
        private final CountDownLatch firstEnded = new CountDownLatch(1);
        /** Lets its thread carry its executions' fibers itself: a worker's thread may be given up. */
        private final InlineCarrying carrying = new InlineCarrying();
        /** the executions this worker ran, those of branches run ahead and then not taken over too */
        private long executions;

        Worker(int index) {
            this.subject = subjects.apply(sideBySide.watch(index));
            this.thread = new Thread(this::run, "weft-worker-" + index);
            thread.setDaemon(true);
        }

        /**
         * Waits until the worker's thread has ended, or was given up: stuck inside the test's code, it ends the
         * parallel search, and one worker finds and reports the failure.
         */
        void awaitEnd() throws InterruptedException {
            while (thread.isAlive()) {
                thread.join(LOOK_MILLIS);
                String lost = carrying.lostBecause();
                if (lost != null) {
                    stopBecause(THREAD_GIVEN_UP + Messages.firstLine(lost));
                    return;
                }
            }
        }

        private void run() {
            carrying.install();
            try {
                search.work(this, this);
            } catch (Stopped stopped) {
                // another worker ended the search
            } catch (WorkerIdentityMattered mattered) {
                stopBecause(IDENTITY_MATTERED);
            } catch (RuntimeException | Error e) {
                stopBecause("a worker stopped: " + e);
            } finally {
                carrying.uninstall();
                firstEnded.countDown();
            }
        }

        @Override
        public Run start() {
            if (stop.get() || sideBySide.sharing() != null) {
                stop.set(true);
                throw new Stopped();
            }
            return subject.start();
        }

        @Override
        public void executionEnded(ExecutionRecord record) {
            executions++;
            firstEnded.countDown();
            listener.executionEnded(record);
        }
    }
}
