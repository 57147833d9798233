package dev.weft.dpor.internal;

import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.SourcePosition;
import dev.weft.scheduler.model.ThreadId;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class ReplayCheckTest {

    private static PendingOperation reading(int thread, String field, boolean enabled) {
        return new PendingOperation(new ThreadId(thread, "t" + thread), Operation.read(Location.field("Shared", field)),
                enabled, SourcePosition.UNKNOWN);
    }

    @Test
    void aThreadWhoseEntryIsTheSameObjectInBothRunsStillMatches() {
        ReplayCheck check = new ReplayCheck();
        PendingOperation a = reading(0, "x", true);
        PendingOperation b = reading(1, "y", true);
        List<PendingOperation> recorded = List.of(a, b);

        assertThat(check.matches(List.of(reading(0, "x", true), b), recorded)).isTrue();
        PendingOperation movedNow = reading(0, "z", true);
        assertThat(check.matches(List.of(movedNow, b), List.of(reading(0, "z", true), b))).isTrue();
    }

    @Test
    void aChangeInOneRunOnlyIsADivergence() {
        PendingOperation a = reading(0, "x", true);
        PendingOperation b = reading(1, "y", true);

        // the replay's thread 1 changed, the record's did not
        ReplayCheck replayChanged = new ReplayCheck();
        assertThat(replayChanged.matches(List.of(a, b), List.of(a, b))).isTrue();
        assertThat(replayChanged.matches(List.of(a, reading(1, "y", false)), List.of(a, b))).isFalse();

        // the record's thread 1 changed, the replay's did not: its entry is the same object as before, but the
        // record's is not, so it is compared
        ReplayCheck recordChanged = new ReplayCheck();
        assertThat(recordChanged.matches(List.of(a, b), List.of(a, b))).isTrue();
        assertThat(recordChanged.matches(List.of(a, b), List.of(a, reading(1, "w", true)))).isFalse();
    }

    /** A lock given back enables every thread waiting for it: the same operation objects, enabled now. */
    @Test
    void whetherAThreadIsEnabledIsComparedWhenItsOperationStaysTheSame() {
        PendingOperation waiting = reading(1, "y", false);
        PendingOperation recordedWaiting = reading(1, "y", false);
        PendingOperation a = reading(0, "x", true);

        ReplayCheck both = new ReplayCheck();
        assertThat(both.matches(List.of(a, waiting), List.of(a, recordedWaiting))).isTrue();
        assertThat(both.matches(List.of(a, enabledOrNot(waiting, true)),
                List.of(a, enabledOrNot(recordedWaiting, true)))).isTrue();

        ReplayCheck replayOnly = new ReplayCheck();
        assertThat(replayOnly.matches(List.of(a, waiting), List.of(a, recordedWaiting))).isTrue();
        assertThat(replayOnly.matches(List.of(a, enabledOrNot(waiting, true)), List.of(a, recordedWaiting)))
                .isFalse();
    }

    private static PendingOperation enabledOrNot(PendingOperation entry, boolean enabled) {
        return new PendingOperation(entry.thread(), entry.operation(), enabled, entry.source(), entry.daemon());
    }

    @Test
    void aThreadThatEndsShiftsThePositionsWithoutLosingTheFastComparison() {
        ReplayCheck check = new ReplayCheck();
        PendingOperation a = reading(0, "x", true);
        PendingOperation b = reading(1, "y", true);
        PendingOperation c = reading(2, "z", true);
        assertThat(check.matches(List.of(a, b, c), List.of(a, b, c))).isTrue();

        assertThat(check.matches(List.of(a, c), List.of(a, c))).isTrue();
        assertThat(check.matches(List.of(a, c), List.of(a, reading(2, "other", true)))).isFalse();
    }

    /**
     * Against {@link List#equals} on random runs: at each state each thread's entry, in the replay and in the record
     * independently, stays the same object, becomes an equal new object, or changes; threads end and start.
     */
    @Test
    void saysWhatListEqualsSaysOnRandomRuns() {
        Random random = new Random(7);
        int divergences = 0;
        for (int run = 0; run < 2_000; run++) {
            ReplayCheck check = new ReplayCheck();
            List<PendingOperation> now = new ArrayList<>();
            for (int t = 0; t < 1 + random.nextInt(6); t++) {
                now.add(reading(t, "f0", true));
            }
            List<PendingOperation> recorded = new ArrayList<>(now);
            int nextThread = now.size();
            for (int state = 0; state < 30; state++) {
                boolean expected = now.equals(recorded);
                assertThat(check.matches(List.copyOf(now), List.copyOf(recorded))).as("run %d state %d", run, state)
                        .isEqualTo(expected);
                if (!expected) {
                    divergences++;
                    break;
                }
                nextThread = evolve(random, now, recorded, nextThread);
            }
        }
        assertThat(divergences).as("the random runs diverge often enough to test both answers").isGreaterThan(500);
    }

    /** One step of both runs; returns the next free thread index. */
    private static int evolve(Random random, List<PendingOperation> now, List<PendingOperation> recorded,
                              int nextThread) {
        if (now.size() > 1 && random.nextInt(8) == 0) {
            int ended = random.nextInt(now.size());
            now.remove(ended);
            recorded.remove(ended);
        }
        if (random.nextInt(8) == 0) {
            PendingOperation started = reading(nextThread, "f0", true);
            now.add(started);
            recorded.add(random.nextBoolean() ? started : reading(nextThread, "f0", true));
            nextThread++;
        }
        for (int i = 0; i < now.size(); i++) {
            now.set(i, mutate(random, now.get(i)));
            recorded.set(i, mutate(random, recorded.get(i)));
        }
        return nextThread;
    }

    private static PendingOperation mutate(Random random, PendingOperation entry) {
        return switch (random.nextInt(40)) {
            case 0 -> reading(entry.thread().index(), "f" + random.nextInt(3), entry.enabled());
            case 1 -> reading(entry.thread().index(), "f0", random.nextBoolean());
            case 4, 5 -> enabledOrNot(entry, !entry.enabled());
            case 2, 3 -> new PendingOperation(entry.thread(), entry.operation(), entry.enabled(), entry.source());
            default -> entry;
        };
    }
}
