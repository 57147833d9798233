package dev.weft.scheduler.runtime.synchronizers;

import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.runtime.Action;
import dev.weft.scheduler.runtime.Execution;
import dev.weft.scheduler.runtime.pools.JdkInternals;
import dev.weft.scheduler.runtime.threads.InterruptLook;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeoutException;

/**
 * {@code CyclicBarrier}, modelled in the runtime: a guarded real call is impossible, since the threads that arrive
 * early would have to be inside the JDK's {@code await} while the last one arrives. The real barrier is never used
 * for waiting; its parties are public and its action is read once ({@link JdkInternals}). Everything is an access to
 * the barrier's state ({@code Location.objectState}).
 *
 * <ul>
 *   <li>await, arriving: {@code RMW}. On a broken barrier it throws {@link BrokenBarrierException}; an interrupted
 *   thread breaks the barrier and throws {@link InterruptedException}. The last party runs the barrier action on its
 *   own thread (its operations are visible) and then trips the barrier ({@code RMW}); an action that throws breaks
 *   the barrier instead and its exception propagates. Without an action, the last arrival trips it at once.</li>
 *   <li>await, waiting: {@code READ}, enabled once its generation tripped or broke, or the thread is interrupted, or
 *   (timed) at any time. Interrupted or timed out, it breaks the barrier ({@code RMW}) unless the generation tripped
 *   meanwhile (then it returns normally and, if interrupted, keeps its interrupt flag, as the JDK does).</li>
 *   <li>While the last party runs the action, the JDK holds the barrier's lock: every other call waits.</li>
 *   <li>getNumberWaiting, isBroken: {@code READ}; reset: {@code RMW}, breaks the waiting generation.</li>
 * </ul>
 */
public final class Barriers {

    /** One use of the barrier; waiters remember theirs. */
    private static final class Generation {
        boolean tripped;
        boolean broken;
    }

    private static final class Barrier {
        final Location state;
        final int parties;
        final Runnable action;
        Generation generation = new Generation();
        int arrived;
        /** The last party, while it runs the barrier action. */
        ManagedThread tripping;

        Barrier(Location state, int parties, Runnable action) {
            this.state = state;
            this.parties = parties;
            this.action = action;
        }

        boolean lockedAgainst(ManagedThread thread) {
            return tripping != null && tripping != thread;
        }

        void trip() {
            generation.tripped = true;
            next();
        }

        void breakGeneration() {
            generation.broken = true;
            arrived = 0;
            tripping = null;
        }

        void next() {
            generation = new Generation();
            arrived = 0;
            tripping = null;
        }
    }

    private final Execution execution;
    private final Map<CyclicBarrier, Barrier> barriers = new IdentityHashMap<>();

    public Barriers(Execution execution) {
        this.execution = execution;
        execution.garbageCollection.holdsObjects(barriers);
    }

    int await(ManagedThread self, CyclicBarrier cyclicBarrier, long nanos, int site)
            throws InterruptedException, BrokenBarrierException, TimeoutException {
        Barrier barrier = barrier(cyclicBarrier, self, site);
        Arrive arrive = new Arrive(self, barrier, site);
        self.pauseAt(arrive);
        self.throwIfTold();
        if (arrive.generation.broken) {
            throw new BrokenBarrierException();
        }
        if (arrive.index == 0) {
            return trip(self, barrier, site);
        }
        Await waiting = new Await(self, barrier, arrive.generation, nanos >= 0, site);
        self.pauseAt(waiting);
        self.throwIfTold();
        if (waiting.timedOut) {
            throw new TimeoutException();
        }
        if (!arrive.generation.tripped) {
            throw new BrokenBarrierException();
        }
        return arrive.index;
    }

    int numberWaiting(ManagedThread self, CyclicBarrier cyclicBarrier, int site) {
        Barrier barrier = barrier(cyclicBarrier, self, site);
        Query query = new Query(self, barrier, Operation.read(barrier.state), site);
        self.pauseAt(query);
        return barrier.arrived;
    }

    boolean isBroken(ManagedThread self, CyclicBarrier cyclicBarrier, int site) {
        Barrier barrier = barrier(cyclicBarrier, self, site);
        self.pauseAt(new Query(self, barrier, Operation.read(barrier.state), site));
        return barrier.generation.broken;
    }

    void reset(ManagedThread self, CyclicBarrier cyclicBarrier, int site) {
        Barrier barrier = barrier(cyclicBarrier, self, site);
        self.pauseAt(new Query(self, barrier, new Operation(OpKind.RMW, barrier.state), site) {
            @Override
            public Action perform() {
                if (barrier.arrived > 0) {
                    barrier.breakGeneration();
                }
                barrier.next();
                return null;
            }
        });
    }

