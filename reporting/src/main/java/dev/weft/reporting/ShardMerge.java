package dev.weft.reporting;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The merge step of a sharded exploration: reads the {@code summary.json} of every shard of every test under some
 * report folders, and gives each test one verdict and its total count.
 *
 * <pre>java -cp weft-reporting.jar dev.weft.reporting.ShardMerge target/weft-reports [more folders...]</pre>
 *
 * <p>A shard writes its summary to {@code <class>/<method>/shard-K-of-N/summary.json}; the merged one goes to
 * {@code <class>/<method>/summary.json} beside those folders, in the first folder that holds a shard of the test. A
 * test fails when any of its shards failed (its failure is that of the lowest-numbered failing shard, with its replay
 * token) and is complete when all N shards are there and each was. The command exits with 1 when some test failed,
 * some shard is missing or a summary cannot be read, so that a CI job after a matrix of shards fails as the shards'
 * builds did.
 */
public final class ShardMerge {

    /** The folder a shard's report files go to, inside the test's folder: {@code shard-2-of-3}. */
    public static String folderOf(String shard) {
        String[] kn = shard.split("/");
        return "shard-" + kn[0] + "-of-" + kn[1];
    }

    /**
     * One test's merged verdict.
     *
     * @param summary  the merged summary ({@code shard} is {@code null}); {@code complete} only with every shard there
     * @param shards   the number of shards the test was split into
     * @param missing  the shards with no summary
     * @param failing  the shards that failed
     * @param problems what makes the shards' summaries not fit together (different shard counts, a shard twice)
     */
    public record Merged(Summary summary, int shards, List<Integer> missing, List<Integer> failing,
                         List<String> problems) {

        /** Whether the merged verdict is a pass over the whole search. */
        public boolean provesThePass() {
            return summary.passed() && summary.complete() && problems.isEmpty();
        }

        /** The console line, in the form of a test's own ({@code weft: T#m PASS — ...}). */
        public String line() {
            StringBuilder line = new StringBuilder(String.format("weft: %s %s — %d shard%s, %d executions (%d"
                            + " sleep-set blocked), %s, slowest shard %d ms", summary.test(),
                    summary.passed() ? "PASS" : "FAIL", shards, shards == 1 ? "" : "s", summary.executions(),
                    summary.sleepSetBlocked(),
                    summary.complete() ? "complete" : "not exhaustive", summary.elapsedMillis()));
            if (!failing.isEmpty()) {
                line.append("; failing shard(s) ").append(failing).append(": ").append(summary.failure().kind())
                        .append(", replay with -Dweft.replay=").append(summary.failure().replay());
            }
            if (!missing.isEmpty()) {
                line.append("; MISSING shard(s) ").append(missing).append(" of ").append(shards);
            }
            problems.forEach(p -> line.append("; ").append(p));
            return line.toString();
        }
    }

    private ShardMerge() {
    }

    /** Merges the summaries of one test's shards (each with its {@code shard} set). */
    public static Merged merge(List<Summary> shards) {
        if (shards.isEmpty()) {
            throw new IllegalArgumentException("no shard summaries to merge");
        }
        Summary first = shards.get(0);
        int count = Integer.parseInt(first.shard().split("/")[1]);
        List<String> problems = new ArrayList<>();
        Summary[] byNumber = new Summary[count + 1];
        for (Summary shard : shards) {
            String[] kn = shard.shard().split("/");
            int number = Integer.parseInt(kn[0]);
            if (Integer.parseInt(kn[1]) != count || !shard.algorithm().equals(first.algorithm())
                    || !shard.test().equals(first.test())) {
                problems.add("shard " + shard.shard() + " (" + shard.algorithm() + ") does not belong with shard "
                        + first.shard() + " (" + first.algorithm() + ")");
            } else if (byNumber[number] != null) {
                problems.add("shard " + shard.shard() + " twice");
            } else {
                byNumber[number] = shard;
            }
        }
        long executions = 0;
        long blocked = 0;
        long slowest = 0;
        boolean complete = true;
        Summary.Failure failure = null;
        List<Integer> missing = new ArrayList<>();
        List<Integer> failing = new ArrayList<>();
        for (int k = 1; k <= count; k++) {
            Summary shard = byNumber[k];
            if (shard == null) {
                missing.add(k);
                complete = false;
                continue;
            }
            executions += shard.executions();
            blocked += shard.sleepSetBlocked();
            slowest = Math.max(slowest, shard.elapsedMillis());
            complete &= shard.complete();
            if (!shard.passed()) {
                failing.add(k);
                failure = failure == null ? shard.failure() : failure;
            }
        }
        // shards that do not fit together prove nothing whole: the summary says so too, not only the exit code
        complete &= problems.isEmpty();
        Summary merged = new Summary(first.test(), first.algorithm(), failing.isEmpty(), complete, executions, blocked,
                slowest, failure);
        return new Merged(merged, count, missing, failing, problems);
    }

