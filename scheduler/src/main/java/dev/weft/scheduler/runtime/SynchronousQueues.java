package dev.weft.scheduler.runtime;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.SynchronousQueue;

/**
 * {@code SynchronousQueue}, in the model only (the real queue is never used by a managed thread): a rendezvous,
 * where a {@code put} waits inside the call until a taker arrives, which a guarded real call cannot express. Each
 * queue has the putters waiting with their element and the takers waiting for one, oldest first (the fair order;
 * the JDK's default unfair queue may pair them in another order, which the model does not explore).
 *
 * <ul>
 *   <li>put, take, offer(e, t, u), poll(t, u): an <em>arrival</em> ({@code WRITE} of the queue's state) that pairs
 *   with the oldest waiting partner if there is one and returns. Otherwise the thread waits, and its next operation
 *   is the <em>completion</em> ({@code READ} of the queue's state), enabled once a partner paired with it, the
 *   thread is interrupted ({@link InterruptedException}), or the call is timed (it may time out: {@code false} /
 *   {@code null}). An interrupted thread throws at its arrival.</li>
 *   <li>offer(e), poll(), add(e), remove(), drainTo: one {@code WRITE}; succeed only with a waiting partner
 *   ({@code add} then throws {@link IllegalStateException}, {@code remove} {@link java.util.NoSuchElementException}).</li>
 *   <li>Queries ({@code size}, {@code peek}, {@code isEmpty}, ...) are {@code READ}s of the real queue, which is always
 *   empty, as the JDK's is.</li>
 * </ul>
 */
final class SynchronousQueues {

    /** What one call does and how it ended. */
    static final class Party {
        final ManagedThread thread;
        final boolean putter;
        final boolean timed;
        /**
         * What the party's wait touches when it is an idle pool worker's, interchangeable with the others
         * ({@link PoolModel#waitingForTask}): a key of the queue of its own. {@code null}: the whole queue.
         */
        Location ownKey;
        Object element;
        boolean paired;

        Party(ManagedThread thread, boolean putter, Object element, boolean timed) {
            this.thread = thread;
            this.putter = putter;
            this.element = element;
            this.timed = timed;
        }

        Location touched(Location whole) {
            return ownKey == null ? whole : ownKey;
        }
    }

    private static final class Rendezvous {
        final Execution execution;
        final Location location;
        final Deque<Party> putters = new ArrayDeque<>();
        final Deque<Party> takers = new ArrayDeque<>();

        Rendezvous(Execution execution, Location location) {
            this.execution = execution;
            this.location = location;
        }

        Deque<Party> waiting(boolean forPutter) {
            return forPutter ? takers : putters;
        }

        /** Pairs {@code party} with the oldest partner waiting for it; whether there was one. */
        boolean pair(Party party) {
            Party partner = waiting(party.putter).pollFirst();
            if (partner == null) {
                return false;
            }
            if (party.putter) {
                partner.element = party.element;
            } else {
                party.element = partner.element;
            }
            partner.paired = true;
            party.paired = true;
            if (partner.ownKey != null) {
                // which of the idle workers got the task was not explored: see PoolModel.waitingForTask
                execution.tookAsInterchangeableWorker = true;
            }
            return true;
        }
    }

    private final Execution execution;
    private final Map<SynchronousQueue<?>, Rendezvous> queues = new IdentityHashMap<>();

    SynchronousQueues(Execution execution) {
        this.execution = execution;
    }

    /**
     * put, take and their timed forms: arrives, waits for a partner if none is waiting.
     *
     * @return the party, {@code paired} unless it timed out
     */
    Party transfer(ManagedThread self, SynchronousQueue<?> queue, boolean put, Object element, boolean timed,
                   int site) throws InterruptedException {
        Party party = new Party(self, put, element, timed);
        Rendezvous rendezvous = rendezvous(queue, self);
        party.ownKey = put ? null : PoolModel.waitingForTask(self, queue, rendezvous.location);
        self.pauseAt(new Arrive(rendezvous, party, site));
        self.throwIfTold();
        return party;
    }

