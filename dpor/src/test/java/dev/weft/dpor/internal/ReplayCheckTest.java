package dev.weft.dpor.internal;

import dev.weft.dpor.ExecutionRecord;
import dev.weft.dpor.ExplorationListener;
import dev.weft.dpor.ExplorationOptions;
import dev.weft.dpor.ExplorationResult;
import dev.weft.dpor.Explorer;
import dev.weft.dpor.SearchAlgorithm;
import dev.weft.scheduler.model.FailureKind;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.Run;
import dev.weft.scheduler.model.Subject;
import dev.weft.scheduler.model.ThreadId;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The check of a replayed execution (explorers.md, "Stateless search"): above the branching state the subject is
 * asked only about the thread that moves ({@link Run#pendingOf}), at the branching state about every thread; a
 * subject that does something else than it did before still fails with {@code NONDETERMINISM}.
 */
class ReplayCheckTest {

    private static final Location X = Location.field("Shared@1", "x");
    private static final Location Y = Location.field("Shared@1", "y");

    /**
     * A thread that does not move before the branching state but whose next operation there is not the one
     * recorded: the check at the branching state finds it, whichever thread moves first.
     */
    @ParameterizedTest
    @EnumSource(value = SearchAlgorithm.class, names = {"DPOR", "OPTIMAL"})
    void aWaitingThreadWhoseNextOperationChangedIsNondeterminism(SearchAlgorithm algorithm) {
        List<Operation> increment = List.of(Operation.read(X), Operation.write(X));
        assertNondeterminism(algorithm, List.of(increment, increment),
                List.of(increment, List.of(Operation.read(Y), Operation.write(X))));
    }

    /** The thread that moves at a replayed state about to do another thing than before: found at that state. */
    @ParameterizedTest
    @EnumSource(value = SearchAlgorithm.class, names = {"DPOR", "OPTIMAL"})
    void theMovingThreadDoingSomethingElseIsNondeterminism(SearchAlgorithm algorithm) {
        List<Operation> increment = List.of(Operation.read(X), Operation.write(X));
        assertNondeterminism(algorithm, List.of(increment, increment, increment),
                List.of(List.of(Operation.read(Y), Operation.write(X)), increment, increment));
    }

    /** Explores a subject that runs {@code first} in its first execution, {@code later} after: it must fail so. */
    private static void assertNondeterminism(SearchAlgorithm algorithm, List<List<Operation>> first,
                                             List<List<Operation>> later) {
        ExplorationResult result = Explorer.create(ExplorationOptions.of(algorithm))
                .explore(new ChangingSubject(first, later), ExplorationListener.NONE);

        assertThat(result.failures()).hasSize(1);
        assertThat(result.failures().get(0).kind()).isEqualTo(FailureKind.NONDETERMINISM);
    }

    /**
     * Three increments: the explorer asks for every thread's pending operation only at new states and at each
     * execution's branching state, fewer times than the executions have states; the replayed states ask about one
     * thread. (Before, every state asked for every thread: at least one call per state.)
     */
    @ParameterizedTest
    @EnumSource(value = SearchAlgorithm.class, names = {"DPOR", "OPTIMAL"})
    void replayedStatesAskOnlyAboutTheThreadThatMoves(SearchAlgorithm algorithm) {
        List<Operation> increment = List.of(Operation.read(X), Operation.write(X));
        List<List<Operation>> workers = List.of(increment, increment, increment);
        CountingSubject subject = new CountingSubject(new StraightLineSubject(workers));
        long[] states = new long[1];

        ExplorationResult result = Explorer.create(ExplorationOptions.of(algorithm))
                .explore(subject, new ExplorationListener() {
                    @Override
                    public void executionEnded(ExecutionRecord record) {
                        states[0] += record.events().size() + 1;
                    }
                });

        assertThat(result.failed()).isFalse();
        assertThat(result.exhaustive()).isTrue();
        assertThat(subject.pendingOfCalls).isPositive();
        assertThat(subject.pendingCalls).isLessThan(states[0]);
        assertThat(subject.pendingCalls + subject.pendingOfCalls).isGreaterThanOrEqualTo(states[0]);
    }

    /** The first execution runs one program, every later one another: a test whose behaviour changed between runs. */
    private static final class ChangingSubject implements Subject {
        private final Subject first;
        private final Subject later;
        private boolean started;

        ChangingSubject(List<List<Operation>> first, List<List<Operation>> later) {
            this.first = new StraightLineSubject(first);
            this.later = new StraightLineSubject(later);
        }

        @Override
        public Run start() {
            Run run = started ? later.start() : first.start();
            started = true;
            return run;
        }
    }

    /** Counts how the explorer asks about the pending operations. */
    private static final class CountingSubject implements Subject {
        private final Subject subject;
        long pendingCalls;
        long pendingOfCalls;

        CountingSubject(Subject subject) {
            this.subject = subject;
        }

        @Override
        public Run start() {
            return new ForwardingRun(subject.start()) {
                @Override
                public List<PendingOperation> pending() {
                    pendingCalls++;
                    return run.pending();
                }

                @Override
                public PendingOperation pendingOf(ThreadId thread) {
                    pendingOfCalls++;
                    return run.pendingOf(thread);
                }
            };
        }
    }
}