    /**
     * Merges every sharded test under the folders, writes each merged {@code summary.json} and prints its line.
     *
     * @return whether every test passed over its whole search
     */
    public static boolean mergeAll(List<Path> reportDirs, PrintStream out) throws IOException {
        Map<String, List<Summary>> byTest = new TreeMap<>();
        Map<String, Path> testDirs = new TreeMap<>();
        Map<String, Summary> wholeRuns = new TreeMap<>();
        Map<String, Path> wholeRunDirs = new TreeMap<>();
        for (Path dir : reportDirs) {
            for (Path file : summaries(dir)) {
                Summary summary = SummaryJson.parse(Files.readString(file));
                if (isShardFolder(file.getParent())) {
                    byTest.computeIfAbsent(summary.test(), t -> new ArrayList<>()).add(summary);
                    testDirs.putIfAbsent(summary.test(), file.getParent().getParent());
                } else if (summary.shard() == null && summary.test() != null
                        && wholeRuns.putIfAbsent(summary.test(), summary) == null) {
                    wholeRunDirs.put(summary.test(), file.getParent());
                }
            }
        }
        // A run of the whole search (weft.shard=1/1 is one: a CI matrix of one shard) is a set of one shard, unless
        // the test has shards of its own (its folder then holds the last merge's summary, or a stale one).
        for (Map.Entry<String, Summary> whole : wholeRuns.entrySet()) {
            if (!byTest.containsKey(whole.getKey())) {
                byTest.put(whole.getKey(), new ArrayList<>(List.of(asOnlyShard(whole.getValue()))));
                testDirs.put(whole.getKey(), wholeRunDirs.get(whole.getKey()));
            }
        }
        if (byTest.isEmpty()) {
            out.println("weft: no shard summaries (shard-K-of-N/summary.json) under " + reportDirs);
            return false;
        }
        boolean allPassed = true;
        for (Map.Entry<String, List<Summary>> test : byTest.entrySet()) {
            Merged merged = merge(test.getValue());
            SummaryJson.write(testDirs.get(test.getKey()), merged.summary());
            out.println(merged.line());
            allPassed &= merged.provesThePass();
        }
        return allPassed;
    }

    private static List<Path> summaries(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new IOException("no such report folder: " + dir.toAbsolutePath());
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(f -> f.getFileName().toString().equals("summary.json")).sorted().toList();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private static boolean isShardFolder(Path folder) {
        return folder.getFileName().toString().matches("shard-\\d+-of-\\d+");
    }

    /** The summary of a run of the whole search, as the one shard of a split into one. */
    private static Summary asOnlyShard(Summary whole) {
        return new Summary(whole.test(), whole.algorithm(), whole.passed(), whole.complete(), whole.executions(),
                whole.sleepSetBlocked(), whole.elapsedMillis(), whole.failure(), "1/1", whole.coverage());
    }

    /** The command: merges the shards under the folders given (default {@code target/weft-reports}). */
    public static void main(String[] args) {
        List<Path> dirs = args.length == 0 ? List.of(Path.of("target", "weft-reports"))
                : Stream.of(args).map(Path::of).toList();
        try {
            System.exit(mergeAll(dirs, System.out) ? 0 : 1);
        } catch (IOException | IllegalArgumentException e) {
            System.err.println("weft: cannot merge the shard summaries: " + e.getMessage());
            System.exit(1);
        }
    }
}