    /** The last party: runs the action, then trips the barrier (or breaks it, if the action threw). */
    private static int trip(ManagedThread self, Barrier barrier, int site) {
        if (barrier.action == null) {
            return 0;
        }
        boolean ran = false;
        try {
            barrier.action.run();
            ran = true;
        } finally {
            boolean tripped = ran;
            self.pauseAt(new Action(new Operation(OpKind.RMW, barrier.state), site) {
                @Override
                public Action perform() {
                    if (tripped) {
                        barrier.trip();
                    } else {
                        barrier.breakGeneration();
                    }
                    return null;
                }
            });
        }
        return 0;
    }

    private Barrier barrier(CyclicBarrier cyclicBarrier, ManagedThread self, int site) {
        Barrier barrier = barriers.get(cyclicBarrier);
        if (barrier == null) {
            Runnable action = (Runnable) JdkInternals.field(cyclicBarrier, CyclicBarrier.class, "barrierCommand",
                    site);
            barrier = new Barrier(Location.objectState(execution.names.nameOf(cyclicBarrier, self)),
                    cyclicBarrier.getParties(), action);
            barriers.put(cyclicBarrier, barrier);
        }
        return barrier;
    }

    /** A call that waits while the last party runs the barrier action (the JDK's lock is held meanwhile). */
    private static class Query extends Action {
        final ManagedThread thread;
        final Barrier barrier;

        Query(ManagedThread thread, Barrier barrier, Operation operation, int site) {
            super(operation, site);
            this.thread = thread;
            this.barrier = barrier;
        }

        @Override
        public boolean enabled() {
            return !barrier.lockedAgainst(thread);
        }

        @Override
        public String whyBlocked() {
            return "waits while " + barrier.tripping + " runs the action of " + barrier.state;
        }

        @Override
        public ManagedThread waitsFor() {
            return barrier.tripping;
        }
    }

    private static final class Arrive extends Query {
        Generation generation;
        /** As the JDK numbers arrivals: parties − 1 for the first, 0 for the last. */
        int index = -1;

        Arrive(ManagedThread thread, Barrier barrier, int site) {
            super(thread, barrier, InterruptLook.of(thread, new Operation(OpKind.RMW, barrier.state), site), site);
        }

        @Override
        public Action perform() {
            generation = barrier.generation;
            if (generation.broken) {
                return null;
            }
            if (thread.interrupted) {
                thread.interrupted = false;
                thread.toThrow = new InterruptedException();
                barrier.breakGeneration();
                return null;
            }
            index = barrier.parties - 1 - barrier.arrived;
            barrier.arrived++;
            if (index == 0) {
                if (barrier.action == null) {
                    barrier.trip();
                } else {
                    barrier.tripping = thread;
                }
            }
            return null;
        }

        @Override
        public String value() {
            return generation != null && generation.broken ? "broken" : Integer.toString(index);
        }
    }

    /** Waiting for the last party: the thread stays paused until its generation trips or breaks. */
    private static final class Await extends Action {
        private final ManagedThread thread;
        private final Barrier barrier;
        private final Generation generation;
        private final boolean timed;
        boolean timedOut;

        Await(ManagedThread thread, Barrier barrier, Generation generation, boolean timed, int site) {
            super(InterruptLook.of(thread, Operation.read(barrier.state), site), site);
            this.thread = thread;
            this.barrier = barrier;
            this.generation = generation;
            this.timed = timed;
        }

        private boolean over() {
            return generation.tripped || generation.broken;
        }

        @Override
        public boolean enabled() {
            return over() || thread.interrupted || timedOut();
        }

        @Override
        public boolean mayTimeOut() {
            return timed;
        }

        @Override
        public Action perform() {
            if (over()) {
                return null;
            }
            return new Query(thread, barrier, operation().as(OpKind.RMW, barrier.state), site()) {
                @Override
                public Action perform() {
                    if (over()) {
                        return null;
                    }
                    barrier.breakGeneration();
                    if (thread.interrupted) {
                        thread.interrupted = false;
                        thread.toThrow = new InterruptedException();
                    } else {
                        timedOut = true;
                    }
                    return null;
                }
            };
        }

        @Override
        public String whyBlocked() {
            return "waits at " + barrier.state + " for " + (barrier.parties - barrier.arrived)
                    + " more of its " + barrier.parties + " parties, and no other thread will arrive";
        }
    }
}
