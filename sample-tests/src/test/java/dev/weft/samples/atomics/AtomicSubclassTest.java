package dev.weft.samples.atomics;

import dev.weft.samples.support.Verdicts;
import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;

/**
 * A subclass's own method that shares its name with one of the atomic class's is the subclass's code, not the atomic
 * operation: the accesses inside it are the visible ones. Taken for the JDK's compare-and-set, it failed every test of
 * Jetty's thread pool with an internal error ("performed a compare-and-set ... but reported no outcome").
 */
class AtomicSubclassTest {

    @TempDir
    Path reports;

    /**
     * Each thread reads, then compares and sets; a failed one reads and tries again. Reads commute, so the traces are:
     * either thread's read and set both before the other's read (2), or both reads first and either set first, the
     * other failing and retrying alone (2): 4, whichever method the set goes through.
     */
    @ParameterizedTest(name = "{0} passes in 4 executions")
    @ValueSource(strings = {"twoThreadsAddThroughTheSubclassesOwnMethod", "twoThreadsAddThroughTheInheritedMethod"})
    void eachIncrementIsOneReadAndOneCompareAndSet(String program) {
        Verdicts.passesWith(WeftRunner.run(AtomicSubclassPrograms.class, program, reports), 4);
    }
}
