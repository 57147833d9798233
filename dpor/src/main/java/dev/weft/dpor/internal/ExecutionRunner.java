package dev.weft.dpor.internal;

import dev.weft.dpor.ExecutionStatus;
import dev.weft.dpor.ExplorationFailure;
import dev.weft.dpor.RacingSteps;
import dev.weft.dpor.Schedule;
import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.FailureKind;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.Run;
import dev.weft.scheduler.model.StepPolicy;
import dev.weft.scheduler.model.Subject;
import dev.weft.scheduler.model.SubjectFailure;
import dev.weft.scheduler.model.ThreadId;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Runs one execution: replays the stack's choices (checking that the subject does the same as before), takes the new
 * choice at the branching state, then extends the stack with new states until the execution ends.
 */
final class ExecutionRunner {

    /**
     * How many steps the daemon threads left at the end of an execution may take after it, to show what they were
     * about to do ({@link AbandonedDaemons}): enough for a daemon that finishes a little work, few enough that one in
     * an endless loop costs little.
     */
    static final int DAEMON_LOOKAHEAD = 64;

    /** No forced choices: every new state's choice is left to {@link NewState}. */
    static final Schedule UNFORCED = new Schedule(List.of());

    private final Subject subject;
    private final List<Node> stack;
    private final int maxSteps;
    private final NewState newState;
    private final Schedule forced;
    /** In a stateful search, the states explored before, where an execution stops; else {@code null}. */
    private VisitedStates visited;
    private final List<Event> events = new ArrayList<>();
    private int branch;

    /**
     * @param newState makes the states reached for the first time, choosing who moves there
     * @param forced   the threads to choose at the first new states, by name (a replay), or {@link #UNFORCED}
     */
    ExecutionRunner(Subject subject, List<Node> stack, int maxSteps, NewState newState, Schedule forced) {
        this.subject = subject;
        this.stack = stack;
        this.maxSteps = maxSteps;
        this.newState = newState;
        this.forced = forced;
    }

    /**
     * Makes the run stateful: each new state is given the subject's state ({@link Run#state}), and an execution stops
     * at one that {@code visited} explored before.
     */
    ExecutionRunner stoppingAt(VisitedStates visited) {
        this.visited = visited;
        return this;
    }

    /**
     * @param branch the depth whose choice is new in this execution; states above it replay what ran before
     */
    ExecutionOutcome run(int branch) {
        this.branch = branch;
        Policy policy = new Policy(branch);
        try (Run run = subject.start()) {
            run.runWith(policy);
        }
        if (policy.outcome == null) {
            throw new IllegalStateException("the run ended before the explorer ended it");
        }
        return policy.outcome;
    }

    /**
     * The per-step logic, called by the run: on the driver's thread for most subjects, on the thread that just
     * stopped for the JVM runtime (one call at a time, each happening-after the previous one).
     */
    private final class Policy implements StepPolicy {
        private final int branch;
        private int depth;
        private Node node;
        private ExecutionOutcome outcome;
        /** Once the execution has ended with daemon threads alive: the steps they took after the end, else null. */
        private List<Event> afterEnd;
        /**
         * Steps taken since a sleep set (or the shard's split) cut the execution off, run to its end because the
         * subject asks for it ({@link Run#finishesWhenCutOff}); -1 while it is not cut off.
         */
        private int drained = -1;
        Policy(int branch) {
            this.branch = branch;
        }

        @Override
        public ThreadId next(Run run) {
            if (afterEnd != null) {
                return nextAfterEnd(run);
            }
            if (drained >= 0) {
                return nextWhileDraining(run);
            }
            outcome = choose(run);
            if (outcome == null) {
                return node.thread(node.chosen);
            }
            if ((outcome.status() == ExecutionStatus.SLEEP_SET_BLOCKED || outcome.status() == ExecutionStatus.REVISITED
                    || outcome.status() == ExecutionStatus.OTHER_SHARD) && run.finishesWhenCutOff()) {
                drained = 0;
                return nextWhileDraining(run);
            }
            if (outcome.status() == ExecutionStatus.COMPLETE && !run.abandoned().isEmpty()) {
                afterEnd = new ArrayList<>();
                return nextAfterEnd(run);
            }
            return null;
        }

