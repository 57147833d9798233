package dev.weft.reporting;

import dev.weft.dpor.ExplorationFailure;
import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.ThreadId;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The happens-before graph of a failing execution in Graphviz DOT: the steps that happen before the failure as
 * nodes, one cluster per thread with its program order, and the cross-thread edges of {@link HbEdges} labelled with
 * their kind. Where the failure was observed is drawn bold; the race in red (the one the explorer reversed to reach
 * the failure, or the two calls of a data race; else the nearest, see {@link Focus#of}), on the edge between its
 * steps if one is drawn, else as a dashed edge of its own. For a
 * deadlock each stuck thread's cluster ends in a dashed node with the operation it is blocked on, and dashed red
 * "waits for" edges join those nodes along the wait-for relation.
 */
public final class HbDot {

    /** At most this many steps are drawn; earlier ones are left out. */
    static final int MAX_STEPS = 400;
    private static final int LABEL_WIDTH = 48;
    private static final String RACE_COLOR = "#d92d20";

    private HbDot() {
    }

    public static String render(ExplorationFailure failure) {
        return render(Focus.of(failure, MAX_STEPS));
    }

    static String render(Focus focus) {
        StringBuilder out = new StringBuilder();
        ExplorationFailure failure = focus.failure();
        out.append("digraph weft {\n");
        out.append("  label=\"").append(Text.dot(Text.fit(failure.kind() + ": " + failure.message(), 160)))
                .append("\";\n  labelloc=t;\n");
        int elided = focus.events().size() - focus.shown().length;
        if (elided > 0) {
            out.append("  // ").append(Text.steps(elided))
                    .append(" that do not happen before the failure (or came too early) are left out\n");
        }
        out.append("  node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=10];\n");
        out.append("  edge [fontname=\"Helvetica\", fontsize=9];\n");
        Optional<Race> race = focus.shownRace();
        race.ifPresent(r -> out.append("  // in red: the ").append(r.origin().legend).append('\n'));
        // In the order of the stuck list, so that the file is the same every time.
        Map<ThreadId, WaitFor.Wait> waits = new LinkedHashMap<>();
        if (!focus.stuck().isEmpty()) {
            WaitFor.of(focus.events(), focus.stuck()).waits().forEach(w -> waits.put(w.stuck().thread(), w));
        }
        for (ThreadId thread : focus.threads()) {
            cluster(focus, thread, race, waits.get(thread), out);
        }
        List<HbEdge> edges = HbEdges.within(focus);
        boolean raceDrawn = false;
        for (HbEdge edge : edges) {
            boolean isRace = race.isPresent() && edge.joins(race.get().earlier(), race.get().later());
            raceDrawn |= isRace;
            out.append("  e").append(edge.from()).append(" -> e").append(edge.to())
                    .append(" [label=\"").append(edge.kind().label()).append(isRace ? ", race" : "").append('"')
                    .append(isRace ? ", color=\"" + RACE_COLOR + "\", fontcolor=\"" + RACE_COLOR + "\", penwidth=2"
                            : "")
                    .append("];\n");
        }
        if (race.isPresent() && race.get().bothRan() && !raceDrawn) {
            out.append("  e").append(race.get().earlier()).append(" -> e").append(race.get().later())
                    .append(" [label=\"race\", style=dashed, dir=both, color=\"").append(RACE_COLOR)
                    .append("\", fontcolor=\"").append(RACE_COLOR).append("\", penwidth=2];\n");
        }
        for (WaitFor.Wait wait : waits.values()) {
            if (wait.waitsOn() != null && waits.containsKey(wait.waitsOn())) {
                out.append("  w").append(wait.stuck().thread().index()).append(" -> w")
                        .append(wait.waitsOn().index()).append(" [label=\"waits for\", style=dashed, color=\"")
                        .append(RACE_COLOR).append("\", fontcolor=\"").append(RACE_COLOR)
                        .append("\", constraint=false];\n");
            }
        }
        out.append("}\n");
        return out.toString();
    }

    /**
     * @param wait for a thread stuck in a deadlock, what it waits for: drawn as a dashed last node, {@code w<thread>}
     */
    private static void cluster(Focus focus, ThreadId thread, Optional<Race> race, WaitFor.Wait wait,
                                StringBuilder out) {
        out.append("  subgraph cluster_").append(thread.index()).append(" {\n");
        out.append("    label=\"").append(Text.dot(thread.name())).append("\";\n");
        int previous = -1;
        for (int index : focus.shown()) {
            Event event = focus.event(index);
            if (!event.thread().equals(thread)) {
                continue;
            }
            out.append("    e").append(index).append(" [label=\"")
                    .append(Text.dot("#" + index + " " + Text.fit(OpText.of(event), LABEL_WIDTH) + "\n"
                            + event.source()))
                    .append('"').append(nodeStyle(focus, index, race)).append("];\n");
            if (previous >= 0) {
                out.append("    e").append(previous).append(" -> e").append(index).append(";\n");
            }
            previous = index;
        }
        if (wait != null) {
            String node = "w" + thread.index();
            out.append("    ").append(node).append(" [label=\"")
                    .append(Text.dot("blocked: " + Text.fit(OpText.of(wait.stuck().operation()), LABEL_WIDTH) + "\n"
                            + wait.stuck().source()))
                    .append("\", tooltip=\"").append(Text.dot(wait.description()))
                    .append("\", style=\"rounded,dashed\", color=\"").append(RACE_COLOR).append("\"];\n");
            if (previous >= 0) {
                out.append("    e").append(previous).append(" -> ").append(node).append(" [style=dashed];\n");
            }
        }
        out.append("  }\n");
    }

    private static String nodeStyle(Focus focus, int index, Optional<Race> race) {
        String style = "";
        if (focus.isFailurePoint(index)) {
            style += ", style=\"rounded,bold\", penwidth=2";
        }
        if (race.isPresent() && race.get().involves(index)) {
            style += ", color=\"" + RACE_COLOR + "\"";
        }
        return style;
    }
}
