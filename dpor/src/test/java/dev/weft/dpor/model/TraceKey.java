package dev.weft.dpor.model;

import dev.weft.scheduler.model.Dependence;
import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Target;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/**
 * A canonical name for the Mazurkiewicz trace of an execution: two executions get the same key exactly when one is
 * the other with adjacent independent events swapped. The key lists each thread's operations in program order (by
 * stable thread name) and, for every pair of dependent events of different threads, which came first, an event being
 * named by its thread and its position in that thread. Dependence is {@link Dependence#dependent}, the relation the
 * explorers use, so this key is computed independently of them but under the same rules.
 *
 * @param text the key, readable enough to print in a failure message
 */
public record TraceKey(String text) {

    /** The trace of the whole execution. */
    public static TraceKey of(List<Event> events) {
        boolean[] all = new boolean[events.size()];
        java.util.Arrays.fill(all, true);
        return of(events, all);
    }

    /**
     * The trace of what led to the last event, for executions cut short by a failure in the step of that event: the
     * last event and everything that happened before it (program order, dependence, thread start). Events of other
     * threads that merely happened to run earlier are left out, because where an execution stops depends on which
     * thread the explorer ran first, not on the failure.
     */
    public static TraceKey causalPastOfLast(List<Event> events) {
        int n = events.size();
        boolean[] past = new boolean[n];
        if (n == 0) {
            return of(events, past);
        }
        past[n - 1] = true;
        for (int i = n - 2; i >= 0; i--) {
            Event earlier = events.get(i);
            for (int j = i + 1; j < n && !past[i]; j++) {
                past[i] = past[j] && happensBefore(earlier, events.get(j));
            }
        }
        return of(events, past);
    }

    /** A 128-bit digest of the key, for counting distinct traces of large explorations without keeping the text. */
    public UUID fingerprint() {
        return UUID.nameUUIDFromBytes(text.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public String toString() {
        return text;
    }

    /** One direct happens-before edge from an earlier event to a later one. */
    private static boolean happensBefore(Event earlier, Event later) {
        if (earlier.thread().equals(later.thread())) {
            return true;
        }
        if (earlier.operation().kind() == OpKind.START) {
            return later.thread().equals(earlier.operation().startedThread());
        }
        return Dependence.dependent(earlier.operation(), later.operation());
    }

    private static TraceKey of(List<Event> events, boolean[] included) {
        Map<String, List<String>> perThread = new TreeMap<>();
        // Only events on one target can be dependent, so pairs are looked for within each target's events; the keys
        // of an object count as the whole object's target, as they overlap it (Location#overlaps). An event is also
        // among the events of a location it also reads (Operation#alsoReads).
        Map<Target, List<Event>> byTarget = new HashMap<>();
        for (int i = 0; i < events.size(); i++) {
            if (included[i]) {
                Event e = events.get(i);
                perThread.computeIfAbsent(e.thread().name(), name -> new ArrayList<>()).add(e.operation().toString());
                Target target = e.operation().target();
                if (target != null) {
                    Target group = target instanceof Location location ? location.whole() : target;
                    byTarget.computeIfAbsent(group, t -> new ArrayList<>()).add(e);
                }
                Location alsoReads = e.operation().alsoReads();
                if (alsoReads != null) {
                    byTarget.computeIfAbsent(alsoReads.whole(), t -> new ArrayList<>()).add(e);
                }
            }
        }
        List<String> orders = new ArrayList<>();
        for (List<Event> group : byTarget.values()) {
            for (int i = 0; i < group.size(); i++) {
                Event a = group.get(i);
                for (int j = i + 1; j < group.size(); j++) {
                    Event b = group.get(j);
                    if (!a.thread().equals(b.thread()) && Dependence.dependent(a.operation(), b.operation())) {
                        orders.add(name(a) + "<" + name(b));
                    }
                }
            }
        }
        orders.sort(null);
        StringBuilder text = new StringBuilder();
        perThread.forEach((thread, ops) -> text.append(thread).append(": ").append(String.join("; ", ops))
                .append('\n'));
        text.append("order: ").append(String.join(" ", orders));
        return new TraceKey(text.toString());
    }

    private static String name(Event event) {
        return event.thread().name() + "#" + event.threadStep();
    }
}