        /**
         * Checks a state the execution replays: the thread that moves there must be about to do what it did before,
         * and at the branching state every thread must (its {@code pending} list is the one the explorer reads
         * from there on). Above the branching state only the moving thread is asked ({@link Run#pendingOf}), in time
         * that does not grow with the number of threads: with the replayed steps each checked as it is performed
         * ({@link #performed}), the runtime's state at each replayed state is a function of the same steps, and a
         * waiting thread's entry that changed in between is met at its own step or at the branching state. (Every
         * state was compared whole before: with 128 threads that was the half of the test's time.)
         *
         * @return the failure if the subject diverged; {@code null} to go on
         */
        private ExecutionOutcome replayed(Run run) {
            if (depth < branch) {
                PendingOperation recorded = node.pendingOf(node.chosen);
                if (recorded.equals(run.pendingOf(recorded.thread()))) {
                    return null;
                }
            }
            List<PendingOperation> pending = run.pending();
            if (depth >= branch && pending.equals(node.pending)) {
                return null;
            }
            return failed(FailureKind.NONDETERMINISM, Divergence.describe(depth, node.pending, pending)
                    + Divergence.threadsNow(run.describeThreads()), null, List.of(), pending);
        }

        /**
         * After the end: the first daemon thread that can move takes a step, until none can, one fails, or the
         * look-ahead is used up. None of this is part of the execution's trace; it only shows the explorer what the
         * daemons would have done ({@link AbandonedDaemons}).
         */
        private ThreadId nextAfterEnd(Run run) {
            Optional<SubjectFailure> failure = run.failure();
            if (failure.isEmpty() && afterEnd.size() < DAEMON_LOOKAHEAD) {
                ThreadId next = firstEnabled(run.abandoned());
                if (next != null) {
                    return next;
                }
            }
            ThreadId failed = failure.map(SubjectFailure::thread).orElse(null);
            outcome = ExecutionOutcome.complete(outcome.events(), List.copyOf(afterEnd),
                    failed == null ? -1 : failed.index());
            return null;
        }

        private ExecutionOutcome choose(Run run) {
            Optional<SubjectFailure> failure = run.failure();
            if (failure.isPresent()) {
                return failedInThread(failure.get(), run.pending());
            }
            if (depth < stack.size()) {
                node = stack.get(depth);
                return replayed(run);
            }
            List<PendingOperation> pending = run.pending();
            ExecutionOutcome end = endAt(depth, pending, run);
            if (end != null) {
                return end;
            }
            node = newState.create(stack, pending);
            if (node.otherShard) {
                return new ExecutionOutcome(ExecutionStatus.OTHER_SHARD, List.copyOf(events), null, List.of());
            }
            if (depth < forced.length()) {
                String wanted = forced.threadNames().get(depth);
                node.chosen = enabledThreadNamed(pending, wanted);
                if (node.chosen < 0) {
                    return failed(FailureKind.NONDETERMINISM, Divergence.describeMisfit(depth, wanted, pending),
                            null, disabled(pending), pending);
                }
            }
            if (node.chosen < 0) {
                return cutOff(ExecutionStatus.SLEEP_SET_BLOCKED, pending);
            }
            if (visited != null) {
                node.state = run.state();
                node.asleepOnEntry = node.asleep();
                if (visited.revisit(node.state, node.asleepOnEntry)) {
                    return cutOff(ExecutionStatus.REVISITED, pending);
                }
            }
            stack.add(node);
            return null;
        }

        /**
         * After a sleep set cut the execution off: the first thread that can move takes the next step, until none can,
         * one fails, or the step limit is reached. Those steps are part of no trace (the execution is counted as
         * blocked), and a failure among them is not reported: an execution the explorer runs or has run is
         * equivalent to this one up to the cut, and meets it there. They let the test's own code run to its end:
         * its {@code @AfterEach} cleanup, which unwinding at the cut skipped (found by QA, 2026-11-27).
         */
        private ThreadId nextWhileDraining(Run run) {
            if (run.failure().isPresent() || depth + drained >= maxSteps || run.overTime()) {
                return null;
            }
            ThreadId next = firstEnabled(run.pending());
            if (next != null) {
                drained++;
            }
            return next;
        }

        @Override
        public boolean performed(Event event) {
            if (afterEnd != null) {
                afterEnd.add(event);
                return true;
            }
            if (drained >= 0) {
                return true; // a step after the cut: part of no trace
            }
            if (depth < branch && !sameStep(node.event, event)) {
                outcome = failed(FailureKind.NONDETERMINISM, Divergence.describe(depth, node.event, event), null,
                        List.of(), List.of());
                return false;
            }
            node.event = event;
            events.add(event);
            depth++;
            return true;
        }
    }

