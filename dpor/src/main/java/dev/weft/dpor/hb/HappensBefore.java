package dev.weft.dpor.hb;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.LockId;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The happens-before relation of one execution, built event by event with vector clocks.
 *
 * <p>An event happens after its thread's earlier events, after the start of its thread, and after every earlier
 * dependent event (same location with a write; same lock). Per location it is enough to remember the last write and
 * each thread's reads since: earlier accesses happen before those already.
 *
 * <p>It also finds, for each event, the earlier events it is in an <em>immediate race</em> with (Abdulla et al.,
 * POPL 2014): dependent, of another thread, and ordered only by that dependency, with no third event between them in
 * happens-before. Two lock operations are in a race when both acquire: a lock's other operations happen inside
 * critical sections, so the order of acquisitions decides the order of everything else on the lock. A blocking
 * acquisition never races with a release: it could not have run before the release that let it go. A non-blocking
 * operation ({@link OpKind#TRY_LOCK}, {@link OpKind#OBSERVE_LOCK}) could, with another result, so it races with
 * releases too (see {@link #accessLock} and docs/design/explorers.md).
 */
public final class HappensBefore {

    private static final int[] NONE = new int[0];

    private final List<Event> events = new ArrayList<>();
    private final List<VectorClock> clocks = new ArrayList<>();
    private final List<int[]> races = new ArrayList<>();
    private final List<VectorClock> threadClocks = new ArrayList<>();
    private final Map<Integer, VectorClock> startClocks = new HashMap<>();
    private final Map<Location, LocationState> locations = new HashMap<>();
    private final Map<LockId, LockState> locks = new HashMap<>();

    /** What is remembered of one location: the last write and each thread's reads since. */
    private static final class LocationState {
        int lastWrite = -1;
        /** thread index to the index of its latest read since {@link #lastWrite}, or -1 */
        int[] readsSinceWrite = NONE;

        void recordRead(int thread, int index) {
            if (thread >= readsSinceWrite.length) {
                int old = readsSinceWrite.length;
                readsSinceWrite = Arrays.copyOf(readsSinceWrite, thread + 1);
                Arrays.fill(readsSinceWrite, old, readsSinceWrite.length, -1);
            }
            readsSinceWrite[thread] = index;
        }
    }

    /**
     * What is remembered of one lock: its operations ordered as those on a location, an {@link OpKind#OBSERVE_LOCK}
     * being a read and every other operation a write (so observations are ordered only against the rest), and the
     * latest acquisition.
     */
    private static final class LockState {
        final LocationState order = new LocationState();
        int lastAcquire = -1;
    }

    /** The relation of a whole execution. */
    public static HappensBefore of(List<Event> events) {
        HappensBefore hb = new HappensBefore();
        events.forEach(hb::add);
        return hb;
    }

    /** Adds the next event of the execution. */
    public void add(Event event) {
        int index = events.size();
        if (event.index() != index) {
            throw new IllegalArgumentException("expected event #" + index + " but got " + event);
        }
        int thread = event.thread().index();
        VectorClock clock = currentClock(thread).copy();
        VectorClock programOrder = clock.copy();
        clock.set(thread, event.threadStep() + 1);
        events.add(event);

        Operation op = event.operation();
        int[] candidates = NONE;
        if (op.location() != null) {
            candidates = accessLocation(op, thread, index, clock);
        } else if (op.lockId() != null) {
            candidates = accessLock(op, thread, index, clock);
        } else if (op.startedThread() != null) {
            startClocks.put(op.startedThread().index(), clock);
        }
        clocks.add(clock);
        setThreadClock(thread, clock);
        races.add(immediateRaces(thread, programOrder, candidates));
    }

    private int[] accessLocation(Operation op, int thread, int index, VectorClock clock) {
        LocationState state = locations.computeIfAbsent(op.location(), l -> new LocationState());
        int[] candidates;
        if (op.writes()) {
            candidates = directPredecessorsOfWrite(state);
            for (int candidate : candidates) {
                clock.join(clocks.get(candidate));
            }
            state.lastWrite = index;
            Arrays.fill(state.readsSinceWrite, -1);
        } else {
            // A join waits for the end of its thread: it can never run before it, so that order is no race.
            boolean racing = state.lastWrite >= 0 && op.kind() != OpKind.JOIN;
            candidates = racing ? new int[] {state.lastWrite} : NONE;
            if (state.lastWrite >= 0) {
                clock.join(clocks.get(state.lastWrite));
            }
            state.recordRead(thread, index);
        }
        return candidates;
    }

    private static int[] directPredecessorsOfWrite(LocationState state) {
        int count = state.lastWrite >= 0 ? 1 : 0;
        for (int read : state.readsSinceWrite) {
            if (read >= 0) {
                count++;
            }
        }
        int[] result = new int[count];
        int next = 0;
        if (state.lastWrite >= 0) {
            result[next++] = state.lastWrite;
        }
        for (int read : state.readsSinceWrite) {
            if (read >= 0) {
                result[next++] = read;
            }
        }
        return result;
    }

    /**
     * A lock operation's candidates for a race. A blocking acquisition races with the latest acquisition only: it
     * could not have run before the release that let it go, and the order of acquisitions decides that of everything
     * else done inside critical sections. A non-blocking operation could have run before or after any of them, with
     * another result: an observation races with the latest other operation, a try that took the lock with the latest
     * acquisition and the latest other operation (a release), and every other operation with the observations since
     * the one before it.
     */
    private int[] accessLock(Operation op, int thread, int index, VectorClock clock) {
        LockState state = locks.computeIfAbsent(op.lockId(), l -> new LockState());
        LocationState order = state.order;
        int latest = order.lastWrite;
        if (latest >= 0) {
            clock.join(clocks.get(latest));
        }
        OpKind kind = op.kind();
        if (kind == OpKind.OBSERVE_LOCK) {
            order.recordRead(thread, index);
            return latest < 0 ? NONE : new int[] {latest};
        }
        int[] candidates = observationsSince(order);
        for (int observation : candidates) {
            clock.join(clocks.get(observation));
        }
        if (kind.acquires() && state.lastAcquire >= 0) {
            candidates = append(candidates, state.lastAcquire);
        }
        if (kind == OpKind.TRY_LOCK && latest >= 0 && latest != state.lastAcquire) {
            candidates = append(candidates, latest);
        }
        if (kind.acquires()) {
            state.lastAcquire = index;
        }
        order.lastWrite = index;
        Arrays.fill(order.readsSinceWrite, -1);
        return candidates;
    }

    private static int[] observationsSince(LocationState order) {
        int[] result = NONE;
        for (int read : order.readsSinceWrite) {
            if (read >= 0) {
                result = append(result, read);
            }
        }
        return result;
    }

    private static int[] append(int[] array, int value) {
        int[] result = Arrays.copyOf(array, array.length + 1);
        result[array.length] = value;
        return result;
    }

    /**
     * The candidates in an immediate race with an event of {@code thread}: those of other threads that neither its
     * own program order nor another candidate orders before it.
     */
    private int[] immediateRaces(int thread, VectorClock programOrder, int[] candidates) {
        int[] result = NONE;
        for (int candidate : candidates) {
            Event e = events.get(candidate);
            int t = e.thread().index();
            if (t == thread || programOrder.includes(t, e.threadStep()) || orderedByAnother(candidate, candidates)) {
                continue;
            }
            result = append(result, candidate);
        }
        return result;
    }

    private boolean orderedByAnother(int candidate, int[] candidates) {
        Event e = events.get(candidate);
        for (int other : candidates) {
            if (other != candidate && clocks.get(other).includes(e.thread().index(), e.threadStep())) {
                return true;
            }
        }
        return false;
    }

    /**
     * The earlier acquisition that a thread's pending (not performed) acquisition of {@code lock} would race with,
     * or -1. Used for threads left blocked on a lock when an execution ends: the order in which they would have had
     * the lock must still be tried.
     */
    public int raceOfPendingAcquire(int thread, LockId lock) {
        LockState state = locks.get(lock);
        if (state == null || state.lastAcquire < 0) {
            return -1;
        }
        Event e = events.get(state.lastAcquire);
        int t = e.thread().index();
        return t == thread || currentClock(thread).includes(t, e.threadStep()) ? -1 : state.lastAcquire;
    }

    /** The clock of a thread after its latest event (what its next event will at least know). */
    public VectorClock currentClock(int thread) {
        VectorClock clock = thread < threadClocks.size() ? threadClocks.get(thread) : null;
        if (clock != null) {
            return clock;
        }
        VectorClock start = startClocks.get(thread);
        return start != null ? start : new VectorClock();
    }

    private void setThreadClock(int thread, VectorClock clock) {
        while (threadClocks.size() <= thread) {
            threadClocks.add(null);
        }
        threadClocks.set(thread, clock);
    }

    public int size() {
        return events.size();
    }

    public Event event(int index) {
        return events.get(index);
    }

    public List<Event> events() {
        return List.copyOf(events);
    }

    /** The clock of the event: which events happen before it (it included). */
    public VectorClock clock(int index) {
        return clocks.get(index);
    }

    /** Whether event {@code a} happens before event {@code b} (strictly). */
    public boolean happensBefore(int a, int b) {
        if (a == b) {
            return false;
        }
        Event e = events.get(a);
        return clocks.get(b).includes(e.thread().index(), e.threadStep());
    }

    /** The earlier events in an immediate race with the event. */
    public int[] racesOf(int index) {
        return races.get(index).clone();
    }
}
