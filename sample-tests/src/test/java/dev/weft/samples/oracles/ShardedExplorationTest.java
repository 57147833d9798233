package dev.weft.samples.oracles;

import dev.weft.reporting.ShardMerge;
import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * {@code weft.shard=K/N} end to end: the shards of an {@code ORACLES.md} program, each run as its own JUnit run,
 * together run exactly its number of traces, and the merge step ({@link ShardMerge}) says so; a bug fails the shards
 * that find it, and their replay tokens replay without the shard setting.
 */
class ShardedExplorationTest {

    /** The bug zoo's programs (a class of that package only). */
    private static final Class<?> BUG_ZOO = WeftRunner.programs("dev.weft.samples.zoo.BugZooPrograms");

    @TempDir
    Path reports;

    static Stream<Arguments> programsInShards() {
        return Stream.of(2, 3, 7).flatMap(count -> Stream.of(
                arguments("lastzero5", OracleCounts.lastzero(5), count),
                arguments("popl14Program", 5L, count),
                arguments("lockinc5", OracleCounts.orders(5), count),
                arguments("filesystem14", OracleCounts.filesystem(14), count)));
    }

    @ParameterizedTest(name = "{0} in {2} shards: {1} executions in all")
    @MethodSource("programsInShards")
    void theShardsRunEveryTraceOnceBetweenThem(String program, long traces, int count) throws Exception {
        long executions = 0;
        for (int k = 1; k <= count; k++) {
            WeftRunner.Outcome shard = WeftRunner.run(OraclePrograms.class, program, reports,
                    Map.of("weft.shard", k + "/" + count));
            assertThat(shard.failure()).as("shard %d/%d", k, count).isEmpty();
            assertThat(shard.summaryJson()).contains("\"complete\": true").contains("\"shard\": \"" + k + "/" + count);
            executions += shard.number("executions");
        }
        assertThat(executions).isEqualTo(traces);

        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        boolean passed = ShardMerge.mergeAll(List.of(reports), new PrintStream(printed, true, StandardCharsets.UTF_8));
        assertThat(passed).as(printed.toString(StandardCharsets.UTF_8)).isTrue();
        assertThat(printed.toString(StandardCharsets.UTF_8))
                .contains("PASS — " + count + " shards, " + traces + " executions");
    }

    /**
     * An object published before its constructor's writes are seen fails in some interleavings only: with three
     * shards, some find a failing execution in their part and fail, the others run their whole part without one and
     * pass. A passing shard is complete, so its part holds no failure; a failing shard found one in its part.
     */
    @Test
    void aBugFailsTheShardsWhosePartsHoldAFailureAndEachTokenReplaysWithoutTheShard() throws Exception {
        List<Integer> failing = new ArrayList<>();
        List<Integer> passing = new ArrayList<>();
        for (int k = 1; k <= 3; k++) {
            WeftRunner.Outcome shard = WeftRunner.run(BUG_ZOO, "publicationBeforeInitialisation", reports,
                    Map.of("weft.shard", k + "/3"));
            if (shard.failure().isEmpty()) {
                assertThat(shard.summaryJson()).contains("\"complete\": true");
                passing.add(k);
                continue;
            }
            failing.add(k);
            assertThat(shard.failure().get()).hasMessageContaining("(shard " + k + "/3; the replay token needs no"
                    + " shard)");
            WeftRunner.Outcome replay = WeftRunner.run(BUG_ZOO, "publicationBeforeInitialisation", reports,
                    Map.of("weft.replay", shard.replayToken(), "weft.shard", k + "/3"));
            assertThat(replay.failure()).as("the replay of shard %d's failure", k).isPresent();
            assertThat(replay.failure().get().getMessage().lines().findFirst())
                    .isEqualTo(shard.failure().get().getMessage().lines().findFirst());
        }
        assertThat(failing).as("shards that found the bug").isNotEmpty();
        assertThat(passing).as("shards whose parts hold no failing execution").isNotEmpty();

        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        assertThat(ShardMerge.mergeAll(List.of(reports), new PrintStream(printed, true, StandardCharsets.UTF_8)))
                .isFalse();
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("publicationBeforeInitialisation FAIL — 3 shards")
                .contains("failing shard(s) " + failing);
    }

    @Test
    void aShardSettingThatIsNotKOverNFailsTheTestNamingIt() {
        WeftRunner.Outcome outcome = WeftRunner.run(OraclePrograms.class, "popl14Program", reports,
                Map.of("weft.shard", "4/3"));

        assertThat(outcome.failure()).get().extracting(Throwable::getMessage).asString()
                .contains("weft.shard").contains("K/N").contains("'4/3'").contains("popl14Program");
    }
}
