package dev.weft.samples.threads;

import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A thread's default name is the same in every execution, numbered from the execution's start as in a new JVM, since
 * 2026-11-27. Before, the JDK's counters, global to the JVM, gave {@code Thread-3}, then {@code Thread-6}, ... and
 * {@code pool-2-...}, {@code pool-3-...}: a test that keyed a map by thread name iterated it in a different order in
 * each execution (both tests here failed, measured). Likewise a thread's id, since 2026-11-27 (later): before, a map
 * keyed by {@code getId()} had new keys in every execution, which failed as {@code NONDETERMINISM} every time on JDK
 * 17 and 25 (measured), and a pool's workers had new ids in each execution; on JDK 19+ so did a map keyed by
 * {@code Thread.toString()}, which shows the id.
 */
class ThreadNameTest {

    @TempDir
    Path reports;

    @BeforeEach
    void forget() {
        ThreadNamePrograms.SEEN.clear();
    }

    @Test
    void defaultNamesAreTheSameInEveryExecution() {
        assertThat(passes("defaultNames")).isEqualTo(6);
        assertThat(ThreadNamePrograms.SEEN).containsExactly(List.of("Thread-0", "Thread-1", "Thread-2"));
    }

    @Test
    void poolThreadNamesAreTheSameInEveryExecution() {
        assertThat(passes("poolNames")).isEqualTo(2);
        assertThat(ThreadNamePrograms.SEEN).containsExactly(List.of("pool-1-thread-1", "pool-1-thread-2"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"countsKeyedByThreadId", "countsKeyedByThreadToString"})
    void aMapKeyedByThreadIdsHasTheSameKeysInEveryExecution(String program) {
        assertThat(passes(program)).isEqualTo(6);
    }

    /** With Weft's reused threads, and without (each execution's main thread is then a new {@code Thread}). */
    @ParameterizedTest(name = "weft.reuseThreads={0}")
    @ValueSource(strings = {"true", "false"})
    void poolWorkersAndTheMainThreadHaveTheSameIdsInEveryExecution(String reuseThreads) {
        assertThat(passes("poolAndMainThreadIds", Map.of("weft.reuseThreads", reuseThreads))).isEqualTo(2);
        assertThat(ThreadNamePrograms.SEEN).hasSize(1);
        List<String> ids = ThreadNamePrograms.SEEN.iterator().next();
        assertThat(ids).as("three threads, three ids").doesNotHaveDuplicates();
    }

    @Test
    void aThreadClassThatNumbersItsThreadsKeepsItsNumbers() {
        assertThat(passes("ownIdsOfAThreadClass")).isEqualTo(1);
    }

    private long passes(String program) {
        return passes(program, Map.of());
    }

    private long passes(String program, Map<String, String> settings) {
        WeftRunner.Outcome outcome = WeftRunner.run(ThreadNamePrograms.class, program, reports, settings);
        assertThat(outcome.failure()).as(program).isEmpty();
        return outcome.number("executions");
    }
}
