package dev.weft.dpor.model;

import dev.weft.dpor.ExplorationResult;
import dev.weft.dpor.SearchAlgorithm;
import dev.weft.dpor.Shard;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A sharded exploration ({@link Shard}) against the exact counts of {@code ORACLES.md}: the shards together run every
 * trace exactly once, whatever their number.
 */
class ShardTest {

    static Stream<Arguments> oraclesInShards() {
        return OracleCountsTest.oracles()
                .flatMap(oracle -> Stream.of(SearchAlgorithm.DPOR, SearchAlgorithm.OPTIMAL)
                        .flatMap(algorithm -> Stream.of(2, 3, 7)
                                .map(count -> Arguments.of(oracle, algorithm, count))));
    }

    @ParameterizedTest(name = "{1} in {2} shards runs every trace of {0} exactly once")
    @MethodSource("oraclesInShards")
    void theShardsTogetherRunEveryTraceExactlyOnce(OracleCountsTest.Oracle oracle, SearchAlgorithm algorithm,
                                                   int count) {
        Exploration sharded = Exploration.sharded(oracle.program(), algorithm, false, count);

        assertThat(sharded.result().failures()).as(sharded.summary()).isEmpty();
        assertThat(sharded.result().exhaustive()).as(sharded.summary()).isTrue();
        assertThat(sharded.result().completed()).as(sharded.summary()).isEqualTo(oracle.traces());
        assertThat(sharded.log().distinctTraces()).as("complete executions of different traces; "
                + sharded.summary()).isEqualTo(oracle.traces());
    }

    /**
     * Threads whose next steps do not conflict (lastzero's readers, filesystem's and indexer's threads on locks and
     * cells of their own) end the split rather than have every one of them tried first: each such branch ran into
     * sleep sets, 50,991 blocked executions for lastzero(10)'s 3,328 traces in 3 shards.
     */
    @ParameterizedTest(name = "{0} in 3 shards")
    @MethodSource("crowdsWithoutConflict")
    void aCrowdOfThreadsWithoutConflictRunsFewSleepSetBlockedExecutions(ModelProgram program, long traces) {
        Exploration sharded = Exploration.sharded(program, SearchAlgorithm.OPTIMAL, false, 3);

        assertThat(sharded.result().completed()).isEqualTo(traces);
        assertThat(sharded.result().sleepSetBlocked()).as(sharded.summary()).isLessThanOrEqualTo(traces / 10);
    }

    static Stream<Arguments> crowdsWithoutConflict() {
        return Stream.of(Arguments.of(Programs.lastzero(10), OracleCounts.lastzero(10)),
                Arguments.of(Programs.filesystem(14), OracleCounts.filesystem(14)),
                Arguments.of(Programs.indexer(13), OracleCounts.indexer(13)));
    }

    /**
     * Issue 45's mark for a split that pays: N shards, each no more than {@code 1 / (0.7 N)} of the traces (so N
     * machines finish at least 0.7 N times sooner by executions), and the sleep-set blocked executions of all shards
     * at most a tenth of the traces.
     */
    @ParameterizedTest(name = "big0 in {0} shards")
    @ValueSource(ints = {2, 3, 4})
    void big0DividesEvenlyAmongShards(int count) {
        ModelProgram program = Programs.big0();
        ModelSubject subject = new ModelSubject(program);
        ExplorationLog log = new ExplorationLog(subject, false);
        long blocked = 0;
        for (int k = 1; k <= count; k++) {
            ExplorationResult shard = Exploration.shard(subject, log, SearchAlgorithm.OPTIMAL, new Shard(k, count));
            assertThat(shard.completed()).as("shard %d/%d", k, count)
                    .isLessThanOrEqualTo((long) (OracleCounts.big0() / (0.7 * count)));
            blocked += shard.sleepSetBlocked();
        }
        assertThat(log.distinctTraces()).isEqualTo(OracleCounts.big0());
        assertThat(blocked).isLessThanOrEqualTo(OracleCounts.big0() / 10);
    }

    @Test
    void aShardIsWrittenKOverN() {
        assertThat(Shard.parse("2/3")).isEqualTo(new Shard(2, 3));
        assertThat(Shard.parse(" 1 / 1 ")).isEqualTo(Shard.WHOLE);
        for (String bad : new String[]{"0/3", "4/3", "3", "a/b", "1/0", "1/2/3", ""}) {
            assertThatThrownBy(() -> Shard.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("K/N");
        }
    }

    @Test
    void eachNumberBelongsToExactlyOneShard() {
        for (int count = 1; count <= 7; count++) {
            for (long part = 0; part < 50; part++) {
                int owners = 0;
                for (int k = 1; k <= count; k++) {
                    owners += new Shard(k, count).owns(part) ? 1 : 0;
                }
                assertThat(owners).as("owners of part %d of %d shards", part, count).isEqualTo(1);
            }
        }
    }
}
