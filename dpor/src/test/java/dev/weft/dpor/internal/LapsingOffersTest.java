package dev.weft.dpor.internal;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.LockId;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.SourcePosition;
import dev.weft.scheduler.model.ThreadId;
import dev.weft.sleepsets.SleepSet;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sleepers of the state after a spurious wake-up was taken ({@link LapsingOffers#sleepAfter}): a thread whose
 * branch ran first from the same state took the offer away there, so its traces have no wake-up, and it must not
 * sleep through the branch that takes it, however independent of the wake-up its step is.
 */
class LapsingOffersTest {

    private static final ThreadId MAIN = new ThreadId(0, "main");
    private static final ThreadId WAITER = new ThreadId(1, "main.1");
    private static final ThreadId OTHER = new ThreadId(2, "main.2");
    private static final Location Y = Location.field("o", "y");
    private static final Operation OFFER = Operation.observeLock(new LockId("m", false)).lapsing();

    @Test
    void aThreadWhoseBranchTookTheOfferAwayWakesWhereTheOfferIsTaken() {
        Node state = stateWithOffer(SleepSet.empty());
        state.done.set(OTHER.index()); // its branch ran first: it wrote y while the waiter waited on
        state.sleep = state.sleep.with(OTHER.index(), Operation.write(Y));
        takeTheOffer(state);

        assertThat(LapsingOffers.sleepAfter(state).contains(OTHER.index())).isFalse();
    }

    @Test
    void aThreadAsleepFromAboveStaysAsleep() {
        Node state = stateWithOffer(SleepSet.empty().with(MAIN.index(), Operation.read(Y)));
        takeTheOffer(state);

        assertThat(LapsingOffers.sleepAfter(state).contains(MAIN.index()))
                .as("its branch, above this state, did not take this offer away").isTrue();
    }

    @Test
    void withoutAnOfferTakenTheSleepersAreTheUsualOnes() {
        Node state = stateWithOffer(SleepSet.empty());
        state.done.set(WAITER.index());
        state.sleep = state.sleep.with(WAITER.index(), OFFER);
        state.chosen = OTHER.index();
        state.event = new Event(0, OTHER, 0, Operation.write(Y), SourcePosition.UNKNOWN, null);

        assertThat(LapsingOffers.sleepAfter(state).contains(WAITER.index()))
                .as("the waiter's offer lapsed with this step").isFalse();
    }

    /** Main waits for a join; the waiter has just begun to wait and is offered a wake-up; another thread is free. */
    private static Node stateWithOffer(SleepSet sleep) {
        return new Node(List.of(
                new PendingOperation(MAIN, Operation.join(WAITER), false, SourcePosition.UNKNOWN),
                new PendingOperation(WAITER, OFFER, true, SourcePosition.UNKNOWN),
                new PendingOperation(OTHER, Operation.write(Y), true, SourcePosition.UNKNOWN)), sleep);
    }

    private static void takeTheOffer(Node state) {
        state.chosen = WAITER.index();
        state.event = new Event(0, WAITER, 2, OFFER, SourcePosition.UNKNOWN, null);
    }
}
