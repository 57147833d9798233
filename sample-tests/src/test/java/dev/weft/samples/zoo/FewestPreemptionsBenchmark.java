package dev.weft.samples.zoo;

import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.provider.Arguments;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * The "Fewest preemptions" table of {@code docs/PERFORMANCE.md}: every bug of the zoo run twice, reporting DPOR's
 * first failing schedule ({@code weft.minimizePreemptions=false}) and the shortened one, with the preemptions of each
 * and the wall time of each whole test. Prints, does not assert.
 *
 * <pre>mvn -B -pl sample-tests test -Dtest=FewestPreemptionsBenchmark -Dsurefire.failIfNoSpecifiedTests=false</pre>
 */
class FewestPreemptionsBenchmark {

    @TempDir
    Path reports;

    @Test
    void printTable() {
        List<Long> before = new ArrayList<>();
        List<Long> after = new ArrayList<>();
        System.out.printf("%-34s %-10s %8s %8s %10s %10s%n", "bug", "kind", "DPOR", "reported", "ms off", "ms on");
        for (Arguments arguments : BugZooTest.bugs().toList()) {
            String bug = (String) arguments.get()[0];
            long startedOff = System.nanoTime();
            WeftRunner.Outcome off = WeftRunner.run(BugZooPrograms.class, bug, reports.resolve(bug + "-off"),
                    Map.of("weft.minimizePreemptions", "false"));
            long offMillis = (System.nanoTime() - startedOff) / 1_000_000;
            long startedOn = System.nanoTime();
            WeftRunner.Outcome on = WeftRunner.run(BugZooPrograms.class, bug, reports.resolve(bug + "-on"));
            long onMillis = (System.nanoTime() - startedOn) / 1_000_000;
            before.add(off.number("preemptions"));
            after.add(on.number("preemptions"));
            System.out.printf("%-34s %-10s %8d %8d %10d %10d%n", bug, arguments.get()[1], off.number("preemptions"),
                    on.number("preemptions"), offMillis, onMillis);
        }
        System.out.printf("median preemptions, all %d bugs: DPOR's first failing schedule %s, reported %s%n",
                before.size(), median(before), median(after));
        List<Long> needingSome = new ArrayList<>();
        List<Long> needingSomeAfter = new ArrayList<>();
        for (int i = 0; i < before.size(); i++) {
            if (before.get(i) > 0) {
                needingSome.add(before.get(i));
                needingSomeAfter.add(after.get(i));
            }
        }
        System.out.printf("median preemptions, the %d bugs whose first schedule had any: %s, reported %s%n",
                needingSome.size(), median(needingSome), median(needingSomeAfter));
        System.out.printf("total preemptions: %d, reported %d%n", sum(before), sum(after));
    }

    private static long sum(List<Long> values) {
        return values.stream().mapToLong(Long::longValue).sum();
    }

    private static String median(List<Long> values) {
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        return n % 2 == 1 ? Long.toString(sorted.get(n / 2))
                : Double.toString((sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2.0);
    }
}
