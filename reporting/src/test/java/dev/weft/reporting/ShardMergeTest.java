package dev.weft.reporting;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ShardMergeTest {

    private static Summary shard(String kn, boolean passed, long executions, long millis) {
        Summary.Failure failure = passed ? null
                : new Summary.Failure("ASSERTION", "lost update in shard " + kn, "token-" + kn, 1);
        return new Summary("com.example.T#m", "OPTIMAL", passed, true, executions, 1, millis, failure, kn);
    }

    @Test
    void passingShardsAddUpToOnePassOverTheWholeSearch() {
        ShardMerge.Merged merged = ShardMerge.merge(List.of(shard("2/3", true, 20, 7), shard("1/3", true, 10, 9),
                shard("3/3", true, 30, 8)));

        assertThat(merged.summary()).isEqualTo(new Summary("com.example.T#m", "OPTIMAL", true, true, 60, 3, 9, null));
        assertThat(merged.provesThePass()).isTrue();
        assertThat(merged.line()).isEqualTo("weft: com.example.T#m PASS — 3 shards, 60 executions (3 sleep-set"
                + " blocked), complete, slowest shard 9 ms");
    }

    @Test
    void anyFailingShardFailsTheTestWithTheFirstFailingShardsReplayToken() {
        ShardMerge.Merged merged = ShardMerge.merge(List.of(shard("3/3", false, 5, 1), shard("1/3", true, 10, 1),
                shard("2/3", false, 4, 1)));

        assertThat(merged.summary().passed()).isFalse();
        assertThat(merged.failing()).containsExactly(2, 3);
        assertThat(merged.summary().failure().replay()).isEqualTo("token-2/3");
        assertThat(merged.provesThePass()).isFalse();
        assertThat(merged.line()).contains("FAIL").contains("failing shard(s) [2, 3]: ASSERTION, replay with"
                + " -Dweft.replay=token-2/3");
    }

    @Test
    void aMissingShardLeavesTheMergeIncompleteAndNotAPass() {
        ShardMerge.Merged merged = ShardMerge.merge(List.of(shard("1/3", true, 10, 1), shard("3/3", true, 30, 1)));

        assertThat(merged.missing()).containsExactly(2);
        assertThat(merged.summary().complete()).isFalse();
        assertThat(merged.provesThePass()).isFalse();
        assertThat(merged.line()).contains("not exhaustive").contains("MISSING shard(s) [2] of 3");
    }

    @Test
    void shardsOfDifferentSplitsOrTwiceTheSameAreProblems() {
        ShardMerge.Merged merged = ShardMerge.merge(List.of(shard("1/2", true, 10, 1), shard("1/2", true, 10, 1),
                shard("2/3", true, 5, 1)));

        assertThat(merged.problems()).containsExactly("shard 1/2 twice",
                "shard 2/3 (OPTIMAL) does not belong with shard 1/2 (OPTIMAL)");
        // the written summary says it too, not only the exit code (QA: "complete": true beside an exit code of 1)
        ShardMerge.Merged strayShard = ShardMerge.merge(List.of(shard("1/2", true, 10, 1), shard("2/2", true, 5, 1),
                shard("1/3", true, 7, 1)));
        assertThat(strayShard.problems()).isNotEmpty();
        assertThat(strayShard.summary().complete()).isFalse();
        assertThat(merged.provesThePass()).isFalse();
    }

    @Test
    void theCommandMergesShardsFromSeveralFoldersAndWritesTheMergedSummary(@TempDir Path dir) throws Exception {
        Path machineA = dir.resolve("a");
        Path machineB = dir.resolve("b");
        Path testA = machineA.resolve("com.example.T").resolve("m");
        SummaryJson.write(testA.resolve(ShardMerge.folderOf("1/2")), shard("1/2", true, 10, 3));
        SummaryJson.write(machineB.resolve("com.example.T").resolve("m").resolve(ShardMerge.folderOf("2/2")),
                shard("2/2", false, 4, 2));
        ByteArrayOutputStream printed = new ByteArrayOutputStream();

        boolean passed = ShardMerge.mergeAll(List.of(machineA, machineB),
                new PrintStream(printed, true, StandardCharsets.UTF_8));

        assertThat(passed).isFalse();
        Summary merged = SummaryJson.parse(Files.readString(testA.resolve("summary.json")));
        assertThat(merged.executions()).isEqualTo(14);
        assertThat(merged.passed()).isFalse();
        assertThat(merged.shard()).isNull();
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("com.example.T#m FAIL — 2 shards, 14"
                + " executions");
    }

    /**
     * A run of the whole search ({@code weft.shard=1/1}, a CI matrix of one shard) is a set of one shard: the command
     * reports it rather than finding nothing (QA); a test that has shards ignores the whole summary beside them.
     */
    @Test
    void theCommandTakesARunOfTheWholeSearchAsTheOnlyShard(@TempDir Path dir) throws Exception {
        Summary whole = new Summary("com.example.T#m", "OPTIMAL", true, true, 12, 0, 5, null);
        SummaryJson.write(dir.resolve("com.example.T").resolve("m"), whole);
        SummaryJson.write(dir.resolve("com.example.T").resolve("sharded"),
                new Summary("com.example.T#sharded", "OPTIMAL", true, true, 99, 0, 5, null));
        SummaryJson.write(dir.resolve("com.example.T").resolve("sharded").resolve(ShardMerge.folderOf("1/1")),
                new Summary("com.example.T#sharded", "OPTIMAL", true, true, 7, 0, 5, null, "1/1"));
        ByteArrayOutputStream printed = new ByteArrayOutputStream();

        boolean passed = ShardMerge.mergeAll(List.of(dir), new PrintStream(printed, true, StandardCharsets.UTF_8));

        assertThat(passed).isTrue();
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("com.example.T#m PASS — 1 shard, 12 executions")
                .contains("com.example.T#sharded PASS — 1 shard, 7 executions");
    }

    @Test
    void theCommandFailsWhenThereIsNothingToMerge(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();

        assertThat(ShardMerge.mergeAll(List.of(dir), new PrintStream(printed, true, StandardCharsets.UTF_8)))
                .isFalse();
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("no shard summaries");
    }

    @Test
    void aShardsFolderIsNamedAfterIt() {
        assertThat(ShardMerge.folderOf("2/3")).isEqualTo("shard-2-of-3");
    }
}
