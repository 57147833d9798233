package dev.weft.reporting;

import dev.weft.dpor.ExplorationFailure;
import dev.weft.dpor.hb.HappensBefore;
import dev.weft.dpor.hb.VectorClock;
import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.FailureKind;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.ThreadId;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the table and the pictures show of a failing execution: the steps in the causal past of the failure points,
 * that is, the steps that happen before one of them (or are one). No other step can have influenced what the failing
 * thread saw, or why the stuck threads are stuck. Of those, at most the latest {@code maxSteps} are shown, so that a
 * long execution still gives a short message.
 *
 * <p>The shown steps of each thread are consecutive in its program order: the causal past holds a prefix of every
 * thread, and cutting it to the latest steps keeps a suffix of each prefix. So is every path between two shown steps:
 * a step on such a path is in the causal past and comes after the first shown one.
 */
final class Focus {

    private final ExplorationFailure failure;
    private final HappensBefore hb;
    private final BitSet failurePoints;
    private final int[] shown;
    private final BitSet shownSet;
    private final List<ThreadId> threads;
    private final Optional<Race> race;

    private Focus(ExplorationFailure failure, HappensBefore hb, BitSet failurePoints, int[] shown,
                  List<ThreadId> threads, Optional<Race> race) {
        this.failure = failure;
        this.hb = hb;
        this.failurePoints = failurePoints;
        this.shown = shown;
        this.shownSet = new BitSet();
        for (int index : shown) {
            shownSet.set(index);
        }
        this.threads = threads;
        this.race = race;
    }

    /**
     * The race is the one the explorer named ({@link ExplorationFailure#race}) when there is one; its steps and what
     * happens before them are shown too, as they may lie outside the failure's causal past. Otherwise it is the
     * nearest race in the causal past ({@link Race#nearest}), a guess.
     */
    static Focus of(ExplorationFailure failure, int maxSteps) {
        HappensBefore hb = HappensBefore.of(failure.events());
        BitSet points = FailurePoints.of(failure);
        BitSet causalPast = causalPast(hb, points);
        Optional<Race> race;
        if (failure.race() != null) {
            Race named = Race.named(failure.race());
            BitSet raceSteps = new BitSet();
            raceSteps.set(named.earlier());
            if (named.bothRan()) {
                raceSteps.set(named.later());
            }
            causalPast.or(causalPast(hb, raceSteps));
            race = Optional.of(named);
        } else {
            Set<Integer> failureThreads = new HashSet<>();
            points.stream().forEach(i -> failureThreads.add(hb.event(i).thread().index()));
            race = Race.nearest(hb, causalPast, failureThreads);
        }
        int[] shown = causalPast.stream().toArray();
        if (shown.length > maxSteps) {
            shown = Arrays.copyOfRange(shown, shown.length - maxSteps, shown.length);
        }
        return new Focus(failure, hb, points, shown, threads(failure, hb, shown, race), race);
    }

    private static BitSet causalPast(HappensBefore hb, BitSet points) {
        BitSet past = new BitSet(hb.size());
        points.stream().forEach(point -> {
            VectorClock clock = hb.clock(point);
            for (int i = 0; i <= point; i++) {
                Event e = hb.event(i);
                if (clock.includes(e.thread().index(), e.threadStep())) {
                    past.set(i);
                }
            }
        });
        return past;
    }

    /**
     * The threads with a shown step, for a deadlock every stuck thread, and the thread of a racing step that never
     * ran, in order of creation.
     */
    private static List<ThreadId> threads(ExplorationFailure failure, HappensBefore hb, int[] shown,
                                          Optional<Race> race) {
        Set<ThreadId> threads = new TreeSet<>(Comparator.comparingInt(ThreadId::index));
        for (int index : shown) {
            threads.add(hb.event(index).thread());
        }
        race.map(Race::notRun).ifPresent(p -> threads.add(p.thread()));
        if (failure.kind() == FailureKind.DEADLOCK) {
            for (PendingOperation stuck : failure.stuck()) {
                threads.add(stuck.thread());
            }
        }
        return List.copyOf(threads);
    }

    ExplorationFailure failure() {
        return failure;
    }

    List<Event> events() {
        return failure.events();
    }

    Event event(int index) {
        return hb.event(index);
    }

    /** The indexes of the shown events, in execution order. */
    int[] shown() {
        return shown.clone();
    }

    boolean isShown(int index) {
        return shownSet.get(index);
    }

    boolean isFailurePoint(int index) {
        return failurePoints.get(index);
    }

    /** The threads that get a column or a lane, in order of creation. */
    List<ThreadId> threads() {
        return threads;
    }

    /** The race the report highlights: the one the explorer named, or else the nearest (see {@link Focus#of}). */
    Optional<Race> race() {
        return race;
    }

    /**
     * The race when its steps are shown (the one that ran, if the other never did), which is when the pictures can
     * highlight it.
     */
    Optional<Race> shownRace() {
        return race.filter(r -> isShown(r.earlier()) && (!r.bothRan() || isShown(r.later())));
    }

    /** How many events of the execution are left out between the shown event at {@code position} and the one before. */
    int elidedBefore(int position) {
        return position == 0 ? shown[0] : shown[position] - shown[position - 1] - 1;
    }

    /** How many events of the execution come after the last shown one. */
    int elidedAtEnd() {
        return shown.length == 0 ? events().size() : events().size() - 1 - shown[shown.length - 1];
    }

    /** For a deadlock, the threads that could not move and what they waited for; else empty. */
    List<PendingOperation> stuck() {
        return failure.kind() == FailureKind.DEADLOCK ? failure.stuck() : List.of();
    }
}
