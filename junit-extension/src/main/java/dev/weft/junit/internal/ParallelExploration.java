package dev.weft.junit.internal;

import dev.weft.dpor.ExecutionRecord;
import dev.weft.dpor.ExplorationListener;
import dev.weft.dpor.ExplorationOptions;
import dev.weft.dpor.ExplorationResult;
import dev.weft.dpor.SharedSearch;
import dev.weft.scheduler.model.Run;
import dev.weft.scheduler.model.Subject;
import dev.weft.scheduler.runtime.InlineCarrying;
import dev.weft.scheduler.runtime.JvmSubject;
import dev.weft.scheduler.runtime.SharedStateWatch;
import dev.weft.scheduler.runtime.SideBySideExecutions;
import dev.weft.scheduler.runtime.WorkerIdentityMattered;

import java.util.ArrayList;
import java.util.List;
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
 * <p>Anything but a pass is left to one worker: a failure or a data race (so that the reported failure, its replay
 * token and the count before it are those of the sequential search), executions that shared state they did not
 * create ({@link SideBySideExecutions}), a worker's identity that mattered ({@link WorkerIdentityMattered}). The
 * outcome then says why, and the caller explores again with one worker.
 */
final class ParallelExploration {

    /**
     * @param result          the merged result of a search every worker finished without a failure; {@code null} when
     *                        the search must be run again with one worker
     * @param oneWorkerBecause why, when it must
     * @param warnings        what the workers' executions found worth telling the test's author
     * @param shares          each worker's executions, when the result is the workers'
     * @param inVain          how many of those were run ahead in branches whose owner then ran them itself
     */
    record Outcome(ExplorationResult result, String oneWorkerBecause, List<String> warnings, List<Long> shares,
                   long inVain) {
    }

    /** Thrown into a worker's explorer to stop it: another worker found what ends the parallel search. */
    private static final class Stopped extends RuntimeException {
        Stopped() {
            super(null, null, false, false);
        }
    }

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
        long started = System.nanoTime();
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
        } catch (InterruptedException e) {
            stopAndWait(all.get(0));
            throw e;
        }
        for (Worker worker : all.subList(1, workers)) {
            worker.thread.start();
        }
        for (Worker worker : all) {
            try {
                worker.awaitEnd();
            } catch (InterruptedException e) {
                all.forEach(this::stopAndWait);
                throw e;
            }
        }
        Set<String> warnings = new TreeSet<>();
        all.forEach(worker -> warnings.addAll(worker.subject.warnings()));
        String sharing = sideBySide.sharing();
        if (sharing != null) {
            return new Outcome(null, "its executions share state they did not create: " + sharing,
                    List.copyOf(warnings), List.of(), 0);
        }
        if (oneWorkerBecause.get() != null) {
            return new Outcome(null, oneWorkerBecause.get(), List.copyOf(warnings), List.of(), 0);
        }
        ExplorationResult result = search.result();
        if (result.failed()) {
            return new Outcome(null, "a failure was found; one worker finds the first failure in the order of the"
                    + " sequential search", List.copyOf(warnings), List.of(), 0);
        }
        return new Outcome(result, null, List.copyOf(warnings), all.stream().map(worker -> worker.executions).toList(),
                search.cancelledExecutions());
    }

    /**
     * Stops the workers at their next execution and waits for this one to end (a worker never started is done, and
     * one given up is left).
     */
    private void stopAndWait(Worker worker) {
        stop.set(true);
        search.stop();
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
                    stopBecause("a worker's thread was given up: " + lost.lines().findFirst().orElse(lost));
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
                stopBecause("a pool task looked at the thread it runs on");
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
