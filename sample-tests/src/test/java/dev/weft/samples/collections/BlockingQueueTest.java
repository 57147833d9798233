package dev.weft.samples.collections;

import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Blocking queues end to end: each buggy use is found with the right kind, each correct use passes. */
class BlockingQueueTest {

    @TempDir
    Path reports;

    @ParameterizedTest(name = "{0} fails with {1}")
    @CsvSource({
            "pollInsteadOfTake, ASSERTION",
            "transferQueuePollInsteadOfTake, ASSERTION",
            "twoProducersAssumedInOrder, ASSERTION",
            "offerToAFullQueueAssumedToGetIn, ASSERTION",
            "pollAssumedToSeeTheOtherThreadsOffer, ASSERTION",
            "fullQueueNobodyTakes, DEADLOCK",
            "synchronousOfferWithoutTaker, DEADLOCK"})
    void theBugIsFound(String program, String kind) {
        Outcomes.failsWith(BlockingQueuePrograms.class, program, kind, reports);
    }

    /**
     * A timed poll or offer whose partner is still coming times out only if time may pass while another thread could
     * move: under the default policy ({@code weft.timeouts=when-blocked}) these programs pass, under {@code any} the
     * early timeout is found, as a {@code TIMING} failure that names it.
     */
    @ParameterizedTest(name = "{0} relies on a timeout not firing early")
    @CsvSource({"timedPollTimesOut", "synchronousTimedPollMayTimeOut"})
    void anEarlyTimeoutIsFoundOnlyUnderTheAnyPolicy(String program) {
        Outcomes.passes(BlockingQueuePrograms.class, program, reports.resolve("default"));
        WeftRunner.Outcome early = WeftRunner.run(BlockingQueuePrograms.class, program, reports.resolve("any"),
                Map.of("weft.timeouts", "any"));
        assertThat(early.failure()).hasValueSatisfying(failure -> assertThat(failure.getMessage())
                .startsWith("TIMING: the failure needs ").contains("(1 s) at BlockingQueuePrograms.java:")
                .contains("to time out while"));
    }

    @ParameterizedTest(name = "{0} passes")
    @CsvSource({
            "pollInsteadOfTakeFixed",
            "transferQueuePollInsteadOfTakeFixed",
            "fullQueueNobodyTakesFixed",
            "interruptedTakeThrows",
            "dequeTakeLastWaitsForPutFirst",
            "priorityQueueTakesTheSmallest",
            "synchronousOfferWithoutTakerFixed"})
    void theCorrectUsePasses(String program) {
        Outcomes.passes(BlockingQueuePrograms.class, program, reports);
    }

    /**
     * Capacity 1, producer put(1) put(2), consumer take() take(): every queue operation writes the queue's state, and
     * each is enabled only after the one before it in {@code p1 t1 p2 t2} (a take needs an element, the second put
     * needs room). One trace.
     */
    @Test
    void aQueueOfCapacityOneAllowsOneOrder() {
        assertPassesWith("producerConsumerCapacityOne", 1);
    }

    /**
     * Capacity 2: the puts never block, and take i needs put i before it. The interleavings of {@code p1 p2} with
     * {@code t1 t2} where each t_i follows p_i are {@code p1 p2 t1 t2} and {@code p1 t1 p2 t2}. They differ only in
     * the order of {@code t1} and {@code p2}, which commute: the queue holds element 1 between them and has room for
     * element 2, so the take returns 1 and the put gets in either way (a take touches the head and the slot it takes,
     * a put the tail and the slot it fills, docs/design/explorers.md, "Slots of a FIFO queue"). One trace.
     */
    @Test
    void aQueueOfCapacityTwoHasOneTrace() {
        assertPassesWith("producerConsumerCapacityTwo", 1);
    }

    /**
     * A queue holding one element, a take in one thread and an offer of another element in another: the take touches
     * the head and slot 0, the offer the tail and slot 1, so they commute (the take returns 0 either way). One trace;
     * when the queue is full ({@code offerToAFullQueueAssumedToGetIn}) or empty ({@code pollInsteadOfTake}) the two
     * conflict and both orders are run, which the failures of those programs show.
     */
    @Test
    void aTakeAndAnOfferOfAnotherElementCommute() {
        assertPassesWith("takeOfTheHeadAndOfferOfAnother", 1);
    }

    /**
     * One put, one take on a SynchronousQueue: whoever arrives first waits (a write of the queue's state), the second
     * pairs with it (a write), and the first then returns (a read). Two traces: the putter or the taker arrives first.
     */
    @Test
    void aSynchronousHandOffHasTwoOrders() {
        assertPassesWith("synchronousHandOff", 2);
    }

    /**
     * Producer offer(5) with a timeout into an empty queue (never times out), consumer polls with a timeout until it
     * gets it. By default a poll times out only when no other thread can move, and the producer always can until it
     * has offered: the poll waits for the offer, one trace.
     */
    /**
     * The JDK's answers (checked on JDK 17 and 25 without Weft); before, a timed poll or offer with no time to wait did
     * not look at the interrupt flag, and the JSR-166 TCK's testInterruptedTimedPoll and testTimedOffer failed.
     */
    @Test
    void timedCallsWithNoTimeLeftAnswerAnInterruptAsTheJdkDoes() {
        assertPassesWith("timedCallsWithNoTimeLeftByAnInterruptedThread", 1);
    }

    @Test
    void aTimedPollRetriedUntilItGetsTheElementPasses() {
        assertPassesWith("timedPollTimesOutFixed", 1);
    }

    @Test
    void aTransferFailsClosedNamingTheCall() {
        Throwable failure = Outcomes.failsWith(BlockingQueuePrograms.class, "transferToAConsumer", "EXCEPTION",
                reports);
        assertThat(failure.getMessage())
                .contains("Weft does not model java.util.concurrent.LinkedTransferQueue.transfer")
                .contains("BlockingQueuePrograms.java:");
    }

    private void assertPassesWith(String program, long traces) {
        assertThat(Outcomes.passes(BlockingQueuePrograms.class, program, reports)).isEqualTo(traces);
    }
}
