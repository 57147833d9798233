package dev.weft.dpor.model;

import dev.weft.dpor.SearchAlgorithm;
import dev.weft.dpor.Shard;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A sharded exploration ({@link Shard}) against the exact counts of {@code ORACLES.md}: the shards together run every
 * trace exactly once, whatever their number.
 */
class ShardTest {

    /**
     * The oracles whose shards take seconds each (most of it sleep-set blocked executions below the split): the
     * sizes below them are checked instead.
     */
    private static final Set<String> SLOW_IN_SHARDS = Set.of("lastzero(10)", "indexer(12)", "indexer(13)",
            "filesystem(13)", "filesystem(14)", "filesystem(15)", "filesystem(16)");

    static Stream<Arguments> oraclesInShards() {
        return OracleCountsTest.oracles().filter(oracle -> !SLOW_IN_SHARDS.contains(oracle.program().name()))
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
