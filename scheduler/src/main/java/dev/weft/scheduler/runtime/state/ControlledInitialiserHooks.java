package dev.weft.scheduler.runtime.state;

import dev.weft.scheduler.hooks.InitialiserHookHandler;
import dev.weft.scheduler.runtime.ControlledHooks;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import static dev.weft.scheduler.runtime.ControlledHooks.current;

/**
 * The JVM runtime's handler of the static-initialiser hooks ({@link InitialiserHookHandler}): static initialisers
 * (where they begin and end), and the classes whose initialiser can run again. On a thread no execution manages, or
 * where its operations are not visible, each hook does what the uninstrumented code would have done (see {@link
 * ControlledHooks}).
 */
public final class ControlledInitialiserHooks implements InitialiserHookHandler {

    @Override
    public void classInitStart() {
        ManagedThread self = current();
        if (self != null) {
            self.classInitDepth++;
            self.staticInitDepth++;
            self.enteredInitialiser();
        }
    }

    @Override
    public void classInitialising(Class<?> type) {
        ManagedThread self = current();
        if (self != null && self.execution.earlier.initialisers.initialising(type)) {
            self.nextInitialiserRepeatable = true;
            self.execution.watch.initialisedClass(type.getName());
        }
    }

    @Override
    public void classUsed(Class<?> type) {
        ManagedThread self = current();
        if (self != null && !self.execution.initialisersDue.isEmpty()) {
            StaticInitialisers.used(self, type);
        }
    }

    @Override
    public void classInitEnd() {
        ManagedThread self = current();
        if (self != null && self.classInitDepth > 0) {
            self.leavingInitialiser();
            self.classInitDepth--;
            self.staticInitDepth = Math.max(0, self.staticInitDepth - 1);
        }
    }
}
