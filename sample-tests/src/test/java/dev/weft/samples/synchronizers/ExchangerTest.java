package dev.weft.samples.synchronizers;

import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code Exchanger}, a rendezvous in Weft's model: before 2026-11-27 its calls ran unseen, so a thread waiting in one
 * was reported as blocked in uncontrolled code after the watchdog's timeout, and a swap was never explored.
 */
class ExchangerTest {

    @TempDir
    Path reports;

    @ParameterizedTest(name = "{0} fails with {1}")
    @CsvSource({
            "usesTheBufferAfterHandingItOver, ASSERTION, instead of the producer's 42",
            "threePartiesLeaveOneWaiting, DEADLOCK, .exchange for a partner, and no thread will exchange",
            "assumesWhoPairsWithWhom, ASSERTION, a got ",
    })
    void theBuggyUseFailsWithTheRightKind(String program, String kind, String described) {
        WeftRunner.Outcome outcome = WeftRunner.run(ExchangerPrograms.class, program, reports);

        assertThat(outcome.failure()).hasValueSatisfying(failure -> assertThat(failure.getMessage())
                .startsWith(kind + ":").contains(described));
        assertThat(outcome.summaryJson()).contains("\"kind\": \"" + kind + "\"");
    }

    /**
     * Exact counts, derived by hand. An arrival at the exchanger that pairs with the waiting partner writes its whole
     * state; one that joins the waiters writes the waiters; the end of a wait reads what the partner's arrival wrote
     * (or, timed out, leaves the waiters); the interrupt flag is read by both and written only by {@code interrupt()}.
     * <ul>
     *   <li>swapBuffers: the two arrivals in either order, the first one's end after the second: 2. The buffers'
     *   contents are written before the arrivals and read after them.</li>
     *   <li>anInterruptedExchangeThrows: the interrupt before the waiter's arrival (which throws at once) or after it
     *   (the wait ends with the interrupt): 2.</li>
     *   <li>anExchangeWithoutTimeToWaitTakesOnlyAWaitingPartner: the hasty exchange first (it finds nobody and times
     *   out, and so does the patient one, once nothing else can move) or the patient one first (the hasty one pairs
     *   with it): 2.</li>
     *   <li>timedExchangesPairUpAndTheLastTimesOut: the three arrivals in any order, 3! = 6; the first two pair. The
     *   first one's end reads only what its partner's arrival wrote, and the third arrival only joins the waiters, so
     *   the two are not ordered (before 2026-11-27 they were, and this cost 12). The third one's timeout comes when
     *   nothing else can move, and the results go to different keys of a concurrent map: 6.</li>
     * </ul>
     */
    @ParameterizedTest(name = "{0} runs exactly {1} executions")
    @CsvSource({
            "swapBuffers, 2",
            "anInterruptedExchangeThrows, 2",
            "anExchangeWithoutTimeToWaitTakesOnlyAWaitingPartner, 2",
            "timedExchangesPairUpAndTheLastTimesOut, 6",
    })
    void theCorrectUsePassesInExactlyOneExecutionPerTrace(String program, long traces) {
        WeftRunner.Outcome outcome = WeftRunner.run(ExchangerPrograms.class, program, reports);

        assertThat(outcome.failure()).as(program).isEmpty();
        assertThat(outcome.summaryJson()).contains("\"verdict\": \"PASS\"").contains("\"complete\": true");
        assertThat(outcome.number("executions")).isEqualTo(traces);
    }
}
