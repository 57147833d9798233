package dev.weft.dpor.model;

import dev.weft.dpor.SearchAlgorithm;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link MemoizedTraceCount} against the distinct traces ({@link TraceKey}) of what DPOR ran, on programs with waits:
 * its memo must tell apart the nodes where a {@code notifyAll} woke different waiters.
 */
class MemoizedTraceCountTest {

    @Test
    void aBufferOfTwoProducersAndTwoConsumersHasAsManyTracesAsDporRunsDistinctOnes() {
        ModelProgram program = StatefulSearchTest.boundedBuffer(2, 2, 1, 1);
        Exploration dpor = Exploration.of(program, SearchAlgorithm.DPOR, true);
        long distinct = dpor.log().distinctTraces();

        assertThat(MemoizedTraceCount.count(program, 1_000_000).traces()).isEqualTo(distinct);
        assertThat(distinct).isEqualTo(dpor.result().executions()); // and DPOR ran each once
    }

    @Test
    void soDoesABufferOfTwoSlots() {
        ModelProgram program = StatefulSearchTest.boundedBuffer(2, 2, 1, 2);
        Exploration dpor = Exploration.of(program, SearchAlgorithm.DPOR, true);

        assertThat(MemoizedTraceCount.count(program, 1_000_000).traces()).isEqualTo(dpor.log().distinctTraces());
    }
}
