package dev.weft.sleepsets;

import dev.weft.scheduler.model.LockId;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SleepSetTest {

    private final Location x = Location.field("A@1", "x");
    private final Location y = Location.field("A@1", "y");

    @Test
    void aSleeperStaysAsleepAcrossIndependentSteps() {
        SleepSet sleep = SleepSet.empty().with(1, Operation.write(x));
        assertThat(sleep.after(2, Operation.write(y)).contains(1)).isTrue();
    }

    @Test
    void aSleeperWakesAtTheFirstDependentStep() {
        SleepSet sleep = SleepSet.empty().with(1, Operation.read(x)).with(3, Operation.read(y));
        SleepSet after = sleep.after(2, Operation.write(x));
        assertThat(after.contains(1)).isFalse();
        assertThat(after.contains(3)).isTrue();
        assertThat(after.size()).isEqualTo(1);
    }

    @Test
    void readsDoNotWakeReaders() {
        SleepSet sleep = SleepSet.empty().with(1, Operation.read(x));
        assertThat(sleep.after(2, Operation.read(x)).contains(1)).isTrue();
    }

    @Test
    void aFailedCompareAndSetDoesNotWakeAReaderButASuccessfulOneDoes() {
        SleepSet sleep = SleepSet.empty().with(1, Operation.read(x));
        assertThat(sleep.after(2, new Operation(OpKind.CAS_FAILURE, x)).contains(1)).isTrue();
        assertThat(sleep.after(2, new Operation(OpKind.CAS_SUCCESS, x)).contains(1)).isFalse();
    }

    @Test
    void lockOperationsOnTheSameLockWakeEachOther() {
        LockId m = new LockId("Object@1");
        SleepSet sleep = SleepSet.empty().with(1, Operation.lock(m));
        assertThat(sleep.after(2, Operation.unlock(m)).isEmpty()).isTrue();
        assertThat(sleep.after(2, Operation.lock(new LockId("Object@2"))).contains(1)).isTrue();
    }

    @Test
    void theThreadThatMovedIsNeverAsleepAfterwards() {
        SleepSet sleep = SleepSet.empty().with(1, Operation.write(x));
        assertThat(sleep.after(1, Operation.write(y)).contains(1)).isFalse();
    }

    @Test
    void addingASleeperTwiceKeepsItsLatestOperation() {
        SleepSet sleep = SleepSet.empty().with(1, Operation.read(x)).with(1, Operation.write(y));
        assertThat(sleep.size()).isEqualTo(1);
        assertThat(sleep.after(2, Operation.write(x)).contains(1)).as("now sleeping on a write of y").isTrue();
        assertThat(sleep.after(2, Operation.read(y)).contains(1)).isFalse();
    }

    /** A spurious wake-up offered to a thread lapses when another thread moves: whatever that step touches. */
    @Test
    void aSleeperOnAnOfferThatLapsesWakesAtAnyOtherThreadsStep() {
        LockId monitor = new LockId("m", false);
        SleepSet sleep = SleepSet.empty().with(1, Operation.observeLock(monitor).lapsing())
                .with(3, Operation.observeLock(monitor));
        SleepSet after = sleep.after(2, Operation.write(y));
        assertThat(after.contains(1)).as("asleep on the offer").isFalse();
        assertThat(after.contains(3)).as("asleep on the same operation, not an offer").isTrue();
    }

    @Test
    void withoutTakesOneSleeperOut() {
        SleepSet sleep = SleepSet.empty().with(1, Operation.read(x)).with(2, Operation.read(y));
        assertThat(sleep.without(1)).isEqualTo(SleepSet.empty().with(2, Operation.read(y)));
        assertThat(sleep.without(3)).isSameAs(sleep);
        assertThat(sleep.without(1).without(2).isEmpty()).isTrue();
    }
}
