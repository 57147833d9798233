package dev.weft.scheduler.runtime.memory;

import dev.weft.scheduler.hooks.MemoryHookHandler;
import dev.weft.scheduler.hooks.Sites;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.runtime.ControlledHooks;
import dev.weft.scheduler.runtime.pools.JdkInternals;
import dev.weft.scheduler.runtime.pools.UncontrolledPools;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.util.concurrent.locks.ReentrantReadWriteLock;

import static dev.weft.scheduler.runtime.ControlledHooks.changedByInitialiserCopy;
import static dev.weft.scheduler.runtime.ControlledHooks.current;
import static dev.weft.scheduler.runtime.ControlledHooks.inInitialiserCopy;
import static dev.weft.scheduler.runtime.ControlledHooks.ownProgram;
import static dev.weft.scheduler.runtime.ControlledHooks.visible;
import static dev.weft.scheduler.runtime.ControlledHooks.withStaticCopies;

/**
 * The JVM runtime's handler of the memory hooks ({@link MemoryHookHandler}): field and array accesses, allocations,
 * atomics and var handles (the memory the test's threads share). On a thread no execution manages, or where its
 * operations are not visible, each hook does what the uninstrumented code would have done (see {@link
 * ControlledHooks}).
 */
public final class ControlledMemoryHooks implements MemoryHookHandler {

    @Override
    public void fieldRead(Object owner, int site) {
        ManagedThread self = visible();
        if (self != null) {
            MemoryAccess.field(self, owner, false, site);
        }
    }

    @Override
    public void fieldWrite(Object owner, int site) {
        ManagedThread self = visible();
        if (self != null) {
            MemoryAccess.field(self, owner, true, site);
        } else if (owner != null) {
            ManagedThread hidden = inInitialiserCopy();
            if (hidden != null) {
                Sites.Site where = Sites.get(site);
                hidden.execution.staticCopies.writtenByInitialiser(hidden, owner,
                        "<init>".equals(where.methodName()) ? where.className() : null, site);
            }
        }
    }

    @Override
    public void reflectiveFieldAccess(Field field, Object owner, boolean write, int site) {
        ManagedThread self = visible();
        if (self != null && field != null) {
            MemoryAccess.reflectiveField(self, field, owner, write, site);
        }
    }

    @Override
    public void arrayRead(Object array, int index, int site) {
        ManagedThread self = visible();
        if (self != null) {
            MemoryAccess.arrayElement(self, array, index, false, site);
        }
    }

    @Override
    public void arrayBulk(Object first, boolean firstWritten, Object second, int site) {
        ManagedThread self = visible();
        if (self != null) {
            MemoryAccess.arrayBulk(self, first, firstWritten, second, site);
        } else if (firstWritten) {
            changedByInitialiserCopy(first, site);
        }
    }

    @Override
    public void arrayWrite(Object array, int index, int site) {
        ManagedThread self = visible();
        if (self != null) {
            MemoryAccess.arrayElement(self, array, index, true, site);
        } else {
            changedByInitialiserCopy(array, site);
        }
    }

    @Override
    public void allocated(Object object, int site) {
        ManagedThread self = visible();
        if (self != null) {
            if (object instanceof java.util.Timer timer) {
                UncontrolledPools.timer(timer, site);
            } else if (object instanceof java.util.concurrent.SubmissionPublisher<?> publisher) {
                UncontrolledPools.publisher(publisher, site);
            }
            self.execution.names.allocated(object, self);
            self.execution.journal.forget(object);
            if (object instanceof ReentrantReadWriteLock && self.execution.watch.active()) {
                // its model is kept by the sync its views share, which the JDK made in its constructor
                self.execution.names.madeUnseen(
                        JdkInternals.field(object, ReentrantReadWriteLock.class, "sync", site));
            }
        } else {
            ManagedThread initialising = current();
            if (object instanceof java.util.Timer timer && initialising != null) {
                // made by a static initialiser on a managed thread (a library's timer holder): as uncontrolled
                UncontrolledPools.timerOfAnInitialiser(initialising, timer, inInitialiserCopy() != null, site);
            }
            ManagedThread hidden = ownProgram();
            if (hidden != null) {
                hidden.execution.names.madeUnseen(object); // inside a step that hides its operations
            } else {
                madeByInitialiser(object);
            }
        }
    }

    @Override
    public void constructing(Object self) {
        ManagedThread thread = ownProgram();
        if (thread != null) {
            ConstructedHashes.give(self, thread);
            thread.execution.names.madeUnseen(self); // its constructor's writes may go through its methods
        } else {
            madeByInitialiser(self); // before its constructor's own writes, which may go through its setters
        }
    }

    @Override
    public void atomicAccess(Object atomic, int index, int access, int site) {
        ManagedThread self = visible();
        if (self != null) {
            MemoryAccess.atomic(self, atomic, index, access, site);
        } else if (access != Sites.READ) {
            changedByInitialiserCopy(atomic, site);
        }
    }

    @Override
    public void varHandleAccess(Object varHandle, Object coordinate, int index, int access, int site) {
        ManagedThread self = visible();
        if (self != null) {
            MemoryAccess.varHandle(self, (VarHandle) varHandle, coordinate, index, access, site);
        }
    }

    @Override
    public boolean casResult(boolean success, int site) {
        ManagedThread self = visible();
        if (self != null) {
            self.casOutcome = success ? OpKind.CAS_SUCCESS : OpKind.CAS_FAILURE;
        }
        return success;
    }

    /** An object made where the calling thread's operations are not visible: told if an initialiser made it. */
    private static void madeByInitialiser(Object object) {
        ManagedThread hidden = withStaticCopies();
        if (hidden != null && hidden.inRepeatableInitialiser()) {
            hidden.execution.staticCopies.madeByInitialiser(object);
        }
    }
}
