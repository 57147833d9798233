package dev.weft.dpor.internal;

import dev.weft.dpor.ExecutionStatus;
import dev.weft.dpor.ExplorationFailure;
import dev.weft.dpor.RacingSteps;
import dev.weft.dpor.hb.HappensBefore;
import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.FailureKind;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.SourcePosition;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds data races on objects that are not thread-safe. The runtime makes each call on such an object one atomic
 * access of its {@link Location.Kind#UNSAFE_OBJECT} location, so no interleaving shows what really goes wrong when two
 * calls overlap (a lost entry, a corrupted table). What does show is that they could overlap: two conflicting calls
 * of different threads in an immediate race, ordered only by the order they ran in, not by a lock, a volatile, a start
 * or a join.
 *
 * <p>An immediate race on the object is exactly what is needed. If the two calls are ordered by something else, a
 * third event lies between them in happens-before, so they are not in an immediate race. Conversely, if some pair of
 * conflicting calls is ordered by nothing but the object's own accesses, the earliest such pair (earliest second
 * call, then latest first call) is in an immediate race, since any event between them would give an earlier pair.
 * Happens-before is the same for every execution of a Mazurkiewicz trace, so every explorer that covers the traces
 * finds a race when there is one.
 */
final class DataRaces {

    /** The method named by an event's value: its leading Java identifier ({@code put}, {@code put -> null}). */
    private static final Pattern METHOD = Pattern.compile("^([A-Za-z_$][A-Za-z0-9_$]*)");

    private DataRaces() {
    }

    /**
     * The {@code DATA_RACE} failure of an execution that completed, with the first racing pair, or {@code null} when
     * it did not complete or has no data race.
     *
     * @param stack the exploration's states of that execution, for its preemption count
     */
    static ExplorationFailure of(ExecutionOutcome outcome, List<Node> stack) {
        return of(outcome, stack, null);
    }

    /**
     * As {@link #of(ExecutionOutcome, List)}, with the execution's happens-before relation if it was built already
     * ({@code null}: built here if needed).
     */
    static ExplorationFailure of(ExecutionOutcome outcome, List<Node> stack, HappensBefore built) {
        if (outcome.status() != ExecutionStatus.COMPLETE || !touchesUnsafeObject(outcome.events())) {
            return null;
        }
        HappensBefore hb = built != null ? built : HappensBefore.of(outcome.events());
        for (int later = 0; later < hb.size(); later++) {
            if (!isUnsafe(hb.event(later))) {
                continue;
            }
            int earlier = -1;
            Location object = null;
            for (int candidate : hb.racesOf(later)) {
                Location shared = unsafeObjectBetween(hb.event(candidate).operation(), hb.event(later).operation());
                if (shared != null && candidate > earlier) {
                    earlier = candidate;
                    object = shared;
                }
            }
            if (earlier >= 0) {
                Event first = hb.event(earlier);
                Event second = hb.event(later);
                return ExecutionRunner.failure(stack, outcome.events(), FailureKind.DATA_RACE,
                        describe(object, first, second), null, List.of(),
                        new RacingSteps(RacingSteps.Origin.DATA_RACE, earlier, later, null));
            }
        }
        return null;
    }

    private static boolean touchesUnsafeObject(List<Event> events) {
        for (Event e : events) {
            if (isUnsafe(e)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isUnsafe(Event e) {
        return isUnsafe(e.operation().location()) || isUnsafe(e.operation().alsoReads());
    }

    private static boolean isUnsafe(Location location) {
        return location != null && location.kind() == Location.Kind.UNSAFE_OBJECT;
    }

    /**
     * The object that is not thread-safe on which two racing operations conflict, or {@code null}: a race may be on
     * something else, such as a thread-safe collection that one of them also reads ({@code mine.addAll(shared)}, where
     * only {@code mine} is not thread-safe).
     */
    private static Location unsafeObjectBetween(Operation a, Operation b) {
        if (conflictOn(a.location(), a.writes(), b.location(), b.writes())) {
            return a.location();
        }
        if (conflictOn(a.alsoReads(), false, b.location(), b.writes())) {
            return a.alsoReads();
        }
        return conflictOn(b.alsoReads(), false, a.location(), a.writes()) ? b.alsoReads() : null;
    }

    private static boolean conflictOn(Location unsafe, boolean writes, Location other, boolean otherWrites) {
        return isUnsafe(unsafe) && other != null && unsafe.overlaps(other) && (writes || otherWrites);
    }

    /**
     * {@code HashMap@1 is not thread-safe: main.1 called put at Foo.java:12 and main.2 called get at Foo.java:13 with
     * nothing ordering them (no lock, no volatile, no join)}.
     */
    static String describe(Location object, Event first, Event second) {
        return object.owner() + " is not thread-safe: " + call(first) + " and " + call(second)
                + " with nothing ordering them (no lock, no volatile, no join)";
    }

    private static String call(Event e) {
        String method = e.value() == null ? null : leadingIdentifier(e.value());
        String what = method != null ? "called " + method : e.operation().writes() ? "changed it" : "read it";
        SourcePosition at = e.source();
        return e.thread().name() + " " + what + (at.isKnown() ? " at " + at : "");
    }

    private static String leadingIdentifier(String value) {
        Matcher m = METHOD.matcher(value);
        return m.find() && !List.of("null", "true", "false").contains(m.group(1)) ? m.group(1) : null;
    }
}
