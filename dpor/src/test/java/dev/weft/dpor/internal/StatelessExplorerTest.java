package dev.weft.dpor.internal;

import dev.weft.dpor.ExplorationOptions;
import dev.weft.dpor.ExplorationResult;
import dev.weft.dpor.Explorer;
import dev.weft.dpor.SearchAlgorithm;
import dev.weft.dpor.ExplorationListener;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.LockId;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.FailureKind;
import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.Run;
import dev.weft.scheduler.model.Subject;
import dev.weft.scheduler.model.ThreadId;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class StatelessExplorerTest {

    private static final Location X = Location.field("Shared@1", "x");
    private static final Location Y = Location.field("Shared@1", "y");

    private static ExplorationResult explore(SearchAlgorithm algorithm, List<List<Operation>> workers) {
        return Explorer.create(ExplorationOptions.of(algorithm))
                .explore(new StraightLineSubject(workers), ExplorationListener.NONE);
    }

    private static long factorial(int n) {
        return n <= 1 ? 1 : n * factorial(n - 1);
    }

    @Test
    void dporRunsTheFourTracesOfTwoUnprotectedIncrements() {
        List<Operation> inc = List.of(Operation.read(X), Operation.write(X));
        ExplorationResult result = explore(SearchAlgorithm.DPOR, List.of(inc, inc));
        assertThat(result.completed()).isEqualTo(4);
        assertThat(result.exhaustive()).isTrue();
        assertThat(result.failed()).isFalse();
    }

    /**
     * A time budget that has run out before the second execution stops the search there, as an execution budget
     * does: one execution of the four traces, not exhaustive.
     */
    @Test
    void aTimeBudgetEndsTheSearchBeforeTheNextExecution() {
        List<Operation> inc = List.of(Operation.read(X), Operation.write(X));
        ExplorationResult result = Explorer.create(ExplorationOptions.of(SearchAlgorithm.DPOR).withMaxNanos(1))
                .explore(new StraightLineSubject(List.of(inc, inc)), ExplorationListener.NONE);
        assertThat(result.executions()).isEqualTo(1);
        assertThat(result.exhaustive()).isFalse();
        assertThat(result.failed()).isFalse();
    }

    /**
     * A run that says it is over its time limit after three steps (the JVM runtime measures real time; here the count
     * stands for it): the execution ends there with TIME_LIMIT and what it was doing, and the search stops.
     */
    @Test
    void anExecutionOverItsTimeLimitEndsWithTimeLimit() {
        List<Operation> inc = List.of(Operation.read(X), Operation.write(X));
        Subject straight = new StraightLineSubject(List.of(inc, inc));
        Subject slow = () -> new LimitAfter(straight.start(), 3, false);

        ExplorationResult result = Explorer.create(ExplorationOptions.of(SearchAlgorithm.DPOR))
                .explore(slow, ExplorationListener.NONE);

        assertThat(result.failures()).singleElement().satisfies(failure -> {
            assertThat(failure.kind()).isEqualTo(FailureKind.TIME_LIMIT);
            assertThat(failure.message()).startsWith("one execution ran for more than 7 s, the limit on one execution")
                    .contains("after 3 visible operations").contains("Still running: ");
            assertThat(failure.events()).hasSize(3);
        });
        assertThat(result.executions()).isEqualTo(1);
    }

    /**
     * A run whose memory is full after three steps (the JVM runtime looks at its heap; here the count stands for it):
     * the execution ends there with STEP_LIMIT, saying how far it got within the memory, and the search stops.
     */
    @Test
    void anExecutionThatFillsTheMemoryEndsWithStepLimitAtTheStepsThatFitted() {
        List<Operation> inc = List.of(Operation.read(X), Operation.write(X));
        Subject straight = new StraightLineSubject(List.of(inc, inc));
        Subject large = () -> new LimitAfter(straight.start(), 3, true);

        ExplorationResult result = Explorer.create(ExplorationOptions.of(SearchAlgorithm.DPOR))
                .explore(large, ExplorationListener.NONE);

        assertThat(result.failures()).singleElement().satisfies(failure -> {
            assertThat(failure.kind()).isEqualTo(FailureKind.STEP_LIMIT);
            assertThat(failure.message()).startsWith("the execution took 3 visible operations, as many as the heap"
                    + " holds (9 MB of 10 MB in use after a full collection), before its step limit of ")
                    .contains("-Xmx").contains("Still running: ");
            assertThat(failure.events()).hasSize(3);
        });
        assertThat(result.executions()).isEqualTo(1);
    }

    /** A run that is over its time limit, or whose memory is full, once it has taken {@code steps} steps. */
    private static final class LimitAfter extends ForwardingRun {
        private final int steps;
        private final boolean memory;
        private int taken;

        LimitAfter(Run run, int steps, boolean memory) {
            super(run);
            this.steps = steps;
            this.memory = memory;
        }

        @Override
        public Event step(ThreadId thread) {
            taken++;
            return run.step(thread);
        }

        @Override
        public boolean overTime() {
            return !memory && taken >= steps;
        }

        @Override
        public boolean memoryFull(int stepsSoFar) {
            return memory && stepsSoFar >= steps;
        }

        @Override
        public String memoryUse() {
            return "9 MB of 10 MB";
        }

        @Override
        public String timeLimit() {
            return "7 s";
        }
    }

    @Test
    void dporRunsOneTracePerOrderOfCriticalSections() {
        LockId m = new LockId("Object@1");
        List<Operation> lockinc = List.of(Operation.lock(m), Operation.read(X), Operation.write(X), Operation.unlock(m));
        for (int n = 2; n <= 5; n++) {
            List<List<Operation>> workers = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                workers.add(lockinc);
            }
            assertThat(explore(SearchAlgorithm.DPOR, workers).completed()).as("lockinc(%d)", n).isEqualTo(factorial(n));
        }
    }

    /**
     * Shared holds (read locks): every lock operation happens after the one before it, and two readers' acquisitions
     * and releases can come in every order, C(4, 2) = 6; a writer's section fits wherever no reader holds the lock,
     * at 3 points in the 2 orders where one reader releases before the other acquires and at 2 in the other 4: 14.
     */
    @Test
    void sharedHoldsRunEveryOrderOfTheirAcquisitionsAndReleases() {
        LockId rw = new LockId("ReentrantReadWriteLock@1");
        List<Operation> reader = List.of(Operation.sharedLock(rw), Operation.read(X), Operation.sharedUnlock(rw));
        List<Operation> writer = List.of(Operation.lock(rw), Operation.write(X), Operation.unlock(rw));
        for (SearchAlgorithm algorithm : List.of(SearchAlgorithm.DPOR, SearchAlgorithm.OPTIMAL)) {
            assertThat(explore(algorithm, List.of(reader, reader)).completed()).as("%s, two readers", algorithm)
                    .isEqualTo(6);
            assertThat(explore(algorithm, List.of(reader, reader, writer)).completed())
                    .as("%s, two readers and a writer", algorithm).isEqualTo(14);
        }
    }

    /**
     * Two increments under a read lock: some execution must let both read before either writes (the lost update),
     * whichever thread the explorer lets go on. Before shared holds raced at their releases, only the order of the
     * acquisitions was reversed, and the overlap was left to the free choice.
     */
    @Test
    void incrementsUnderAReadLockOverlapInSomeExecution() {
        LockId rw = new LockId("ReentrantReadWriteLock@1");
        List<Operation> inc = List.of(Operation.sharedLock(rw), Operation.read(X), Operation.write(X),
                Operation.sharedUnlock(rw));
        for (SearchAlgorithm algorithm : List.of(SearchAlgorithm.DPOR, SearchAlgorithm.OPTIMAL)) {
            List<List<String>> orders = new ArrayList<>();
            Explorer.create(ExplorationOptions.of(algorithm)).explore(new StraightLineSubject(List.of(inc, inc)),
                    new ExplorationListener() {
                        @Override
                        public void executionEnded(dev.weft.dpor.ExecutionRecord record) {
                            orders.add(record.events().stream().filter(e -> X.equals(e.operation().location()))
                                    .map(e -> e.operation().kind().name()).toList());
                        }
                    });
            assertThat(orders).as(algorithm.name()).contains(List.of("READ", "READ", "WRITE", "WRITE"));
        }
    }

    @Test
    void readsOfOneLocationDoNotRaceWithEachOther() {
        List<List<Operation>> workers = new ArrayList<>();
        workers.add(List.of(Operation.write(X)));
        for (int i = 0; i < 3; i++) {
            workers.add(List.of(Operation.read(X)));
        }
        assertThat(explore(SearchAlgorithm.DPOR, workers).completed()).isEqualTo(8);
    }

    @Test
    void naiveRunsEveryInterleaving() {
        // Two threads of two independent steps each, after main starts both: C(4,2) = 6 interleavings of the
        // workers, and main's joins wait for the ends.
        List<Operation> a = List.of(Operation.write(X), Operation.write(Y));
        ExplorationResult naive = explore(SearchAlgorithm.NAIVE, List.of(a, a));
        ExplorationResult dpor = explore(SearchAlgorithm.DPOR, List.of(a, a));
        assertThat(dpor.completed()).as("twoWriters").isEqualTo(4);
        assertThat(naive.completed()).isGreaterThan(dpor.completed());
    }

    @Test
    void inconsistentLockOrderIsFoundAsADeadlock() {
        LockId a = new LockId("A@1");
        LockId b = new LockId("B@1");
        List<Operation> ab = List.of(Operation.lock(a), Operation.lock(b), Operation.unlock(b), Operation.unlock(a));
        List<Operation> ba = List.of(Operation.lock(b), Operation.lock(a), Operation.unlock(a), Operation.unlock(b));
        ExplorationResult result = Explorer.create(ExplorationOptions.of(SearchAlgorithm.DPOR)
                .withStopOnFirstFailure(false)).explore(new StraightLineSubject(List.of(ab, ba)), ExplorationListener.NONE);
        assertThat(result.failures()).extracting(f -> f.kind()).containsOnly(FailureKind.DEADLOCK);
        assertThat(result.failures()).isNotEmpty();
        assertThat(result.completed()).isEqualTo(2);
    }

    @Test
    void aThreadLeftBlockedOnALockStillGetsItsTurnFirst() {
        // The first thread takes the lock and never gives it back, so the first execution deadlocks with the second
        // thread blocked on the lock; the order where the second thread has the lock first must still be run.
        LockId m = new LockId("M@1");
        List<Operation> keeps = List.of(Operation.lock(m));
        List<Operation> borrows = List.of(Operation.lock(m), Operation.unlock(m));
        ExplorationResult result = Explorer.create(ExplorationOptions.of(SearchAlgorithm.DPOR)
                .withStopOnFirstFailure(false)).explore(new StraightLineSubject(List.of(keeps, borrows)),
                ExplorationListener.NONE);
        assertThat(result.failures()).extracting(f -> f.kind()).containsOnly(FailureKind.DEADLOCK);
        assertThat(result.executions()).isEqualTo(2);
    }

    @Test
    void replayingAFailingScheduleRunsExactlyThatExecutionAgain() {
        LockId a = new LockId("A@1");
        LockId b = new LockId("B@1");
        List<List<Operation>> workers = List.of(
                List.of(Operation.lock(a), Operation.lock(b), Operation.unlock(b), Operation.unlock(a)),
                List.of(Operation.lock(b), Operation.lock(a), Operation.unlock(a), Operation.unlock(b)));
        ExplorationResult found = explore(SearchAlgorithm.DPOR, workers);
        var failure = found.failures().get(0);

        ExplorationResult replayed = Explorer.replaying(failure.schedule(), ExplorationOptions.of(SearchAlgorithm.DPOR))
                .explore(new StraightLineSubject(workers), ExplorationListener.NONE);

        assertThat(replayed.executions()).isEqualTo(1);
        assertThat(replayed.exhaustive()).isFalse();
        assertThat(replayed.failures()).hasSize(1);
        assertThat(replayed.failures().get(0).kind()).isEqualTo(FailureKind.DEADLOCK);
        assertThat(replayed.failures().get(0).events()).isEqualTo(failure.events());
    }

    @Test
    void aScheduleThatNoLongerFitsIsReportedAsNondeterminismSayingWhere() {
        List<List<Operation>> workers = List.of(List.of(Operation.write(X)));
        var schedule = new dev.weft.dpor.Schedule(List.of("main", "main.2"));
        ExplorationResult replayed = Explorer.replaying(schedule, ExplorationOptions.of(SearchAlgorithm.DPOR))
                .explore(new StraightLineSubject(workers), ExplorationListener.NONE);
        assertThat(replayed.failures()).hasSize(1);
        assertThat(replayed.failures().get(0).kind()).isEqualTo(FailureKind.NONDETERMINISM);
        assertThat(replayed.failures().get(0).message())
                .contains("at step 1 it lets thread main.2 move, but no such thread is alive");
    }

    @Test
    void aJoinIsNoRaceWithTheEndItWaitsFor() {
        // Independent workers: one trace. A join can never run before the end of its thread, so treating
        // "end, then join" as a race to reverse would only add branches that end sleep-set blocked.
        List<List<Operation>> workers = List.of(List.of(Operation.write(X)), List.of(Operation.write(Y)),
                List.of(Operation.read(Y)));
        ExplorationResult result = explore(SearchAlgorithm.DPOR, workers);
        assertThat(result.completed()).isEqualTo(2);
        assertThat(result.sleepSetBlocked()).isZero();
    }
}
