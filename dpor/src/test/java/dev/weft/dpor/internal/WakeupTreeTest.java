package dev.weft.dpor.internal;

import dev.weft.dpor.ExplorationOptions;
import dev.weft.dpor.SearchAlgorithm;
import dev.weft.dpor.Shard;
import dev.weft.dpor.hb.VectorClock;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.LockId;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.ThreadId;
import dev.weft.sleepsets.SleepSet;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The wakeup tree's insertion (JACM 2017, section 6) on hand-made sequences, whose happens-before is program order
 * plus dependence: where a sequence goes, when it is already covered, and what a sleeper covers.
 */
class WakeupTreeTest {

    private static final Location X = Location.field("o", "x");
    private static final Location Y = Location.field("o", "y");

    /** Steps in order; a step happens after an earlier one of its thread or an earlier dependent one. */
    private record Steps(List<Integer> threads, List<Operation> operations) implements WakeupTree.Sequence {

        static Steps of(Object... threadsAndOperations) {
            List<Integer> threads = new ArrayList<>();
            List<Operation> operations = new ArrayList<>();
            for (int i = 0; i < threadsAndOperations.length; i += 2) {
                threads.add((Integer) threadsAndOperations[i]);
                operations.add((Operation) threadsAndOperations[i + 1]);
            }
            return new Steps(threads, operations);
        }

        @Override
        public int size() {
            return threads.size();
        }

        @Override
        public boolean isEmpty() {
            return threads.isEmpty();
        }

        @Override
        public int thread(int k) {
            return threads.get(k);
        }

        @Override
        public Operation operation(int k) {
            return operations.get(k);
        }

        @Override
        public boolean has(int thread) {
            return threads.contains(thread);
        }

        @Override
        public WakeupTree.Sequence without(int thread) {
            int k = threads.indexOf(thread);
            if (k < 0) {
                return this;
            }
            List<Integer> ts = new ArrayList<>(threads);
            List<Operation> ops = new ArrayList<>(operations);
            ts.remove(k);
            ops.remove(k);
            return new Steps(ts, ops);
        }

        @Override
        public boolean weakInitial(int thread, Operation operation) {
            int k = threads.indexOf(thread);
            if (k < 0) {
                for (int j = 0; j < size(); j++) {
                    if (WakeupTree.ordered(thread, operation, threads.get(j), operations.get(j))) {
                        return false;
                    }
                }
                return true;
            }
            for (int j = 0; j < k; j++) {
                if (WakeupTree.ordered(thread, operations.get(k), threads.get(j), operations.get(j))) {
                    return false;
                }
            }
            return true;
        }
    }

    @Test
    void aSequenceNoBranchStartsGoesInAsANewLastBranch() {
        WakeupTree root = WakeupTree.root();
        WakeupTree taken = root.addLeaf(1, Operation.write(X));

        boolean changed = root.insert(Steps.of(2, Operation.read(Y), 2, Operation.read(X)), taken);

        assertThat(changed).isTrue();
        assertThat(root.children).hasSize(2);
        WakeupTree branch = root.children.get(1);
        assertThat(branch.thread).isEqualTo(2);
        assertThat(branch.children).singleElement().satisfies(next -> {
            assertThat(next.thread).isEqualTo(2);
            assertThat(next.operation).isEqualTo(Operation.read(X));
            assertThat(next.isLeaf()).isTrue();
        });
    }

    @Test
    void aSequenceThatALeafBranchCanStartIsCovered() {
        WakeupTree root = WakeupTree.root();
        WakeupTree taken = root.addLeaf(1, Operation.write(X));
        root.insert(Steps.of(2, Operation.read(X)), taken);

        // thread 3's write of y is independent of thread 2's read of x: the leaf [2] can go first, so [3, 2] is
        // covered by what runs after [2]
        boolean changed = root.insert(Steps.of(3, Operation.write(Y), 2, Operation.read(X)), taken);

        assertThat(changed).isFalse();
        assertThat(root.children).hasSize(2);
    }

    @Test
    void aBranchWhoseStepConflictsWithTheSequenceIsNotFollowed() {
        WakeupTree root = WakeupTree.root();
        WakeupTree taken = root.addLeaf(1, Operation.write(X));
        root.insert(Steps.of(2, Operation.write(Y)), taken);

        // thread 2's write of y conflicts with thread 3's read of y: [3] needs a branch of its own
        boolean changed = root.insert(Steps.of(3, Operation.read(Y)), taken);

        assertThat(changed).isTrue();
        assertThat(root.children).extracting(branch -> branch.thread).containsExactly(1, 2, 3);
    }

    @Test
    void theBranchTakenIsNeverFollowedEvenWhereItsStepLooksIndependent() {
        WakeupTree root = WakeupTree.root();
        // a failing step is taken to conflict with every other thread's next step: its branch covers nothing
        WakeupTree taken = root.addLeaf(1, Operation.read(X));

        boolean changed = root.insert(Steps.of(2, Operation.read(X)), taken);

        assertThat(changed).isTrue();
        assertThat(root.children).extracting(branch -> branch.thread).containsExactly(1, 2);
    }

