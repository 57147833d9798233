package dev.weft.scheduler.runtime;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.runtime.pools.JdkInternalSync;
import dev.weft.scheduler.runtime.threads.ManagedThread;

/**
 * A visible call that never blocks, on an object modelled at its API: the thread pauses here, and once let move makes
 * the real call itself. An <em>observer</em> (a query such as {@code availablePermits}) changes nothing and may be
 * repeated by a spin loop; it is reported as such even when its operation is a lock operation.
 */
public final class Step extends Action {

    private final boolean observer;
    private final boolean userLevel;

    private Step(Operation operation, boolean observer, boolean userLevel, int site) {
        super(operation, site);
        this.observer = observer;
        this.userLevel = userLevel;
    }

    public static void change(ManagedThread self, Operation operation, int site) {
        self.pauseAt(new Step(operation, false, false, site));
    }

    /**
     * A call that could change the object but no longer can (a {@code countDown} of a latch already at zero): the
     * explorer sees its operation as it is, and the spin rule sees a query, so a loop that repeats it while waiting for
     * another thread waits fairly.
     */
    public static void spentChange(ManagedThread self, Operation operation, int site) {
        self.pauseAt(new Step(operation, true, false, site));
    }

    /** A change that a model announces from inside the JDK's code: never made silent ({@link JdkInternalSync}). */
    public static void userLevelChange(ManagedThread self, Operation operation, int site) {
        self.pauseAt(new Step(operation, false, true, site));
    }

    public static void observe(ManagedThread self, Operation operation, int site) {
        self.pauseAt(new Step(operation, true, false, site));
    }

    @Override
    public boolean userLevel() {
        return userLevel;
    }

    @Override
    public boolean repeatable() {
        return observer;
    }

    @Override
    public boolean changedNothing(Event event) {
        return observer;
    }
}
