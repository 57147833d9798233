package dev.weft.dpor.internal;

import dev.weft.dpor.ExecutionRecord;
import dev.weft.dpor.ExplorationFailure;
import dev.weft.dpor.ExplorationListener;
import dev.weft.dpor.ExplorationOptions;
import dev.weft.dpor.ExplorationResult;
import dev.weft.dpor.Parts;
import dev.weft.dpor.SharedSearch;
import dev.weft.scheduler.model.Subject;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One search explored by several workers at once, each on its own subject (docs/design/explorers.md, "Parallel
 * workers"). The first worker runs the whole search as the sequential explorer does. An idle worker takes the next
 * branch of the shallowest state of a running search that has one ({@link StolenBranch#take}) and runs it ahead,
 * keeping the races it finds above the branch for later. When the owner's search reaches the branch, it takes the
 * thief's result over if the state still holds for it what the thief ran it with, and runs the branch itself
 * otherwise. So every execution that counts is one the sequential search runs, at the place it runs it: a passing
 * search's count is exactly the sequential one, whatever the number of workers and their timing.
 *
 * <p>A worker waiting for a thief's result helps it: it only takes branches from that thief's search or from those
 * taken from it (leapfrogging), so that what it waits for can only get nearer.
 *
 * <p>Only a pass is the workers' verdict: the first failure or data race found by any of them (in a branch that may
 * never be taken over) stops them all, and says only that the search fails; which failure the sequential search
 * reports first is for a sequential search to find. So do the budget of executions (all workers' executions count,
 * those of branches cancelled too) and {@link #stop()}.
 *
 * <p>No threads are made here: the caller's workers each call {@link #work}. All bookkeeping on the states happens
 * under one lock; the executions themselves run outside it.
 */
public final class BranchStealing implements SharedSearch {

    private final ExplorationOptions options;
    private final Parts parts;
    private final long started = System.nanoTime();
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final List<StolenBranch> running = new ArrayList<>();
    /** executions run by all workers, those of cancelled branches too: what the budget counts */
    private final AtomicLong ended = new AtomicLong();
    /**
     * Executions let start, less those that did not count: each worker takes its place in the budget before it runs
     * one, so that workers checking the budget at once do not run past it together.
     */
    private final AtomicLong admitted = new AtomicLong();
    private StolenBranch whole;
    /** Whether the whole search cannot finish in its time, when the options ask; else {@code null}. */
    private final HopelessSearch hopeless;
    private int waiting;
    private volatile boolean stopped;
    private ExplorationFailure failure;
    /**
     * Whether {@link #failure} is the first worker's, in an execution of the whole search's own: every execution
     * before it in the sequential order has run and passed, so it is the failure the sequential search stops at.
     */
    private boolean failureIsSequential;
    private long branches;

    /** Thrown up a worker's stack when the branch it runs, or the whole search, stops. */
    private static final class Abandoned extends RuntimeException {
        Abandoned() {
            super(null, null, false, false);
        }
    }

    public BranchStealing(ExplorationOptions options, Parts parts) {
        this.options = options;
        this.hopeless = options.stopsWhenHopeless() ? new HopelessSearch(options.maxNanos()) : null;
        this.parts = parts;
    }

    /**
     * Works on the search until it is over: the first caller runs the whole search, the others take branches. Safe
     * to call from several threads at once, each with its own subject.
     *
     * @param listener hears this worker's executions, numbered across all workers
     */
    @Override
    public void work(Subject subject, ExplorationListener listener) {
        StolenBranch first;
        lock.lock();
        try {
            first = whole == null ? whole = started(new StolenBranch(new DepthFirstSearch(options, null, parts)))
                    : null;
        } finally {
            lock.unlock();
        }
        try {
            if (first != null) {
                run(first, subject, listener);
            }
            for (StolenBranch branch = nextBranch(null); branch != null; branch = nextBranch(null)) {
                run(branch, subject, listener);
            }
        } catch (RuntimeException | Error e) {
            stop();
            throw e;
        }
    }

    /** Stops every worker at its next execution. */
    @Override
    public void stop() {
        lock.lock();
        try {
            stopped = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /**
     * The result, once every worker's {@link #work} has returned: the whole search's counts if it passed, stopped
     * without a failure (not exhaustive then) or if the failure that stopped it is the sequential search's
     * ({@link #resultIsSequential}), else that failure (with all executions run so far as its count).
     */
    @Override
    public ExplorationResult result() {
        lock.lock();
        try {
            DepthFirstSearch search = whole.search;
            long nanos = System.nanoTime() - started;
            if (failureIsSequential) {
                return StatelessExplorer.result(search, options, nanos);
            }
            if (failure != null) {
                return new ExplorationResult(ended.get(), 0, 0, false, List.of(failure), nanos);
            }
            // Stopped (the budget, the time, stop()) or done: the sequential search's executions so far, counted
            // as it counts them (sleep-set blocked ones apart); branches run ahead and not taken over are not its.
            // Its size is estimated from every worker's executions, as the hopeless check does (QA, commons-lang on
            // JDK 25: "39,424 executions in 10,000 ms, of about 12 by estimate" from the sequential search's own).
            return StatelessExplorer.result(search, options, nanos, ended.get());
        } finally {
            lock.unlock();
        }
    }

    @Override
    public boolean resultIsSequential() {
        lock.lock();
        try {
            return failureIsSequential || failure == null && !stopped && whole != null && whole.done;
        } finally {
            lock.unlock();
        }
    }

    /** Executions run in branches whose owner then ran them itself: the price of running ahead. */
    @Override
    public long cancelledExecutions() {
        lock.lock();
        try {
            return ended.get() - (whole == null ? 0 : whole.search.ended());
        } finally {
            lock.unlock();
        }
    }

    /** How many branches idle workers took. */
    @Override
    public long branchesTaken() {
        lock.lock();
        try {
            return branches;
        } finally {
            lock.unlock();
        }
    }

    private StolenBranch started(StolenBranch branch) {
        running.add(branch);
        return branch;
    }

    /** Runs the branch's search to its end, or until it or the whole search stops. */
    private void run(StolenBranch branch, Subject subject, ExplorationListener listener) {
        DepthFirstSearch search = branch.search;
        DepthFirstSearch.Handover handover = (s, depth) -> ranElsewhere(branch, depth, subject, listener);
        boolean more = true;
        boolean inFlight = false; // an execution admitted to the budget and not ended yet
        try {
            while (more) {
                if (stopped || branch.cancelled || outOfBudget()) {
                    throw new Abandoned();
                }
                inFlight = true;
                DepthFirstSearch.Ended ended = search.run(subject);
                inFlight = false;
                if (!ended.counted()) {
                    admitted.decrementAndGet(); // its place in the budget is free again
                } else {
                    ExecutionOutcome outcome = ended.outcome();
                    listener.executionEnded(new ExecutionRecord(this.ended.incrementAndGet(), outcome.events(),
                            outcome.status(), outcome.failure()));
                    ExplorationFailure found = outcome.failure() != null ? outcome.failure() : search.dataRace;
                    if (found != null) {
                        // A data race does not stop the sequential search (a failure found later is reported
                        // instead), so only a failure of the whole search's own execution is the sequential one.
                        stopAt(found, branch == whole && outcome.failure() != null && options.stopOnFirstFailure());
                        throw new Abandoned();
                    }
                }
                lock.lock();
                try {
                    more = search.advance(handover);
                    branch.published = publishable(search, search.firstNew());
                    if (waiting > 0) {
                        changed.signalAll();
                    }
                } finally {
                    lock.unlock();
                }
            }
        } catch (Abandoned abandoned) {
            // the branch was cancelled, or the whole search stopped
        } finally {
            if (inFlight) {
                admitted.decrementAndGet(); // cut short (its branch cancelled): it counts for nothing
            }
            finish(branch, more);
        }
    }

    /** Whether the budget is used up; if not, the caller has its place for one execution. */
    private boolean outOfBudget() {
        long elapsed = System.nanoTime() - started;
        boolean out = ended.get() > 0 && elapsed >= options.maxNanos()
                || admitted.incrementAndGet() > options.maxExecutions()
                || hopeless != null && hopeless(elapsed);
        if (out) {
            stop();
        }
        return out;
    }

    /** Whether the whole search cannot finish in its time ({@link HopelessSearch}); read under the lock. */
    private boolean hopeless(long elapsed) {
        if (!hopeless.due(elapsed)) {
            return false; // a look costs the lock and a walk down the stack: a few times a second is enough
        }
        lock.lock();
        try {
            return whole != null && hopeless.hopeless(whole.search.shareDone(), ended.get(), elapsed);
        } finally {
            lock.unlock();
        }
    }

    private void stopAt(ExplorationFailure found, boolean sequential) {
        lock.lock();
        try {
            if (failure == null) {
                failure = found;
                failureIsSequential = sequential;
            }
            stop();
        } finally {
            lock.unlock();
        }
    }

    private void finish(StolenBranch branch, boolean abandoned) {
        lock.lock();
        try {
            branch.done = !abandoned;
            branch.published = new Node[0];
            running.remove(branch);
            if (abandoned) {
                branch.cancel();
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** The search's states other workers may take a branch from: those above {@code limit}. */
    private static Node[] publishable(DepthFirstSearch search, int limit) {
        return limit <= 0 ? new Node[0] : search.stack.subList(0, limit).toArray(new Node[0]);
    }

    /**
     * The handover of the branch at {@code depth} of {@code owner}'s stack (called under the lock): if a thief took
     * it and it still matches, waits for the thief's result, helping meanwhile, and takes it over.
     */
    private boolean ranElsewhere(StolenBranch owner, int depth, Subject subject, ExplorationListener listener) {
        Node state = owner.search.stack.get(depth);
        StolenBranch thief = state.stolen;
        if (thief == null) {
            return false;
        }
        state.stolen = null;
        thief.handedBack();
        if (!thief.stillMatches()) {
            thief.cancel();
            changed.signalAll();
            return false;
        }
        owner.published = publishable(owner.search, depth);
        while (!thief.done) {
            if (stopped || owner.cancelled) {
                throw new Abandoned();
            }
            StolenBranch help = take(thief);
            if (help != null) {
                lock.unlock();
                try {
                    run(help, subject, listener);
                } finally {
                    lock.lock();
                }
                continue;
            }
            waiting++;
            changed.awaitUninterruptibly();
            waiting--;
        }
        owner.search.takeOver(depth, thief.search);
        return true;
    }

    /**
     * The next branch for an idle worker, waiting until there is one; null when the search is over.
     *
     * @param family where to take it from: the branch waited for and those taken from it; null for anywhere
     */
    private StolenBranch nextBranch(StolenBranch family) {
        lock.lock();
        try {
            while (!stopped && !whole.done) {
                StolenBranch branch = take(family);
                if (branch != null) {
                    return branch;
                }
                waiting++;
                changed.awaitUninterruptibly();
                waiting--;
            }
            return null;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Takes a branch among the family's searches: the shallowest settled one ({@link StolenBranch.Next#settled}), else
     * the shallowest of all. A settled branch is always taken over; another may be run in vain, which on big0 was
     * more than a fifth of the workers' executions.
     */
    private StolenBranch take(StolenBranch family) {
        StolenBranch from = null;
        int depth = Integer.MAX_VALUE;
        StolenBranch.Next next = null;
        for (StolenBranch candidate : running) {
            if (candidate.cancelled || family != null && !candidate.within(family)) {
                continue;
            }
            for (int d = candidate.search.rootDepth + 1; d < candidate.published.length; d++) {
                StolenBranch.Next found = StolenBranch.next(candidate, d);
                if (found != null && better(found, d, next, depth)) {
                    from = candidate;
                    depth = d;
                    next = found;
                }
            }
        }
        if (from == null) {
            return null;
        }
        branches++;
        return started(StolenBranch.take(from, depth, next, options, parts));
    }

    private static boolean better(StolenBranch.Next found, int depth, StolenBranch.Next best, int bestDepth) {
        if (best == null || found.settled() != best.settled()) {
            return best == null || found.settled();
        }
        return depth < bestDepth;
    }
}
