package dev.weft.scheduler.runtime.threads;

import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.runtime.Action;
import dev.weft.scheduler.runtime.SpuriousWakeUp;

/**
 * {@code LockSupport.park/unpark}: one permit per thread, in the model only.
 *
 * <ul>
 *   <li>park: {@code PARK} on the thread's own permit, enabled while the permit is available or the thread is
 *   interrupted; a timed park may also time out ({@link Action#mayTimeOut()}). Takes the permit if there is one.</li>
 *   <li>unpark: {@code UNPARK} on the target's permit; makes it available (permits do not add up).</li>
 * </ul>
 */
public final class Parking {

    private Parking() {
    }

    public static void park(ManagedThread self, long nanos, int site) {
        self.pauseAt(InterruptCheck.before(self, new Park(self, nanos >= 0, site)));
    }

    public static void unpark(ManagedThread self, ManagedThread target, int site) {
        self.pauseAt(new Unpark(target, site));
    }

    private static final class Park extends Action {
        private final ManagedThread thread;
        private final boolean timed;

        Park(ManagedThread thread, boolean timed, int site) {
            super(new Operation(OpKind.PARK, Location.permit(thread.id)), site);
            this.thread = thread;
            this.timed = timed;
        }

        /** Set by a {@link SpuriousWakeUp}: the park returns without a permit. */
        private boolean wokeSpuriously;

        @Override
        public boolean enabled() {
            return thread.permit || thread.interrupted || timedOut() || wokeSpuriously;
        }

        /** Parked without a permit: it may return by itself, which conflicts with an unpark of it. */
        @Override
        public Operation spuriousWakeUp() {
            return enabled() ? null : new Operation(OpKind.UNPARK, Location.permit(thread.id));
        }

        @Override
        public void wakeSpuriously() {
            wokeSpuriously = true;
        }

        @Override
        public boolean mayTimeOut() {
            return timed;
        }

        @Override
        public Action perform() {
            thread.permit = false;
            return null;
        }

        @Override
        public String whyBlocked() {
            return "is parked with no permit, and no thread will unpark it";
        }
    }

    private static final class Unpark extends Action {
        private final ManagedThread target;

        Unpark(ManagedThread target, int site) {
            super(new Operation(OpKind.UNPARK, Location.permit(target.id)), site);
            this.target = target;
        }

        @Override
        public Action perform() {
            target.permit = true;
            return null;
        }
    }
}