    /** offer(e) and poll(): pairs only with a partner already waiting. */
    Party tryTransfer(ManagedThread self, SynchronousQueue<?> queue, boolean put, Object element, int site) {
        Party party = new Party(self, put, element, false);
        self.pauseAt(new TryPair(rendezvous(queue, self), party, site));
        return party;
    }

    /** drainTo: takes the elements of up to {@code max} waiting putters. */
    List<Object> drain(ManagedThread self, SynchronousQueue<?> queue, int max, int site) {
        List<Object> drained = new ArrayList<>();
        Rendezvous rendezvous = rendezvous(queue, self);
        self.pauseAt(new Action(new Operation(OpKind.WRITE, rendezvous.location), site) {
            @Override
            Action perform() {
                while (drained.size() < max) {
                    Party taker = new Party(self, false, null, false);
                    if (!rendezvous.pair(taker)) {
                        break;
                    }
                    drained.add(taker.element);
                }
                return null;
            }
        });
        return drained;
    }

    private Rendezvous rendezvous(SynchronousQueue<?> queue, ManagedThread self) {
        return queues.computeIfAbsent(queue, q -> new Rendezvous(execution,
                Location.objectState(execution.names.nameOf(q, self))));
    }

    private static final class Arrive extends Action {
        private final Rendezvous rendezvous;
        private final Party party;

        Arrive(Rendezvous rendezvous, Party party, int site) {
            super(InterruptLook.of(party.thread, new Operation(OpKind.WRITE, rendezvous.location), site), site);
            this.rendezvous = rendezvous;
            this.party = party;
        }

        @Override
        Action perform() {
            ManagedThread thread = party.thread;
            if (thread.interrupted) {
                thread.interrupted = false;
                thread.toThrow = new InterruptedException();
                return null;
            }
            if (rendezvous.pair(party)) {
                return null;
            }
            rendezvous.waiting(!party.putter).addLast(party);
            return new Complete(rendezvous, party, site());
        }

        /** An arrival that found no partner only joined the waiters: an idle worker's touches its own key. */
        @Override
        Operation performed() {
            return party.paired || party.ownKey == null ? operation() : operation().as(OpKind.WRITE, party.ownKey);
        }
    }

    /** The end of a wait for a partner: paired, interrupted or timed out. */
    private static final class Complete extends Action {
        private final Rendezvous rendezvous;
        private final Party party;

        Complete(Rendezvous rendezvous, Party party, int site) {
            super(InterruptLook.of(party.thread, Operation.read(party.touched(rendezvous.location)), site), site);
            this.rendezvous = rendezvous;
            this.party = party;
        }

        @Override
        boolean enabled() {
            return party.paired || timedOut() || party.thread.interrupted;
        }

        @Override
        boolean mayTimeOut() {
            return party.timed && !party.paired;
        }

        @Override
        Action perform() {
            if (party.paired) {
                return null;
            }
            rendezvous.waiting(!party.putter).remove(party);
            ManagedThread thread = party.thread;
            if (thread.interrupted) {
                thread.interrupted = false;
                thread.toThrow = new InterruptedException();
            }
            return null;
        }

        @Override
        boolean repeatable() {
            return false;
        }

        @Override
        String whyBlocked() {
            return party.putter
                    ? "waits in " + rendezvous.location.owner() + ".put for a taker, and no thread will take"
                    : "waits in " + rendezvous.location.owner() + ".take for a putter, and no thread will put";
        }
    }

    /** offer(e) / poll(): a {@code WRITE} that changed nothing when no partner was waiting. */
    private static final class TryPair extends Action {
        private final Rendezvous rendezvous;
        private final Party party;

        TryPair(Rendezvous rendezvous, Party party, int site) {
            super(new Operation(OpKind.WRITE, rendezvous.location), site);
            this.rendezvous = rendezvous;
            this.party = party;
        }

        @Override
        Action perform() {
            rendezvous.pair(party);
            return null;
        }

        @Override
        String value() {
            return Boolean.toString(party.paired);
        }

        @Override
        boolean repeatable() {
            return true;
        }

        @Override
        boolean changedNothing(Event event) {
            return !party.paired;
        }
    }
}
