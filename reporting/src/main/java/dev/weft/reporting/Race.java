package dev.weft.reporting;

import dev.weft.dpor.RacingSteps;
import dev.weft.dpor.hb.HappensBefore;
import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.ThreadId;

import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The race a report highlights: two steps of different threads in an immediate race (dependent, and ordered only by
 * that dependency), so that the other order was possible too.
 *
 * @param earlier the index of the step that came first in the failing execution
 * @param later   the index of the step that came second, or -1 when it never ran (the failure came first)
 * @param notRun  when {@code later} is -1, what the other thread was about to do; else {@code null}
 * @param origin  how the report knows it: named by the explorer, or guessed
 */
record Race(int earlier, int later, PendingOperation notRun, Origin origin) {

    /** How the report knows the race, which decides how it is introduced. */
    enum Origin {
        /** the explorer reversed this race to reach the failing execution */
        REVERSED("Race reversed to reach this failure (an earlier execution ran these two steps the other way"
                + " round):", "race reversed to reach the failure"),
        /** the two unordered calls of a {@code DATA_RACE} */
        DATA_RACE("Data race (nothing orders these two calls: on a real JVM they may overlap):", "data race"),
        /** the race nearest the failure, by {@link #nearest}: when no reversal produced the failing execution */
        NEAREST("Nearest race before the failure (a guess: no race reversal led to this execution):",
                "race nearest the failure (a guess)");

        final String heading;
        final String legend;

        Origin(String heading, String legend) {
            this.heading = heading;
            this.legend = legend;
        }
    }

    Race(int earlier, int later) {
        this(earlier, later, null, Origin.NEAREST);
    }

    /** The race the explorer named, in report terms. */
    static Race named(RacingSteps steps) {
        Origin origin = steps.origin() == RacingSteps.Origin.DATA_RACE ? Origin.DATA_RACE : Origin.REVERSED;
        return new Race(steps.first(), steps.second(), steps.notRun(), origin);
    }

    /** Whether both steps ran, so that the pictures can join them. */
    boolean bothRan() {
        return later >= 0;
    }

    /**
     * The race nearest the failure, by this rule: among the immediate races whose later step happens before (or is)
     * a failure point, the one whose later step is latest, preferring races whose later step belongs to a thread
     * where the failure was observed; of the earlier steps racing with that step, the latest. Nearest is a guess at
     * what matters (the race whose reversal avoids the failure may be an earlier one), but it is always a real race
     * in the picture's causal past.
     *
     * <p>Races with a join, a park or the re-acquisition of a monitor after a wait are left out: the other order only
     * means that the blocked step waits longer, which says nothing about the failure.
     *
     * @param causalPast     the events that happen before a failure point, the points included
     * @param failureThreads the threads of the failure points
     */
    static Optional<Race> nearest(HappensBefore hb, BitSet causalPast, Set<Integer> failureThreads) {
        BitSet blocking = blocking(hb);
        Optional<Race> onFailureThread = latest(hb, causalPast, blocking, failureThreads);
        return onFailureThread.isPresent() ? onFailureThread : latest(hb, causalPast, blocking, null);
    }

    /** The latest race whose later step is in the causal past and (unless {@code threads} is null) of those threads. */
    private static Optional<Race> latest(HappensBefore hb, BitSet causalPast, BitSet blocking, Set<Integer> threads) {
        for (int later = causalPast.previousSetBit(hb.size() - 1); later >= 0;
             later = causalPast.previousSetBit(later - 1)) {
            if (blocking.get(later) || (threads != null && !threads.contains(hb.event(later).thread().index()))) {
                continue;
            }
            int earlier = -1;
            for (int candidate : hb.racesOf(later)) {
                if (!blocking.get(candidate)) {
                    earlier = Math.max(earlier, candidate);
                }
            }
            if (earlier >= 0) {
                return Optional.of(new Race(earlier, later));
            }
        }
        return Optional.empty();
    }

    /** The steps that waited for another thread to let them go: joins, parks, re-acquisitions after a wait. */
    private static BitSet blocking(HappensBefore hb) {
        BitSet result = new BitSet(hb.size());
        Map<ThreadId, Event> previous = new HashMap<>();
        for (Event event : hb.events()) {
            Operation op = event.operation();
            Event before = previous.put(event.thread(), event);
            boolean reacquire = op.kind() == OpKind.LOCK && before != null
                    && before.operation().waitsOn(op.lockId());
            if (op.kind() == OpKind.JOIN || op.kind() == OpKind.PARK || reacquire) {
                result.set(event.index());
            }
        }
        return result;
    }

    boolean involves(int index) {
        return index == earlier || index == later;
    }
}
