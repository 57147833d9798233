package dev.weft.samples.collections;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Objects constructed in an execution keep an identity hash the same schedule reproduces, since 2026-11-27. Before,
 * they had the JVM's random one, so every program here that orders its work by identity hashes was reported as
 * {@code NONDETERMINISM} (measured: the four-part programs and the futures in every run, the transfers in about half
 * the runs), although each is correct.
 */
class IdentityHashTest {

    @TempDir
    Path reports;

    /**
     * Two threads take the same four monitors one after the other, in the same order. Each monitor's two uses
     * conflict and nothing else does, and each monitor may go either thread first independently of the others (the
     * threads can overtake each other between two monitors): 2^4 = 16 traces, whatever the order of the four.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"inAHashSet", "inAConcurrentKeySet", "inASetOf", "inAnIdentityMapsKeys",
            "sortedByIdentityHash", "sortedByHashCode", "lambdasInAHashSet", "listsOfThemInAHashSet",
            "recordsOfThemInAHashSet", "keyedByTheirToString",
            "plainLocksSortedByIdentityHash", "withTheirOwnHashCodeSortedByIdentityHash",
            "withTheirOwnHashCodeKeyedByIdentity", "withTheirOwnHashCodeInAnIdentityMapsKeys",
            "hashedBySuperHashCodeInAHashSet", "keyedByWeakReferences", "inTheOrderOfTheirLocks"})
    void threadsWorkingInHashOrderAreDeterministic(String program) {
        assertThat(Outcomes.passes(IdentityHashPrograms.class, program, reports)).isEqualTo(16);
    }

    /** Each of the three monitors is taken by its thread and by main, in either order: 2^3 = 8. */
    @Test
    void threadsInAHashSetAreDeterministic() {
        assertThat(Outcomes.passes(IdentityHashPrograms.class, "threadsInAHashSet", reports)).isEqualTo(8);
    }

    /** Both transfers take the same monitor first, so one of them goes first: 2. */
    @Test
    void transfersLockingInIdentityHashOrderAreDeterministic() {
        assertThat(Outcomes.passes(IdentityHashPrograms.class, "transfersLockInIdentityHashOrder", reports))
                .isEqualTo(2);
    }

    /** The pool's futures are hashed as the test's objects are; the order main waits in changes no count. */
    @Test
    void futuresInAHashSetAreDeterministic() {
        long inAList = Outcomes.passes(IdentityHashPrograms.class, "futuresInAList", reports);
        assertThat(Outcomes.passes(IdentityHashPrograms.class, "futuresInAHashSet", reports)).isEqualTo(inAList);
    }

    /** Only objects made in an execution get a hash of Weft's: a table made before the test keeps working. */
    @Test
    void objectsMadeBeforeTheTestKeepTheirHash() {
        assertThat(Outcomes.passes(IdentityHashPrograms.class, "aTableBuiltBeforeStillFindsItsObject", reports))
                .isEqualTo(1);
    }

    /** An object's hash is given before its constructors run on, and it keeps it after the test. */
    @Test
    void anObjectKeepsItsHashFromItsConstructorOn() {
        assertThat(Outcomes.passes(IdentityHashPrograms.class, "anObjectRegisteringItselfIsFound", reports))
                .isEqualTo(1);
        synchronized (IdentityHashPrograms.LEFT_BEHIND_OBJECTS) {
            assertThat(IdentityHashPrograms.LEFT_BEHIND_OBJECTS).hasSize(2)
                    .allSatisfy(made -> assertThat(IdentityHashPrograms.LEFT_BEHIND.contains(made)).isTrue());
        }
    }
}
