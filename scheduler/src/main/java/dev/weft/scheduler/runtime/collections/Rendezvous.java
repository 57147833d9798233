package dev.weft.scheduler.runtime.collections;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.runtime.Action;
import dev.weft.scheduler.runtime.Execution;
import dev.weft.scheduler.runtime.pools.PoolModel;
import dev.weft.scheduler.runtime.threads.InterruptLook;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Exchanger;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.TimeoutException;

/**
 * The JDK's rendezvous, in the model only (the real object is never used by a managed thread): a
 * {@code SynchronousQueue}'s {@code put} and {@code take}, and an {@code Exchanger}'s {@code exchange}, each wait
 * inside the call until a partner arrives, which a guarded real call cannot express. Each place has its parties
 * waiting, oldest first (the fair order; the JDK's default unfair queue, and an exchanger under contention, may pair
 * them in another order, which the model does not explore).
 *
 * <ul>
 *   <li>put, take, offer(e, t, u), poll(t, u), exchange(x), exchange(x, t, u): an <em>arrival</em> ({@code WRITE} of
 *   the place's state) that pairs with the oldest waiting partner if there is one and returns. Otherwise the thread
 *   waits, and its next operation is the <em>completion</em> ({@code READ} of the place's state), enabled once a
 *   partner paired with it, the thread is interrupted ({@link InterruptedException}), or the call is timed (it may
 *   time out: {@code false} / {@code null} / a {@code TimeoutException}). An interrupted thread throws at its
 *   arrival. A putter's partner is a taker; an exchanger's is another exchanging thread, and the two swap their
 *   elements.</li>
 *   <li>offer(e), poll(), add(e), remove(), drainTo, and an exchange whose timeout is not positive: one
 *   {@code WRITE}; succeed only with a waiting partner ({@code add} then throws {@link IllegalStateException},
 *   {@code remove} {@link java.util.NoSuchElementException}, the exchange a {@code TimeoutException}).</li>
 *   <li>A queue's queries ({@code size}, {@code peek}, {@code isEmpty}, ...) are {@code READ}s of the real queue,
 *   which is always empty, as the JDK's is.</li>
 * </ul>
 */
public final class Rendezvous {

    /** What a party brings to the place; its partner is of {@link #partnerRole()}. */
    enum Role {
        PUT, TAKE, EXCHANGE;

        Role partnerRole() {
            return switch (this) {
                case PUT -> TAKE;
                case TAKE -> PUT;
                case EXCHANGE -> EXCHANGE;
            };
        }
    }

    /** What one call does and how it ended. */
    static final class Party {
        final ManagedThread thread;
        final Role role;
        final boolean timed;
        /**
         * What the party's wait touches when it is an idle pool worker's, interchangeable with the others
         * ({@link PoolModel#waitingForTask}): a key of the queue of its own. {@code null}: the whole queue.
         */
        Location ownKey;
        Object element;
        boolean paired;

        Party(ManagedThread thread, Role role, Object element, boolean timed) {
            this.thread = thread;
            this.role = role;
            this.element = element;
            this.timed = timed;
        }

        Location touched(Location whole) {
            return ownKey == null ? whole : ownKey;
        }

        /** Hands over what each of the two brought: a putter's element to its taker, or both ways. */
        void meet(Party partner) {
            Object mine = element;
            if (role != Role.PUT) {
                element = partner.element;
            }
            if (role != Role.TAKE) {
                partner.element = mine;
            }
            partner.paired = true;
            paired = true;
        }
    }

    private static final class Place {
        final Execution execution;
        final Location location;
        final Map<Role, Deque<Party>> waiting = new EnumMap<>(Role.class);

        Place(Execution execution, Location location) {
            this.execution = execution;
            this.location = location;
            for (Role role : Role.values()) {
                waiting.put(role, new ArrayDeque<>());
            }
        }

        /** What a party that joins or leaves the waiters changes, and one that finds none waiting reads. */
        Location waiters() {
            return Location.key(location, "waiters");
        }

        /** What a paired party's completion reads: the pairing arrival, which wrote the whole place, wrote it. */
        Location partnerOf(Party party) {
            return Location.key(location, "partner of " + party.thread.id.name());
        }

        /** Pairs {@code party} with the oldest partner waiting for it; whether there was one. */
        boolean pair(Party party) {
            Party partner = waiting.get(party.role.partnerRole()).pollFirst();
            if (partner == null) {
                return false;
            }
            party.meet(partner);
            if (partner.ownKey != null) {
                // which of the idle workers got the task was not explored: see PoolModel.waitingForTask
                execution.tookAsInterchangeableWorker = true;
            }
            return true;
        }
    }

    private final Execution execution;
    private final Map<Object, Place> places = new IdentityHashMap<>();

    public Rendezvous(Execution execution) {
        this.execution = execution;
        execution.garbageCollection.holdsObjects(places);
    }

    /**
     * put, take and their timed forms: arrives, waits for a partner if none is waiting.
     *
     * @return the party, {@code paired} unless it timed out
     */
    Party transfer(ManagedThread self, SynchronousQueue<?> queue, boolean put, Object element, boolean timed,
                   int site) throws InterruptedException {
        Party party = new Party(self, put ? Role.PUT : Role.TAKE, element, timed);
        Place place = place(queue, self);
        party.ownKey = put ? null : PoolModel.waitingForTask(self, queue, place.location);
        return arrive(self, place, party, true, site);
    }

