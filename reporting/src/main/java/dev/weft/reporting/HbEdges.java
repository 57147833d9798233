package dev.weft.reporting;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.LockId;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.ThreadId;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The cross-thread edges that the DOT graph and the HTML drawing both show: those that explain why a step saw what it
 * saw or could go ahead when it did (reads-from, release to acquire, start, join, notify, unpark), transitively
 * reduced.
 *
 * <p>This is fewer edges than the full happens-before relation, which also orders a read before a later conflicting
 * write and every pair of operations on one lock. Those orders are implied by the edges drawn or do not explain
 * anything a user can see; the race that matters is drawn separately.
 */
final class HbEdges {

    private HbEdges() {
    }

    /** The edges of the execution, transitively reduced. */
    static List<HbEdge> of(List<Event> events) {
        return TransitiveReduction.reduce(events, unreduced(events));
    }

    /**
     * The most events whose edges are reduced. The reduction keeps a clock per event, as wide as the highest thread
     * number: an execution of 200,000 steps among thousands of threads that come and go (commons-pool's
     * testConcurrentBorrowAndEvict) needed more than a 6 GB heap for them, and the report was lost with the fork.
     * Beyond it the graph shows every edge between its steps, which orders the same steps.
     */
    static final int MOST_EVENTS_REDUCED = 20_000;

    /** The edges between two shown steps of the focus. */
    static List<HbEdge> within(Focus focus) {
        List<Event> events = focus.events();
        List<HbEdge> result = new ArrayList<>();
        for (HbEdge edge : events.size() > MOST_EVENTS_REDUCED ? unreduced(events) : of(events)) {
            if (focus.isShown(edge.from()) && focus.isShown(edge.to())) {
                result.add(edge);
            }
        }
        return result;
    }

    /** Every edge, before reduction, ordered by the index of the later event. */
    static List<HbEdge> unreduced(List<Event> events) {
        List<HbEdge> edges = new ArrayList<>();
        Map<Location, Event> lastWrite = new HashMap<>();
        // per whole map: its keys written since the whole map's latest write
        Map<Location, Set<Location>> keysWritten = new HashMap<>();
        Map<LockId, List<Event>> releasesSinceAcquire = new HashMap<>();
        Map<LockId, Event> lastNotify = new HashMap<>();
        Map<ThreadId, Event> startOf = new HashMap<>();
        Map<ThreadId, Event> previousOf = new HashMap<>();

        for (Event event : events) {
            Operation op = event.operation();
            Event previous = previousOf.put(event.thread(), event);
            if (event.threadStep() == 0) {
                addAcross(edges, startOf.get(event.thread()), event, EdgeKind.START);
            }
            if (op.startedThread() != null) {
                startOf.put(op.startedThread(), event);
            }
            // A part of several keys (a queue's take: its head and a slot) accesses each of them.
            List<Location> accessed = op.location() == null ? List.of()
                    : op.location().keyNames().size() > 1 ? op.location().keyParts() : List.of(op.location());
            if (op.reads()) {
                Set<Event> seen = new LinkedHashSet<>();
                accessed.forEach(location -> seen.addAll(writesSeenBy(location, lastWrite, keysWritten)));
                seen.forEach(write -> addAcross(edges, write, event, readKind(op.kind())));
            }
            if (op.writes()) {
                accessed.forEach(location -> wrote(location, event, lastWrite, keysWritten));
            }
            if (op.alsoReads() != null) { // an interruptible call's look at its flag: an interrupt before it ends it
                writesSeenBy(op.alsoReads(), lastWrite, keysWritten)
                        .forEach(write -> addAcross(edges, write, event, EdgeKind.READS_FROM));
            }
            LockId lock = op.lockId();
            if (lock != null) {
                switch (op.kind()) {
                    case UNLOCK, WAIT -> releasesSinceAcquire.computeIfAbsent(lock, l -> new ArrayList<>()).add(event);
                    case NOTIFY, NOTIFY_ALL -> lastNotify.put(lock, event);
                    // An observation (a query, a failed try) saw the releases but took nothing: a later
                    // acquisition still goes ahead because of them.
                    case OBSERVE_LOCK -> {
                        for (Event release : releasesSinceAcquire.getOrDefault(lock, List.of())) {
                            addAcross(edges, release, event, EdgeKind.LOCK);
                        }
                    }
                    case LOCK, TRY_LOCK -> {
                        for (Event release : releasesSinceAcquire.getOrDefault(lock, List.of())) {
                            addAcross(edges, release, event, EdgeKind.LOCK);
                        }
                        releasesSinceAcquire.remove(lock);
                        if (previous != null && previous.operation().waitsOn(lock)) {
                            Event notify = lastNotify.get(lock);
                            // A waiter can also wake without a notify (timeout, spurious wake-up, interrupt).
                            if (notify != null && notify.index() > previous.index()) {
                                addAcross(edges, notify, event, EdgeKind.NOTIFY);
                            }
                        }
                    }
                    default -> {
                    }
                }
            }
        }
        edges.sort((a, b) -> a.to() != b.to() ? Integer.compare(a.to(), b.to()) : Integer.compare(a.from(), b.from()));
        return edges;
    }

    /**
     * The latest writes a read of {@code location} sees: its own; for a key of a map also the whole map's, and for a
     * whole map also each key's since (Location.overlaps).
     */
    private static List<Event> writesSeenBy(Location location, Map<Location, Event> lastWrite,
                                            Map<Location, Set<Location>> keysWritten) {
        List<Event> writes = new ArrayList<>();
        addIfPresent(writes, lastWrite.get(location));
        if (location.isKey()) {
            addIfPresent(writes, lastWrite.get(location.whole()));
        } else if (location.isWhole()) {
            for (Location key : keysWritten.getOrDefault(location, Set.of())) {
                addIfPresent(writes, lastWrite.get(key));
            }
        }
        return writes;
    }

    private static void addIfPresent(List<Event> events, Event event) {
        if (event != null) {
            events.add(event);
        }
    }

    /** A write of a whole map replaces what its keys held; a key's write is one more key written since. */
    private static void wrote(Location location, Event event, Map<Location, Event> lastWrite,
                              Map<Location, Set<Location>> keysWritten) {
        lastWrite.put(location, event);
        if (location.isWhole()) {
            for (Location key : keysWritten.getOrDefault(location, Set.of())) {
                lastWrite.remove(key);
            }
            keysWritten.remove(location);
        } else if (location.isKey()) {
            keysWritten.computeIfAbsent(location.whole(), w -> new LinkedHashSet<>()).add(location);
        }
    }

    /** Reading a thread's liveness is a join, taking a park permit is a park; every other read just reads. */
    private static EdgeKind readKind(OpKind kind) {
        return switch (kind) {
            case JOIN -> EdgeKind.JOIN;
            case PARK -> EdgeKind.UNPARK;
            default -> EdgeKind.READS_FROM;
        };
    }

    /** Adds the edge when both ends exist and belong to different threads: program order is drawn as lanes. */
    private static void addAcross(List<HbEdge> edges, Event from, Event to, EdgeKind kind) {
        if (from != null && !from.thread().equals(to.thread())) {
            edges.add(new HbEdge(from.index(), to.index(), kind));
        }
    }
}
