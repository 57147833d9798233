package dev.weft.scheduler.instrument.boot;

import org.junit.jupiter.api.Test;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The registry of identity hashes, tested as a plain class (the copy on the bootstrap class path is the same code).
 * Every test uses classes of its own, so that what another test remembered cannot answer for it.
 */
class StableHashesTest {

    private static final class Remembered {
    }

    private static final class NeverRemembered {
    }

    private static final class Many {
    }

    private static final class Collected {
    }

    private static final class Kept {
    }

    private static final class OwnHash {
        @Override
        public int hashCode() {
            return 42;
        }
    }

    @Test
    void aRememberedObjectAnswersWithItsHashBothWays() {
        Remembered object = new Remembered();

        assertThat(StableHashes.remember(object, 12345)).isTrue();

        assertThat(StableHashes.hashCode(object)).isEqualTo(12345);
        assertThat(StableHashes.identityHashCode(object)).isEqualTo(12345);
    }

    private static final class OwnHashRemembered {
        @Override
        public int hashCode() {
            return 43;
        }
    }

    @Test
    void anObjectWithItsOwnHashCodeKeepsItAndAnswersItsIdentityHash() {
        OwnHashRemembered object = new OwnHashRemembered();

        assertThat(StableHashes.rememberIdentity(object, 777)).isTrue();

        assertThat(StableHashes.identityHashCode(object)).isEqualTo(777);
        assertThat(StableHashes.hashCode(object)).isEqualTo(43);
        assertThat(StableHashes.remembered(object)).isEqualTo(777);
        assertThat(StableHashes.remember(object, 778)).as("it has one already").isFalse();
    }

    @Test
    void theFirstHashStays() {
        Remembered object = new Remembered();
        StableHashes.remember(object, 7);

        assertThat(StableHashes.remember(object, 8)).isFalse();

        assertThat(StableHashes.hashCode(object)).isEqualTo(7);
    }

    @Test
    void otherObjectsKeepTheJvmsHash() {
        Remembered remembered = new Remembered();
        StableHashes.remember(remembered, 99);
        Remembered sameClass = new Remembered();
        NeverRemembered otherClass = new NeverRemembered();

        assertThat(StableHashes.hashCode(sameClass)).isEqualTo(System.identityHashCode(sameClass));
        assertThat(StableHashes.identityHashCode(sameClass)).isEqualTo(System.identityHashCode(sameClass));
        assertThat(StableHashes.hashCode(otherClass)).isEqualTo(System.identityHashCode(otherClass));
        assertThat(StableHashes.hashCode("text")).isEqualTo("text".hashCode());
        assertThat(StableHashes.hashCode(new OwnHash())).isEqualTo(42);
        assertThat(StableHashes.identityHashCode(null)).isZero();
    }

    private static final class Reused {
    }

    @Test
    void aReusedObjectTakesANewHashInPlaceOfItsOwn() {
        Reused reused = new Reused();
        StableHashes.remember(reused, 11);
        assertThat(StableHashes.remembered(reused)).isEqualTo(11);

        StableHashes.rebind(reused, 22);

        assertThat(StableHashes.remembered(reused)).isEqualTo(22);
        assertThat(StableHashes.hashCode(reused)).isEqualTo(22);
        assertThat(StableHashes.remembered(new Reused())).isZero();
    }

    @Test
    void aNullReceiverThrowsAsTheCallItReplaces() {
        assertThatThrownBy(() -> StableHashes.hashCode(null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void zeroIsNoIdentityHash() {
        assertThatThrownBy(() -> StableHashes.remember(new Remembered(), 0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /** The registry holds its objects weakly: one nobody else holds is collected (and its entry dropped later). */
    @Test
    void aRememberedObjectCanBeCollected() throws InterruptedException {
        WeakReference<Object> reference = rememberedAndDropped();
        for (int attempt = 0; attempt < 20 && reference.get() != null; attempt++) {
            System.gc();
            Thread.sleep(10);
        }
        assertThat(reference.get()).as("still reachable after 20 full collections").isNull();
        assertThat(StableHashes.remember(new Remembered(), 5)).isTrue(); // drops the collected entry on the way
    }

    private static WeakReference<Object> rememberedAndDropped() {
        Remembered object = new Remembered();
        StableHashes.remember(object, 31);
        return new WeakReference<>(object);
    }

    /** Far more objects than the first table holds: every one still answers after the table grew. */
    @Test
    void manyObjectsAllAnswer() {
        List<Many> objects = new ArrayList<>();
        for (int i = 1; i <= 5_000; i++) {
            Many object = new Many();
            objects.add(object);
            assertThat(StableHashes.remember(object, i)).isTrue();
        }
        for (int i = 1; i <= 5_000; i++) {
            assertThat(StableHashes.hashCode(objects.get(i - 1))).isEqualTo(i);
        }
    }

    /**
     * After a collection, the entries of thousands of collected objects are dropped a few at each later call, not all
     * in one: a call that dropped them all would hold the lock that parallel workers need to give hashes.
     */
    @Test
    void collectedEntriesAreDroppedAFewAtATime() throws InterruptedException {
        int collected = 3_000;
        WeakReference<Object> last = null;
        // held until all are remembered: one collected earlier would be dropped uncounted when the table grows
        List<Collected> held = new ArrayList<>();
        for (int i = 1; i <= collected; i++) {
            Collected object = new Collected();
            held.add(object);
            StableHashes.remember(object, i);
            last = new WeakReference<>(object);
        }
        held.clear();
        for (int attempt = 0; attempt < 20 && last.get() != null; attempt++) {
            System.gc();
            Thread.sleep(10);
        }
        assertThat(last.get()).as("still reachable after 20 full collections").isNull();

        List<Kept> kept = new ArrayList<>();
        List<Integer> droppedPerCall = new ArrayList<>();
        int dropped = 0;
        // the reference handler queues the collected entries when it gets to run: a call that found none waits for it
        for (int call = 0; call < 10_000 && dropped < collected; call++) {
            int before = StableHashes.entries();
            Kept object = new Kept();
            kept.add(object);
            StableHashes.remember(object, call + 1);
            int droppedNow = before + 1 - StableHashes.entries();
            droppedPerCall.add(droppedNow);
            dropped += droppedNow;
            if (droppedNow == 0) {
                Thread.sleep(1);
            }
        }
        assertThat(dropped).as("entries dropped over %s calls", droppedPerCall.size()).isGreaterThanOrEqualTo(collected);
        // each call rebuilds a few dozen buckets (and drops every collected entry it finds in them)
        assertThat(droppedPerCall).as("entries dropped per call").allMatch(n -> n <= collected / 10);
    }
}
