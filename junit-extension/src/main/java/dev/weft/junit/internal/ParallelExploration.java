package dev.weft.junit.internal;

import dev.weft.dpor.ExecutionRecord;
import dev.weft.dpor.ExecutionStatus;
import dev.weft.dpor.ExplorationListener;
import dev.weft.dpor.ExplorationOptions;
import dev.weft.dpor.ExplorationResult;
import dev.weft.dpor.Explorer;
import dev.weft.scheduler.model.Run;
import dev.weft.scheduler.model.Subject;
import dev.weft.scheduler.runtime.JvmSubject;
import dev.weft.scheduler.runtime.SharedStateWatch;
import dev.weft.scheduler.runtime.SideBySideExecutions;
import dev.weft.scheduler.runtime.WorkerIdentityMattered;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * One test explored by several workers side by side in this JVM (docs/design/explorers.md, "Parallel workers"). The
 * search is divided as shards divide it, and each part goes to the first worker that meets it ({@link FirstComeParts});
 * each worker runs its own explorer on its own managed threads. The parts' executions add up to the whole search's, so
 * a passing test's count is exact whatever the number of workers and their timing.
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
     */
    record Outcome(ExplorationResult result, String oneWorkerBecause, List<String> warnings, List<Long> shares) {
    }

    /** Thrown into a worker's explorer to stop it: another worker found what ends the parallel search. */
    private static final class Stopped extends RuntimeException {
        Stopped() {
            super(null, null, false, false);
        }
    }

    /**
     * Into how many ways a whole search is divided ({@link dev.weft.dpor.Parts#ways()}), whatever the number of
     * workers: so the parts, and the sleep-set blocked executions the division adds, are the same for any number of
     * them (a shard keeps its shards' division, {@link FirstComeParts}). Six
     * branching states above the split (with the default three spare ones): four left big0's whole search in one
     * part, and a seventh made it run 29,437 sleep-set blocked executions instead of 1,036 (docs/PERFORMANCE.md,
     * "Parallel workers").
     */
    static final int WAYS = 8;

    private final int workers;
    private final ExplorationOptions options;
    private final Function<SharedStateWatch, JvmSubject> subjects;
    private final ExplorationListener listener;
    private final SideBySideExecutions sideBySide = new SideBySideExecutions();
    private final AtomicBoolean stop = new AtomicBoolean();
    private final AtomicReference<String> oneWorkerBecause = new AtomicReference<>();
    /** Executions run or cut off by a sleep set, all workers together: what the budget counts. */
    private final AtomicLong ended = new AtomicLong();
    private volatile boolean budgetRanOut;

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
    }

    /**
     * Runs the workers until they are done or one of them stops them all.
     *
     * @throws InterruptedException if the calling thread was interrupted (JUnit's timeout); the workers are stopped
     *                              first
     */
    Outcome explore() throws InterruptedException {
        long started = System.nanoTime();
        FirstComeParts parts = new FirstComeParts(WAYS, options.shard());
        List<Worker> all = new ArrayList<>();
        for (int i = 0; i < workers; i++) {
            all.add(new Worker(i, parts));
        }
        // The first execution runs alone: the classes it initialises are initialised once, by one worker.
        all.get(0).thread.start();
        try {
            all.get(0).firstEnded.await();
        } catch (InterruptedException e) {
            stopAndWait(all.get(0).thread);
            throw e;
        }
        for (Worker worker : all.subList(1, workers)) {
            worker.thread.start();
        }
        for (Worker worker : all) {
            try {
                worker.thread.join();
            } catch (InterruptedException e) {
                all.forEach(each -> stopAndWait(each.thread));
                throw e;
            }
        }
        Set<String> warnings = new TreeSet<>();
        all.forEach(worker -> warnings.addAll(worker.subject.warnings()));
        String sharing = sideBySide.sharing();
        if (sharing != null) {
            return new Outcome(null, "its executions share state they did not create: " + sharing,
                    List.copyOf(warnings), List.of());
        }
        if (oneWorkerBecause.get() != null) {
            return new Outcome(null, oneWorkerBecause.get(), List.copyOf(warnings), List.of());
        }
        return new Outcome(merge(all, System.nanoTime() - started), null, List.copyOf(warnings),
                all.stream().map(worker -> worker.executions).toList());
    }

    /** Stops the workers at their next execution and waits for this one to end (a worker never started is done). */
    private void stopAndWait(Thread worker) {
        stop.set(true);
        while (worker.isAlive()) {
            try {
                worker.join();
            } catch (InterruptedException again) {
                // keep waiting: the worker ends with its current execution
            }
        }
    }

    /**
     * The workers' counts added up. When the budget of executions ran out, the workers stopped at their next
     * execution: up to one execution each more than the budget may have run, and which ones depends on their timing.
     */
    private ExplorationResult merge(List<Worker> all, long nanos) {
        long executions = 0;
        long completed = 0;
        long blocked = 0;
        boolean exhaustive = !budgetRanOut;
        for (Worker worker : all) {
            executions += worker.executions;
            completed += worker.completed;
            blocked += worker.blocked;
            exhaustive &= worker.result != null && worker.result.exhaustive();
        }
        return new ExplorationResult(executions, completed, blocked, exhaustive, List.of(), nanos);
    }

    /** Ends the parallel search, for this reason unless another came first. */
    private void stopBecause(String reason) {
        oneWorkerBecause.compareAndSet(null, reason);
        stop.set(true);
    }

    /** One worker: its subject, its explorer over the shared parts, its thread. */
    private final class Worker implements Subject, ExplorationListener {
        private final JvmSubject subject;
        private final Thread thread;
        private final CountDownLatch firstEnded = new CountDownLatch(1);
        private volatile ExplorationResult result;
        private long executions;
        private long completed;
        private long blocked;

        Worker(int index, FirstComeParts parts) {
            this.subject = subjects.apply(sideBySide.watch(index));
            this.thread = new Thread(() -> run(parts), "weft-worker-" + index);
            thread.setDaemon(true);
        }

        private void run(FirstComeParts parts) {
            try {
                result = Explorer.create(options, parts).explore(this, this);
                if (result.failed()) {
                    stopBecause("a failure was found; one worker finds the first failure in the order of the"
                            + " sequential search");
                }
            } catch (Stopped stopped) {
                // another worker ended the search
            } catch (WorkerIdentityMattered mattered) {
                stopBecause("a pool task looked at the thread it runs on");
            } catch (RuntimeException | Error e) {
                stopBecause("a worker stopped: " + e);
            } finally {
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
            if (record.status() == ExecutionStatus.SLEEP_SET_BLOCKED) {
                blocked++;
            } else {
                executions++;
                completed += record.status() == ExecutionStatus.COMPLETE ? 1 : 0;
            }
            if (ended.incrementAndGet() >= options.maxExecutions()) {
                budgetRanOut = true;
                stop.set(true);
            }
            firstEnded.countDown();
            listener.executionEnded(record);
        }
    }
}
