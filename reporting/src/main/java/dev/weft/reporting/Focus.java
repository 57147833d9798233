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

    static Focus of(ExplorationFailure failure, int maxSteps) {
        HappensBefore hb = HappensBefore.of(failure.events());
        BitSet points = FailurePoints.of(failure);
        BitSet causalPast = causalPast(hb, points);
        int[] shown = causalPast.stream().toArray();
        if (shown.length > maxSteps) {
            shown = Arrays.copyOfRange(shown, shown.length - maxSteps, shown.length);
        }
        Set<Integer> failureThreads = new HashSet<>();
        points.stream().forEach(i -> failureThreads.add(hb.event(i).thread().index()));
        return new Focus(failure, hb, points, shown, threads(failure, hb, shown),
                Race.nearest(hb, causalPast, failureThreads));
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

    /** The threads with a shown step, and for a deadlock every stuck thread, in order of creation. */
    private static List<ThreadId> threads(ExplorationFailure failure, HappensBefore hb, int[] shown) {
        Set<ThreadId> threads = new TreeSet<>(Comparator.comparingInt(ThreadId::index));
        for (int index : shown) {
            threads.add(hb.event(index).thread());
        }
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

    /** The race nearest the failure, see {@link Race#nearest}. */
    Optional<Race> race() {
        return race;
    }

    /** The race when both its steps are shown, which is when the pictures can highlight it. */
    Optional<Race> shownRace() {
        return race.filter(r -> isShown(r.earlier()) && isShown(r.later()));
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
