package dev.weft.reporting;

import dev.weft.dpor.hb.VectorClock;
import dev.weft.scheduler.model.Event;

import java.util.ArrayList;
import java.util.List;

/**
 * Drops the cross-thread edges that other paths already imply.
 *
 * <p>The graph is the program order of each thread plus the given edges, all pointing forward in the execution. A
 * vector clock per event over this graph (not over the full happens-before relation, which has edges that are not
 * drawn) says which events reach it. An edge {@code a -> b} is redundant exactly when {@code a} reaches another
 * direct predecessor of {@code b}: its program-order predecessor or the source of another edge into {@code b}. In a
 * graph without cycles all redundant edges can be dropped at once and reachability stays the same. Program-order edges
 * are never dropped: the lanes draw them anyway.
 */
final class TransitiveReduction {

    private TransitiveReduction() {
    }

    static List<HbEdge> reduce(List<Event> events, List<HbEdge> edges) {
        List<List<HbEdge>> incoming = new ArrayList<>(events.size());
        for (int i = 0; i < events.size(); i++) {
            incoming.add(new ArrayList<>(2));
        }
        for (HbEdge edge : edges) {
            incoming.get(edge.to()).add(edge);
        }
        int[] programOrderPredecessor = programOrderPredecessors(events);
        VectorClock[] clocks = clocks(events, incoming, programOrderPredecessor);

        List<HbEdge> kept = new ArrayList<>(edges.size());
        for (HbEdge edge : edges) {
            if (edge.kind().keptByReduction() || !reachedOtherwise(events, clocks, edge,
                    programOrderPredecessor[edge.to()], incoming.get(edge.to()))) {
                kept.add(edge);
            }
        }
        return kept;
    }

    private static boolean reachedOtherwise(List<Event> events, VectorClock[] clocks, HbEdge edge,
                                            int programOrderPredecessor, List<HbEdge> incoming) {
        Event from = events.get(edge.from());
        int thread = from.thread().index();
        int step = from.threadStep();
        if (programOrderPredecessor >= 0 && clocks[programOrderPredecessor].includes(thread, step)) {
            return true;
        }
        for (HbEdge other : incoming) {
            if (other != edge && clocks[other.from()].includes(thread, step)) {
                return true;
            }
        }
        return false;
    }

    /** For each event, which events reach it in the graph (it included). */
    private static VectorClock[] clocks(List<Event> events, List<List<HbEdge>> incoming,
                                       int[] programOrderPredecessor) {
        VectorClock[] clocks = new VectorClock[events.size()];
        for (Event event : events) {
            int i = event.index();
            int previous = programOrderPredecessor[i];
            VectorClock clock = previous >= 0 ? clocks[previous].copy() : new VectorClock();
            for (HbEdge edge : incoming.get(i)) {
                clock.join(clocks[edge.from()]);
            }
            clock.set(event.thread().index(), event.threadStep() + 1);
            clocks[i] = clock;
        }
        return clocks;
    }

    /** For each event, the index of its thread's previous event, or -1. */
    private static int[] programOrderPredecessors(List<Event> events) {
        int[] result = new int[events.size()];
        List<Integer> lastOfThread = new ArrayList<>();
        for (Event event : events) {
            int thread = event.thread().index();
            while (lastOfThread.size() <= thread) {
                lastOfThread.add(-1);
            }
            result[event.index()] = lastOfThread.get(thread);
            lastOfThread.set(thread, event.index());
        }
        return result;
    }
}
