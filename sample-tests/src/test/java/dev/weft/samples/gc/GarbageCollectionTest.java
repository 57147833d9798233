package dev.weft.samples.gc;

import dev.weft.samples.support.Verdicts;
import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;
import java.util.Map;

/**
 * A collection the test asks for takes what only its weak references reach, although Weft names the objects, models
 * their monitors, locks, queues and random generators, and passes the arguments of the calls it instruments through
 * local variables of its own. Before, Weft held every object the execution made until it ended, and each of the first
 * five programs waited until its time limit. Counts by hand: the first three programs have one thread (1 execution
 * each); in the fourth the two threads touch only the holder (reads) and the counter's own monitor, lock and fields,
 * each a different one, so nothing they do conflicts (1); in the fifth the reads of the holder commute and the take
 * can only follow the offer, since it waits on an empty queue (1); in the last the two critical sections of one lock
 * run in either order (2).
 */
class GarbageCollectionTest {

    @TempDir
    Path reports;

    @ParameterizedTest(name = "{0} passes in {1} executions")
    @CsvSource({
            "waitsForAnObjectNobodyHolds, 1",
            "waitsForAWeakKeyToGo, 1",
            "waitsForWhatAnAtomicLetGo, 1",
            "waitsForAnObjectTwoThreadsLocked, 1",
            "waitsForAQueueAndARandomToGo, 1",
            "keepsWhatTheTestStillHolds, 2"})
    void passes(String program, long executions) {
        // a budget of a second: an execution that waits for a collection that never comes ends in 5 s, not 5 minutes
        Verdicts.passesWith(WeftRunner.run(GarbageCollectionPrograms.class, program, reports,
                Map.of("weft.maxSeconds", "1")), executions);
    }
}
