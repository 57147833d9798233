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
 * releases too (see {@link #accessLock} and docs/design/explorers.md). A shared hold (a read lock) lets other shared
 * acquisitions in while it lasts, so those, and its release, race with more: see {@link #sharedRaces}. A counting
 * lock (a semaphore) is a count, not an owner: see {@link #accessCountingLock}. A location an operation
 * {@linkplain Operation#alsoReads also reads} is read as by a read of its own, in the same event.
 */
public final class HappensBefore {

    private static final int[] NONE = new int[0];

    private final List<Event> events = new ArrayList<>();
    private final List<VectorClock> clocks = new ArrayList<>();
    private final List<int[]> races = new ArrayList<>();
    private final List<VectorClock> threadClocks = new ArrayList<>();
    private final Map<Integer, VectorClock> startClocks = new HashMap<>();
    /** Per array (by name) accessed as a whole ({@link Location#arrayElements}): the state of those accesses. */
    private final Map<String, LocationState> everyElement = new HashMap<>();
    private final Map<Location, LocationState> locations = new HashMap<>();
    /**
     * Per array (by name): the states of its elements among {@link #locations}, so that an access to every element
     * visits those and not every location of the execution (which made long executions that copy or fill arrays
     * quadratic: commons-pool's queue of pooled objects, 281 s for one execution).
     */
    private final Map<String, List<LocationState>> elementsOf = new HashMap<>();
    private final Map<Location, ObjectState> objects = new HashMap<>();
    private final Map<LockId, LockState> locks = new HashMap<>();
    private final Map<LockId, CountState> counts = new HashMap<>();
    /** per event on a counting lock: the latest acquisition of that lock before it, or -1 */
    private final Map<Integer, Integer> acquisitionBefore = new HashMap<>();
    /** per blocking acquisition of a counting lock: the clock of its thread before it (its program-order past) */
    private final Map<Integer, VectorClock> pastOfAcquisition = new HashMap<>();

    /** What is remembered of one location: the last write and each thread's reads since. */
    private static final class LocationState {
        int lastWrite = -1;
        /** thread index to the index of its latest read since {@link #lastWrite}, or -1 */
        int[] readsSinceWrite = NONE;

        void recordRead(int thread, int index) {
            readsSinceWrite = record(readsSinceWrite, thread, index);
        }
    }

    /**
     * What is remembered of an object modelled at its API, whose keys are locations of their own
     * ({@link Location#key}): its whole-object accesses as those of a location, and for each key the accesses since
     * the latest whole-object write (which happens after everything before it, so older key accesses need no entry).
     */
    private static final class ObjectState {
        final LocationState whole = new LocationState();
        final Map<Location, LocationState> keys = new HashMap<>();
    }

    /**
     * What is remembered of one lock: its operations ordered as those on a location, an {@link OpKind#OBSERVE_LOCK}
     * being a read and every other operation a write (so observations are ordered only against the rest), and the
     * latest acquisition.
     */
    private static final class LockState {
        final LocationState order = new LocationState();
        int lastAcquire = -1;
        /** visible shared holds not released yet */
        int sharedHolds;
        /** the shared acquisition that took the lock while no shared hold was left, or -1 */
        int sharedSince = -1;

        /**
         * The acquisition a blocking exclusive one races with: the one that took the lock when it was last free. That
         * is the latest acquisition, unless that was shared: then the first of the shared holds that overlap up to
         * now, since the exclusive one could not have come between them.
         */
        int lastFromFree(List<Event> events) {
            return lastAcquire >= 0 && events.get(lastAcquire).operation().shared() ? sharedSince : lastAcquire;
        }
    }

    /**
     * What is remembered of a counting lock: the latest operation that takes permits (an acquisition, a try that took
     * them), and each thread's latest release and latest observation since. Releases add to the count, so two of them
     * commute; an observation reads it; an acquisition reads and writes it.
     */
    private static final class CountState {
        int lastAcquire = -1;
        /** thread index to its latest release since {@link #lastAcquire}, or -1 */
        int[] releases = NONE;
        /** thread index to its latest observation since {@link #lastAcquire}, or -1 */
        int[] observations = NONE;
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
        // What the step also reads, it reads before it acts on its target (a list's addAll of itself reads, then
        // writes it).
        int[] candidates = op.alsoReads() == null ? NONE : access(op.alsoReads(), false, thread, index, clock);
        if (op.location() != null && (op.location().isWhole() || op.location().isKey())) {
            candidates = union(candidates, accessObject(op.location(), op.writes(), thread, index, clock));
        } else if (op.location() != null) {
            boolean joinAfterTheEnd = op.kind() == OpKind.JOIN && !interruptedBefore(op, thread);
            candidates = union(candidates, op.location().kind() == Location.Kind.ARRAY_ELEMENT
                    ? accessArray(op.location(), op.writes(), thread, index, clock)
                    : accessLocation(op.location(), op.writes(), joinAfterTheEnd, thread, index, clock));
        } else if (op.lockId() != null && op.lockId().counting()) {
            candidates = union(candidates, accessCountingLock(op, thread, index, clock));
            if (op.kind() == OpKind.LOCK) {
                pastOfAcquisition.put(index, programOrder);
            }
        } else if (op.lockId() != null) {
            candidates = union(candidates, accessLock(op, thread, index, clock));
        } else if (op.startedThread() != null) {
            startClocks.put(op.startedThread().index(), clock);
        }
        clocks.add(clock);
        setThreadClock(thread, clock);
        races.add(immediateRaces(thread, programOrder, candidates, index));
    }

    /**
     * Whether another thread wrote the interrupt flag a join {@linkplain Operation#alsoReads also reads} before it: the
     * interrupt let the join out, so it could have run before the end it reads, and the two race. Else a join waits
     * for that end and cannot run before it.
     */
    private boolean interruptedBefore(Operation join, int thread) {
        LocationState flag = join.alsoReads() == null ? null : locations.get(join.alsoReads());
        return flag != null && flag.lastWrite >= 0 && events.get(flag.lastWrite).thread().index() != thread;
    }

    /** The state of a location, made at its first access (and listed among its array's elements if it is one). */
    private LocationState stateOf(Location location) {
        LocationState state = locations.get(location);
        if (state == null) {
            state = new LocationState();
            locations.put(location, state);
            if (location.kind() == Location.Kind.ARRAY_ELEMENT) {
                elementsOf.computeIfAbsent(location.owner(), owner -> new ArrayList<>()).add(state);
            }
        }
        return state;
    }

    /** @param join whether the access is a join's read of a thread's liveness that never races (it waited for it) */
    private int[] accessLocation(Location location, boolean writes, boolean join, int thread, int index,
            VectorClock clock) {
        LocationState state = stateOf(location);
        int[] candidates;
        if (writes) {
            candidates = directPredecessorsOfWrite(state);
            joinAll(clock, candidates);
            state.lastWrite = index;
            Arrays.fill(state.readsSinceWrite, -1);
        } else {
            // A join waits for the end of its thread: it can never run before it, so that order is no race.
            boolean racing = state.lastWrite >= 0 && !join;
            candidates = racing ? new int[] {state.lastWrite} : NONE;
            if (state.lastWrite >= 0) {
                clock.join(clocks.get(state.lastWrite));
            }
            state.recordRead(thread, index);
        }
        return candidates;
    }

    /**
     * An access of an object that has keys, or of one of its keys. A key's accesses are ordered as those of a location
     * among themselves and against the whole object's; two keys' are not ordered. So a whole-object write comes after
     * the latest write and the reads since of the whole and of every key; a whole-object read after the latest write
     * of the whole and of every key; a key's write after the whole's latest write and reads since and the key's own;
     * a key's read after the latest write of the key, or else of the whole. A part of several keys accesses each.
     */
    /** A read or write of a location, of an object with keys, an array or neither. */
    private int[] access(Location location, boolean writes, int thread, int index, VectorClock clock) {
        if (location.isWhole() || location.isKey()) {
            return accessObject(location, writes, thread, index, clock);
        }
        return location.kind() == Location.Kind.ARRAY_ELEMENT
                ? accessArray(location, writes, thread, index, clock)
                : accessLocation(location, writes, false, thread, index, clock);
    }

    /**
     * An access of an array element, or of {@linkplain Location#arrayElements every element} of an array (a bulk copy
     * or fill). An element is a location of its own until the array is first accessed as a whole; then its accesses
     * are also ordered against those of the whole, as a key's are against its object's ({@link #accessObject}).
     */
    private int[] accessArray(Location location, boolean writes, int thread, int index, VectorClock clock) {
        if (location.isEveryElement()) {
            return accessEveryElement(location, writes, thread, index, clock);
        }
        LocationState all = everyElement.isEmpty() ? null : everyElement.get(location.owner());
        if (all == null) {
            return accessLocation(location, writes, false, thread, index, clock);
        }
        LocationState element = stateOf(location);
        int[] candidates;
        if (writes) {
            candidates = union(directPredecessorsOfWrite(element), directPredecessorsOfWrite(all));
            element.lastWrite = index;
            Arrays.fill(element.readsSinceWrite, -1);
        } else {
            int latest = Math.max(element.lastWrite, all.lastWrite);
            candidates = latest >= 0 ? new int[] {latest} : NONE;
            element.recordRead(thread, index);
        }
        joinAll(clock, candidates);
        return candidates;
    }

    /** Every element at once: after the latest write of each (and, to write, the reads since), and of the whole. */
    private int[] accessEveryElement(Location location, boolean writes, int thread, int index, VectorClock clock) {
        LocationState all = everyElement.computeIfAbsent(location.owner(), owner -> new LocationState());
        int[] candidates = writes ? directPredecessorsOfWrite(all) : all.lastWrite >= 0 ? new int[] {all.lastWrite}
                : NONE;
        for (LocationState element : elementsOf.getOrDefault(location.owner(), List.of())) {
            if (writes) {
                candidates = union(candidates, directPredecessorsOfWrite(element));
            } else if (element.lastWrite > all.lastWrite) {
                candidates = union(candidates, new int[] {element.lastWrite});
            }
        }
        if (writes) {
            all.lastWrite = index;
            Arrays.fill(all.readsSinceWrite, -1);
        } else {
            all.recordRead(thread, index);
        }
        joinAll(clock, candidates);
        return candidates;
    }

    private int[] accessObject(Location location, boolean writes, int thread, int index, VectorClock clock) {
        ObjectState object = objects.computeIfAbsent(location.whole(), l -> new ObjectState());
        LocationState whole = object.whole;
        int[] candidates;
        if (location.isWhole() && writes) {
            candidates = directPredecessorsOfWrite(whole);
            for (LocationState key : object.keys.values()) {
                candidates = concat(candidates, directPredecessorsOfWrite(key));
            }
            object.keys.clear();
            whole.lastWrite = index;
            Arrays.fill(whole.readsSinceWrite, -1);
        } else if (location.isWhole()) {
            candidates = whole.lastWrite >= 0 ? new int[] {whole.lastWrite} : NONE;
            for (LocationState key : object.keys.values()) {
                candidates = key.lastWrite >= 0 ? append(candidates, key.lastWrite) : candidates;
            }
            whole.recordRead(thread, index);
        } else {
            candidates = writes ? directPredecessorsOfWrite(whole) : NONE;
            // A part of several keys is an access of each: its candidates are theirs, each event once.
            for (Location part : location.keyParts()) {
                LocationState key = object.keys.computeIfAbsent(part, l -> new LocationState());
                if (writes) {
                    candidates = union(candidates, directPredecessorsOfWrite(key));
                    key.lastWrite = index;
                    Arrays.fill(key.readsSinceWrite, -1);
                } else {
                    int latest = key.lastWrite >= 0 ? key.lastWrite : whole.lastWrite;
                    candidates = latest >= 0 ? union(candidates, new int[] {latest}) : candidates;
                    key.recordRead(thread, index);
                }
            }
        }
        joinAll(clock, candidates);
        return candidates;
    }

    /**
     * Orders the event after each candidate; the event's own read of what it also writes (a list's {@code addAll} of
     * itself) is among a write's candidates and has no clock yet.
     */
    private void joinAll(VectorClock clock, int[] candidates) {
        for (int candidate : candidates) {
            if (candidate < clocks.size()) {
                clock.join(clocks.get(candidate));
            }
        }
    }

    private static int[] directPredecessorsOfWrite(LocationState state) {
        int[] reads = indices(state.readsSinceWrite);
        return state.lastWrite >= 0 ? concat(new int[] {state.lastWrite}, reads) : reads;
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
        int acquisition = !kind.acquires() ? -1
                : op.shared() || kind == OpKind.TRY_LOCK ? state.lastAcquire : state.lastFromFree(events);
        if (acquisition >= 0) {
            candidates = append(candidates, acquisition);
        }
        if (kind == OpKind.TRY_LOCK && latest >= 0 && latest != state.lastAcquire) {
            candidates = append(candidates, latest);
        } else if (sharedRaces(op, thread, latest) && latest != acquisition) {
            candidates = append(candidates, latest);
        }
        if (kind.acquires()) {
            state.lastAcquire = index;
        }
        if (op.shared() && kind.acquires()) {
            state.sharedSince = state.sharedHolds++ == 0 ? index : state.sharedSince;
        } else if (op.shared() && kind == OpKind.UNLOCK) {
            state.sharedHolds = Math.max(0, state.sharedHolds - 1);
        }
        order.lastWrite = index;
        Arrays.fill(order.readsSinceWrite, -1);
        return candidates;
    }

    /**
     * Whether a shared hold's operation also races with the latest operation on the lock before it, when that one was
     * a shared hold's too and another thread's. A shared acquisition could have come before another thread's shared
     * acquisition or before the release of its shared hold (only readers held the lock then), and a release of a
     * shared hold before another thread's shared acquisition or release. Every lock operation happens after the one
     * before it, so each order is a trace of its own; without these races only the order of acquisitions would be
     * reversed, and which overlaps of two read-locked sections were run would be left to the free choice (a lost
     * update under a read lock was missed).
     */
    private boolean sharedRaces(Operation op, int thread, int latest) {
        if (!op.shared() || latest < 0) {
            return false;
        }
        Event before = events.get(latest);
        return before.operation().shared() && before.thread().index() != thread;
    }

    private static int[] observationsSince(LocationState order) {
        return indices(order.readsSinceWrite);
    }

    /**
     * A counting lock's operation: its count's accesses. An observation reads it: it happens after, and races with,
     * the latest acquisition and the releases since. A release adds to it: it races with the latest acquisition and
     * the observations since, not with another release. An acquisition (or a try that took permits) reads and writes
     * it: it races with all of them. Unlike a mutex's, a blocking acquisition races with the release before it: with a
     * permit to spare it could have run first. When it could not, an earlier acquisition it competed with is reversed
     * instead ({@link #acquisitionBefore}, {@code StatelessExplorer}).
     */
    private int[] accessCountingLock(Operation op, int thread, int index, VectorClock clock) {
        CountState state = counts.computeIfAbsent(op.lockId(), l -> new CountState());
        acquisitionBefore.put(index, state.lastAcquire);
        int[] candidates = state.lastAcquire >= 0 ? new int[] {state.lastAcquire} : NONE;
        OpKind kind = op.kind();
        if (kind == OpKind.OBSERVE_LOCK) {
            candidates = concat(candidates, indices(state.releases));
            state.observations = record(state.observations, thread, index);
        } else if (kind == OpKind.UNLOCK) {
            candidates = concat(candidates, indices(state.observations));
            state.releases = record(state.releases, thread, index);
        } else {
            candidates = concat(concat(candidates, indices(state.releases)), indices(state.observations));
            state.lastAcquire = index;
            Arrays.fill(state.releases, -1);
            Arrays.fill(state.observations, -1);
        }
        for (int candidate : candidates) {
            clock.join(clocks.get(candidate));
        }
        return candidates;
    }

    /** Sets a thread's entry of a per-thread table of event indices (-1 for none), growing it as needed. */
    private static int[] record(int[] table, int thread, int index) {
        int[] result = table;
        if (thread >= result.length) {
            result = Arrays.copyOf(result, thread + 1);
            Arrays.fill(result, table.length, result.length, -1);
        }
        result[thread] = index;
        return result;
    }

    /** The event indices of a per-thread table. */
    private static int[] indices(int[] table) {
        int[] result = NONE;
        for (int index : table) {
            if (index >= 0) {
                result = append(result, index);
            }
        }
        return result;
    }

    private static int[] concat(int[] a, int[] b) {
        if (b.length == 0) {
            return a;
        }
        int[] result = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, result, a.length, b.length);
        return result;
    }

    /** {@code a} followed by the elements of {@code b} it does not have. */
    private static int[] union(int[] a, int[] b) {
        if (a.length == 0) {
            return b; // the common case: the candidates of one access, each event once already
        }
        int[] result = a;
        for (int value : b) {
            if (Arrays.stream(result).noneMatch(existing -> existing == value)) {
                result = append(result, value);
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
    private int[] immediateRaces(int thread, VectorClock programOrder, int[] candidates, int index) {
        int[] result = NONE;
        for (int candidate : candidates) {
            if (candidate == index) {
                continue; // the event's own read of what it also writes
            }
            Event e = events.get(candidate);
            int t = e.thread().index();
            if (t == thread || programOrder.includes(t, e.threadStep())
                    || orderedByAnother(candidate, candidates, index)) {
                continue;
            }
            result = append(result, candidate);
        }
        return result;
    }

    private boolean orderedByAnother(int candidate, int[] candidates, int index) {
        Event e = events.get(candidate);
        for (int other : candidates) {
            if (other != candidate && other != index
                    && clocks.get(other).includes(e.thread().index(), e.threadStep())) {
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
        int acquisition = state == null ? -1 : state.lastFromFree(events);
        if (acquisition < 0) {
            return -1;
        }
        Event e = events.get(acquisition);
        int t = e.thread().index();
        return t == thread || currentClock(thread).includes(t, e.threadStep()) ? -1 : acquisition;
    }

    /**
     * The latest acquisition of the event's counting lock before it (the one before that for an acquisition), or -1:
     * the chain along which a blocking acquisition that could not run before the release it races with is moved
     * earlier instead.
     */
    public int acquisitionBefore(int index) {
        return acquisitionBefore.getOrDefault(index, -1);
    }

    /** The latest acquisition of a counting lock, or -1 (for a thread left waiting for it). */
    public int latestAcquisition(LockId lock) {
        CountState state = counts.get(lock);
        return state == null ? -1 : state.lastAcquire;
    }

    /** What the thread of a blocking acquisition of a counting lock knew just before it (its clock then). */
    public VectorClock pastOfAcquisition(int index) {
        VectorClock past = pastOfAcquisition.get(index);
        if (past == null) {
            throw new IllegalArgumentException("event #" + index + " is no blocking acquisition of a counting lock");
        }
        return past;
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

    /**
     * The clock of a live thread just before event {@code index}: after its latest event before it, or its start
     * when it had none yet (what a step it took there would at least know).
     */
    public VectorClock clockBefore(int thread, int index) {
        for (int i = Math.min(index, events.size()) - 1; i >= 0; i--) {
            if (events.get(i).thread().index() == thread) {
                return clocks.get(i);
            }
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
