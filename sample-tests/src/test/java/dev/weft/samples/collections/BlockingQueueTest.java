package dev.weft.samples.collections;

import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Blocking queues end to end: each buggy use is found with the right kind, each correct use passes. */
class BlockingQueueTest {

    @TempDir
    Path reports;

    @ParameterizedTest(name = "{0} fails with {1}")
    @CsvSource({
            "pollInsteadOfTake, ASSERTION",
            "fullQueueNobodyTakes, DEADLOCK",
            "timedPollTimesOut, ASSERTION",
            "synchronousOfferWithoutTaker, DEADLOCK",
            "synchronousTimedPollMayTimeOut, ASSERTION"})
    void theBugIsFound(String program, String kind) {
        WeftRunner.Outcome outcome = WeftRunner.run(BlockingQueuePrograms.class, program, reports);

        Throwable failure = outcome.failure().orElseThrow(() -> new AssertionError(program + " was not found"));
        assertThat(failure.getMessage()).startsWith(kind + ":");
    }

    @ParameterizedTest(name = "{0} passes")
    @CsvSource({
            "pollInsteadOfTakeFixed",
            "fullQueueNobodyTakesFixed",
            "interruptedTakeThrows",
            "dequeTakeLastWaitsForPutFirst",
            "priorityQueueTakesTheSmallest",
            "synchronousOfferWithoutTakerFixed"})
    void theCorrectUsePasses(String program) {
        WeftRunner.Outcome outcome = WeftRunner.run(BlockingQueuePrograms.class, program, reports);

        assertThat(outcome.failure()).as(program).isEmpty();
        assertThat(outcome.summaryJson()).contains("\"verdict\": \"PASS\"").contains("\"complete\": true");
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
     * {@code t1 t2} where each t_i follows p_i: {@code p1 p2 t1 t2} and {@code p1 t1 p2 t2}. All are writes of one
     * location, so each is its own trace: two.
     */
    @Test
    void aQueueOfCapacityTwoAllowsTwoOrders() {
        assertPassesWith("producerConsumerCapacityTwo", 2);
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
     * gets it. The first poll runs before or after the offer: after, it gets 5 (one trace); before, it times out and
     * changed nothing, so the next poll is a spin that waits for the offer, then gets 5 (the other trace). Two.
     */
    @Test
    void aTimedPollRetriedUntilItGetsTheElementPasses() {
        assertPassesWith("timedPollTimesOutFixed", 2);
    }

    private void assertPassesWith(String program, long traces) {
        WeftRunner.Outcome outcome = WeftRunner.run(BlockingQueuePrograms.class, program, reports);

        assertThat(outcome.failure()).as(program).isEmpty();
        assertThat(outcome.summaryJson()).contains("\"complete\": true");
        assertThat(outcome.number("executions")).isEqualTo(traces);
    }
}