    /**
     * {@code Exchanger.exchange(x)}, and its timed form when {@code nanos >= 0}: the partner's element.
     *
     * @throws TimeoutException when the timed form timed out, or found no partner waiting with no time to wait
     */
    public Object exchange(ManagedThread self, Exchanger<?> exchanger, Object element, long nanos, int site)
            throws InterruptedException, TimeoutException {
        Party party = new Party(self, Role.EXCHANGE, element, nanos >= 0);
        arrive(self, place(exchanger, self), party, nanos != 0, site);
        if (!party.paired) {
            throw new TimeoutException();
        }
        return party.element;
    }

    private static Party arrive(ManagedThread self, Place place, Party party, boolean mayWait, int site)
            throws InterruptedException {
        self.pauseAt(new Arrive(place, party, mayWait, site));
        self.throwIfTold();
        return party;
    }

    /** offer(e) and poll(): pairs only with a partner already waiting. */
    Party tryTransfer(ManagedThread self, SynchronousQueue<?> queue, boolean put, Object element, int site) {
        Party party = new Party(self, put ? Role.PUT : Role.TAKE, element, false);
        self.pauseAt(new TryPair(place(queue, self), party, site));
        return party;
    }

    /** drainTo: takes the elements of up to {@code max} waiting putters. */
    List<Object> drain(ManagedThread self, SynchronousQueue<?> queue, int max, int site) {
        List<Object> drained = new ArrayList<>();
        Place place = place(queue, self);
        self.pauseAt(new Action(new Operation(OpKind.WRITE, place.location), site) {
            @Override
            public Action perform() {
                while (drained.size() < max) {
                    Party taker = new Party(self, Role.TAKE, null, false);
                    if (!place.pair(taker)) {
                        break;
                    }
                    drained.add(taker.element);
                }
                return null;
            }
        });
        return drained;
    }

    private Place place(Object queueOrExchanger, ManagedThread self) {
        return places.computeIfAbsent(queueOrExchanger, q -> new Place(execution,
                Location.objectState(execution.names.nameOf(q, self))));
    }

    /** Pairs with a waiting partner, or else waits for one ({@code mayWait}) or leaves unpaired (no time to wait). */
    private static final class Arrive extends Action {
        private final Place place;
        private final Party party;
        private final boolean mayWait;
        private boolean joined;

        Arrive(Place place, Party party, boolean mayWait, int site) {
            super(InterruptLook.of(party.thread, new Operation(OpKind.WRITE, place.location), site), site);
            this.place = place;
            this.party = party;
            this.mayWait = mayWait;
        }

        @Override
        public Action perform() {
            ManagedThread thread = party.thread;
            if (thread.interrupted) {
                thread.interrupted = false;
                thread.toThrow = new InterruptedException();
                return null;
            }
            if (place.pair(party) || !mayWait) {
                return null;
            }
            place.waiting.get(party.role).addLast(party);
            joined = true;
            return new Complete(place, party, site());
        }

        /**
         * An arrival that paired changed the whole place (the waiters and its partner). One that found no partner
         * only joined the waiters (an idle worker's touches its own key), or, with no time to wait, only read them:
         * so a later party's arrival is not ordered against an earlier pair's completion, which it cannot change.
         */
        @Override
        public Operation performed() {
            if (party.paired || party.thread.toThrow != null) {
                return operation();
            }
            if (!joined) {
                return operation().as(OpKind.READ, place.waiters());
            }
            return operation().as(OpKind.WRITE, party.touched(place.waiters()));
        }
    }

    /** The end of a wait for a partner: paired, interrupted or timed out. */
    private static final class Complete extends Action {
        private final Place place;
        private final Party party;

        Complete(Place place, Party party, int site) {
            super(InterruptLook.of(party.thread, Operation.read(party.touched(place.location)), site), site);
            this.place = place;
            this.party = party;
        }

        @Override
        public boolean enabled() {
            return party.paired || timedOut() || party.thread.interrupted;
        }

        @Override
        public boolean mayTimeOut() {
            return party.timed && !party.paired;
        }

        /**
         * Paired: it reads what its partner's arrival wrote (an idle worker its own key). Timed out or interrupted: it
         * left the waiters, a change of them.
         */
        @Override
        public Operation performed() {
            return party.paired ? operation().as(OpKind.READ, party.touched(place.partnerOf(party)))
                    : operation().as(OpKind.WRITE, party.touched(place.waiters()));
        }

        @Override
        public Action perform() {
            if (party.paired) {
                return null;
            }
            place.waiting.get(party.role).remove(party);
            ManagedThread thread = party.thread;
            if (thread.interrupted) {
                thread.interrupted = false;
                thread.toThrow = new InterruptedException();
            }
            return null;
        }

        @Override
        public boolean repeatable() {
            return false;
        }

        @Override
        public String whyBlocked() {
            String owner = place.location.owner();
            return switch (party.role) {
                case PUT -> "waits in " + owner + ".put for a taker, and no thread will take";
                case TAKE -> "waits in " + owner + ".take for a putter, and no thread will put";
                case EXCHANGE -> "waits in " + owner + ".exchange for a partner, and no thread will exchange";
            };
        }
    }

    /** offer(e) / poll(): a {@code WRITE} that changed nothing when no partner was waiting. */
    private static final class TryPair extends Action {
        private final Place place;
        private final Party party;

        TryPair(Place place, Party party, int site) {
            super(new Operation(OpKind.WRITE, place.location), site);
            this.place = place;
            this.party = party;
        }

        @Override
        public Action perform() {
            place.pair(party);
            return null;
        }

        @Override
        public String value() {
            return Boolean.toString(party.paired);
        }

        @Override
        public boolean repeatable() {
            return true;
        }

        @Override
        public boolean changedNothing(Event event) {
            return !party.paired;
        }
    }
}