    /** The outcome when the execution ends at a state reached for the first time, or {@code null} if it goes on. */
    private ExecutionOutcome endAt(int depth, List<PendingOperation> pending, Run run) {
        if (pending.isEmpty()) {
            return new ExecutionOutcome(ExecutionStatus.COMPLETE, List.copyOf(events), null, List.of());
        }
        if (firstEnabled(pending) == null) {
            String described = run.describeBlockage();
            return failed(FailureKind.DEADLOCK, described.isBlank() ? Divergence.describeDeadlock(pending)
                    : run.blockageHeadline() + ":\n" + described.strip(), null, pending, pending);
        }
        if (depth >= maxSteps) {
            return failed(FailureKind.STEP_LIMIT, StepLimit.describe(events, pending, maxSteps), null,
                    disabled(pending), pending);
        }
        if (run.memoryFull(depth)) {
            return failed(FailureKind.STEP_LIMIT, StepLimit.describeMemoryFull(events, pending, maxSteps,
                    run.memoryUse()), null, disabled(pending), pending);
        }
        if (run.overTime()) {
            return failed(FailureKind.TIME_LIMIT, StepLimit.describeOverTime(events, pending, run.timeLimit()), null,
                    disabled(pending), pending);
        }
        return null;
    }

    /**
     * The explorer cut the execution off at a new state: every thread's pending operation there is kept (the
     * disabled ones as left blocked), for what a stateful search reads of what may follow.
     */
    private ExecutionOutcome cutOff(ExecutionStatus status, List<PendingOperation> pending) {
        return new ExecutionOutcome(status, List.copyOf(events), null, disabled(pending), -1, pending);
    }

    /** The first thread whose operation is enabled, or {@code null}: who moves where the choice is no explorer's. */
    private static ThreadId firstEnabled(List<PendingOperation> pending) {
        for (PendingOperation p : pending) {
            if (p.enabled()) {
                return p.thread();
            }
        }
        return null;
    }

    private static int enabledThreadNamed(List<PendingOperation> pending, String name) {
        for (PendingOperation p : pending) {
            if (p.thread().name().equals(name) && p.enabled()) {
                return p.thread().index();
            }
        }
        return -1;
    }

    private static boolean sameStep(Event before, Event now) {
        return before.thread().equals(now.thread()) && before.operation().equals(now.operation());
    }

    private static List<PendingOperation> disabled(List<PendingOperation> pending) {
        List<PendingOperation> result = new ArrayList<>();
        for (PendingOperation p : pending) {
            if (!p.enabled()) {
                result.add(p);
            }
        }
        return result;
    }

    /** A thread failed: the others are left where they were, which the explorer must still reverse. */
    private ExecutionOutcome failedInThread(SubjectFailure f, List<PendingOperation> pending) {
        ExecutionOutcome outcome = failed(f.kind(), f.message(), f.cause(), disabled(pending), pending);
        if (f.thread() == null) {
            return outcome;
        }
        List<PendingOperation> others = new ArrayList<>();
        for (PendingOperation p : pending) {
            if (!p.thread().equals(f.thread())) {
                others.add(p);
            }
        }
        return new ExecutionOutcome(outcome.status(), outcome.events(), outcome.failure(), outcome.leftBlocked(),
                f.thread().index(), others);
    }

    /**
     * @param stuck   the threads that were disabled when it failed (for a deadlock: all of them)
     * @param pending every live thread's next operation when it failed
     */
    private ExecutionOutcome failed(FailureKind kind, String message, Throwable cause, List<PendingOperation> stuck,
                                    List<PendingOperation> pending) {
        RacingSteps race = kind == FailureKind.NONDETERMINISM ? null : reversedRace(pending);
        ExplorationFailure failure = failure(stack, events, kind, message, cause, stuck, race);
        return new ExecutionOutcome(ExecutionStatus.FAILED, List.copyOf(events), failure, stuck);
    }

    /** The race whose reversal made the choice new in this execution, if this execution did reverse it. */
    private RacingSteps reversedRace(List<PendingOperation> pending) {
        if (branch >= stack.size()) {
            return null;
        }
        Node node = stack.get(branch);
        Reversal reversal = node.reversalOf(node.chosen);
        return reversal == null ? null : reversal.locate(events, pending);
    }

    /**
     * A failure of the execution that {@code stack} holds the states of: its schedule, and its preemptions counted
     * on the stack.
     */
    static ExplorationFailure failure(List<Node> stack, List<Event> events, FailureKind kind, String message,
                                      Throwable cause, List<PendingOperation> stuck, RacingSteps race) {
        List<String> names = new ArrayList<>(events.size());
        for (Event e : events) {
            names.add(e.thread().name());
        }
        int preemptions = Preemptions.running(stack, events.size())[events.size()];
        return new ExplorationFailure(kind, message, cause, events, new Schedule(names), stuck, preemptions, race);
    }
}