    /**
     * A branch run ahead by another worker ({@link StolenBranch}) is cancelled as soon as a sequence goes in below its
     * vertex (its owner would run something else there); a sequence it already covers leaves it running.
     */
    @Test
    void aSequenceAddedBelowABranchRunAheadCancelsItAndOneItCoversDoesNot() {
        WakeupTree root = WakeupTree.root();
        WakeupTree taken = root.addLeaf(1, Operation.write(X));
        root.insert(Steps.of(2, Operation.write(Y), 2, Operation.read(X)), taken);
        WakeupTree ahead = root.children.get(1);
        StolenBranch running = new StolenBranch(new DepthFirstSearch(ExplorationOptions.of(SearchAlgorithm.OPTIMAL),
                null, Shard.WHOLE));
        ahead.takenAhead = running;

        // [2: write y, 2: read x] is in the tree already: covered, nothing changes below the vertex
        assertThat(root.insert(Steps.of(2, Operation.write(Y), 2, Operation.read(X)), taken)).isFalse();
        assertThat(running.cancelled).as("after a covered sequence").isFalse();

        // thread 3's write of x conflicts with thread 2's next step, its read of x: a new leaf below [2]
        assertThat(root.insert(Steps.of(2, Operation.write(Y), 3, Operation.write(X)), taken)).isTrue();
        assertThat(ahead.children).extracting(branch -> branch.thread).containsExactly(2, 3);
        assertThat(running.cancelled).as("after a sequence added below its vertex").isTrue();
    }

    @Test
    void aSleeperCoversASequenceItStartsOrCanGoBeforeUnlessItWaitsForALock() {
        SleepSet sleep = SleepSet.empty().with(1, Operation.read(X));
        ThreadSet none = new ThreadSet(); // no narrow sleepers

        assertThat(WakeupTree.sleeperCovers(Steps.of(1, Operation.read(X), 2, Operation.write(Y)), sleep,
                thread -> Operation.read(X), none)).as("a sleeper whose step starts the sequence").isTrue();
        assertThat(WakeupTree.sleeperCovers(Steps.of(2, Operation.write(X), 1, Operation.read(X)), sleep,
                thread -> Operation.read(X), none)).as("a sleeper whose step comes after a conflicting one").isFalse();
        assertThat(WakeupTree.sleeperCovers(Steps.of(2, Operation.read(Y)), sleep, thread -> Operation.read(X), none))
                .as("a sleeper with no step in the sequence, independent of it").isTrue();
        assertThat(WakeupTree.sleeperCovers(Steps.of(2, Operation.write(X)), sleep, thread -> Operation.write(X), none))
                .as("taken as announced: a write that conflicts").isFalse();
        LockId m = new LockId("m", false);
        SleepSet locking = SleepSet.empty().with(1, Operation.lock(m));
        assertThat(WakeupTree.sleeperCovers(Steps.of(2, Operation.read(Y)), locking, thread -> Operation.lock(m), none))
                .as("a sleeper waiting to acquire, with no step in the sequence").isFalse();
        assertThat(WakeupTree.sleeperCovers(Steps.of(1, Operation.lock(m)), locking, thread -> Operation.lock(m), none))
                .as("a sleeper acquiring first in the sequence").isTrue();
        ThreadSet failed = new ThreadSet();
        failed.set(1);
        assertThat(WakeupTree.sleeperCovers(Steps.of(2, Operation.read(Y)), sleep, thread -> Operation.read(X),
                failed)).as("a sleeper whose step failed, with no step in the sequence").isFalse();
        assertThat(WakeupTree.sleeperCovers(Steps.of(1, Operation.read(X)), sleep, thread -> Operation.read(X),
                failed)).as("a sleeper whose step failed, starting the sequence").isTrue();
    }

    /**
     * A spurious wake-up offered to thread 1 (here a park's, which is an access of its permit) lapses as soon as
     * another thread moves: asleep on it, thread 1 covers no sequence that another thread starts, however independent
     * of the permit that thread's step is.
     */
    @Test
    void aSleeperOnAnOfferCoversNoSequenceAnotherThreadStarts() {
        Operation unpark = new Operation(OpKind.UNPARK, Location.permit(new ThreadId(1, "main.1")));
        SleepSet offered = SleepSet.empty().with(1, unpark.lapsing());
        SleepSet plain = SleepSet.empty().with(1, unpark);

        assertThat(WakeupTree.sleeperCovers(Steps.of(2, Operation.read(Y)), offered, thread -> unpark.lapsing(),
                new ThreadSet())).as("asleep on the offer").isFalse();
        assertThat(WakeupTree.sleeperCovers(Steps.of(2, Operation.read(Y)), plain, thread -> unpark, new ThreadSet()))
                .as("asleep on the same step, not an offer").isTrue();
    }

    /**
     * A branch where thread 1 takes its offer runs none of the traces where it did not: a sequence whose first step of
     * thread 1 is another one (it waited on and was woken later) does not go down that branch.
     */
    @Test
    void aSequenceWhereTheWaiterTookNoOfferDoesNotGoDownTheBranchWhereItDid() {
        LockId m = new LockId("m", false);
        Operation offer = Operation.observeLock(m).lapsing();
        WakeupTree root = WakeupTree.root();
        WakeupTree taken = root.addLeaf(2, Operation.read(X));
        root.addLeaf(1, offer);

        RaceSequence woken = RaceSequence.of(1, 3, Operation.lock(m), new VectorClock());
        assertThat(woken.weakInitial(1, offer)).isFalse();
        assertThat(root.insert(woken, taken)).isTrue();
        assertThat(root.children).extracting(branch -> branch.operation)
                .containsExactly(Operation.read(X), offer, Operation.lock(m));

        assertThat(RaceSequence.of(1, 3, offer, new VectorClock()).weakInitial(1, offer))
                .as("the same offer").isTrue();
    }
}
