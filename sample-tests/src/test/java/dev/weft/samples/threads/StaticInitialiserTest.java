package dev.weft.samples.threads;

import dev.weft.samples.support.Verdicts;
import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A thread started by a static initialiser ({@link StaticInitialiserPrograms}). */
class StaticInitialiserTest {

    @TempDir
    Path reports;

    /** It starts once the initialiser has returned, and counts down the latch the test waits for: 1 trace. */
    @Test
    void aThreadStartedByAStaticInitialiserRunsAsAnyOther() {
        Verdicts.passesWith(WeftRunner.run(StaticInitialiserPrograms.class, "aThreadStartedByAStaticInitialiserRuns",
                reports), 1);
    }

    /**
     * An enum is initialised once per JVM (Weft runs the initialisers of other classes again in each execution, see
     * {@code StaticStateTest}), so only the first execution starts the initialiser's thread: the next one differs, and
     * the failure says why.
     */
    @Test
    void aRaceWithAStaticInitialisersThreadNamesTheInitialiser() {
        WeftRunner.Outcome outcome = WeftRunner.run(StaticInitialiserPrograms.class,
                "aStaticInitialiserThreadThatRacesWithTheTest", reports);
        Verdicts.failsWith(outcome, "NONDETERMINISM");
        assertThat(outcome.failure().orElseThrow().getMessage())
                .contains("a static initialiser started a thread in an earlier execution (at ")
                .contains("StaticInitialiserPrograms.java:")
                .contains("a class is initialised once per JVM");
    }

    /** Waiting for it inside the initialiser could never end under Weft: the failure says so and where. */
    @Test
    void anInitialiserThatJoinsItsThreadFailsWithTheReason() {
        // One worker: an initialiser that threw leaves its class unusable in this JVM, so an exploration repeated by
        // one worker after several finds NoClassDefFoundError where the first found Weft's reason (a known limit)
        WeftRunner.Outcome outcome = WeftRunner.run(StaticInitialiserPrograms.class,
                "aStaticInitialiserThatJoinsTheThreadItStarted", reports, Map.of("weft.workers", "1"));
        assertThat(outcome.failure().orElseThrow(() -> new AssertionError("the test passed")).getMessage())
                .contains("a static initialiser joins joined, which it started at StaticInitialiserPrograms.java:")
                .contains("only once the initialiser has returned")
                .doesNotContain("ExceptionInInitializerError thrown");
    }
}
