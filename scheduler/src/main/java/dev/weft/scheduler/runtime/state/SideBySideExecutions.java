package dev.weft.scheduler.runtime.state;

import dev.weft.scheduler.model.SourcePosition;
import dev.weft.scheduler.runtime.Detail;
import dev.weft.scheduler.runtime.ObjectNames;
import dev.weft.scheduler.runtime.WeakIdentityMap;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * The executions of several parallel workers, which run side by side in one JVM: tells when two workers' executions
 * touched the same state that neither created (a static field, an object made before the exploration), one of them
 * writing it. Such a test keeps state across executions; its executions would see each other's writes, so it is
 * explored again with one worker.
 *
 * <p>Each worker's executions report through {@link #watch(int)}. State one worker alone touches is its own, as it
 * is in a sequential exploration; state several workers only read is shared harmlessly. Objects are held weakly,
 * by identity: an object an execution's uninstrumented library code made is reported too, and is forgotten once it
 * is garbage.
 */
public final class SideBySideExecutions {

    /** At most this many workers: each is a bit of {@link Users#readers}. */
    public static final int MAX_WORKERS = 64;

    private final Map<String, Users> statics = new ConcurrentHashMap<>();
    private final WeakIdentityMap<Object, Users> objects = new WeakIdentityMap<>();
    private final AtomicReference<String> sharing = new AtomicReference<>();
    private final AtomicReference<String> changed = new AtomicReference<>();
    private volatile boolean othersJoined;

    /** The watch of the worker with this index (from 0). */
    public SharedStateWatch watch(int worker) {
        if (worker < 0 || worker >= MAX_WORKERS) {
            throw new IllegalArgumentException("a worker's index is 0 to " + (MAX_WORKERS - 1) + ", not " + worker);
        }
        return new Watch(worker);
    }

    /**
     * The workers besides the first start: from now on executions run side by side. Until then the first execution
     * runs alone, and the classes it initialises are initialised once for all ({@link StaticCopies}).
     */
    public void othersJoin() {
        othersJoined = true;
    }

    /** What two workers' executions shared first, or {@code null} while they shared nothing. */
    public String sharing() {
        return sharing.get();
    }

    /**
     * What an execution first changed of the state it did not create, or {@code null} while none did: asked after the
     * first execution, which runs alone, it tells a test whose executions change such state before a second worker
     * can see it (and before the second worker's executions change what the first one reads).
     */
    public String changed() {
        return changed.get();
    }

    /** @param what says what was shared and where; asked only when it was */
    private void touched(Users users, int worker, boolean write, Supplier<String> what) {
        if (users.conflicts(worker, write) && sharing.get() == null) {
            sharing.compareAndSet(null, what.get());
        }
        if (write && changed.get() == null) {
            changed.compareAndSet(null, what.get());
        }
    }

    private static String describe(Object object, boolean write, String where) {
        return "an object of " + ObjectNames.shownClass(object.getClass()).getName()
                + " that the execution did not create (" + (write ? "changed" : "read") + " at " + where + ")";
    }

    private Users usersOf(Object object) {
        return objects.computeIfAbsent(object, any -> new Users());
    }

    private final class Watch implements SharedStateWatch {
        private final int worker;

        Watch(int worker) {
            this.worker = worker;
        }

        @Override
        public boolean active() {
            return true;
        }

        @Override
        public void touchedStatic(String field, boolean write, SourcePosition where) {
            touched(statics.computeIfAbsent(field, any -> new Users()), worker, write,
                    () -> "the static field " + field + " (" + (write ? "written" : "read") + " at " + where + ")");
        }

        @Override
        public void initialisedClass(String className) {
            if (!othersJoined) {
                return; // the first execution, alone: every later one runs the initialiser again on its own copies
            }
            cannotBeKeptApart("the static state of " + className + ", whose initialiser runs in each execution");
        }

        @Override
        public void cannotKeepApart(String what, SourcePosition where) {
            cannotBeKeptApart(what + " (changed at " + where + ")");
        }

        /** State every execution would see: whichever execution changes it, one worker explores the test. */
        private void cannotBeKeptApart(String what) {
            sharing.compareAndSet(null, what);
            changed.compareAndSet(null, what);
        }

        @Override
        public void touchedObject(Object object, boolean write) {
            touched(usersOf(object), worker, write, () -> describe(object, write,
                    Detail.stack().stream().findFirst().map(String::valueOf).orElse("an unknown place")));
        }

        @Override
        public void touchedObject(Object object, boolean write, SourcePosition where) {
            touched(usersOf(object), worker, write, () -> describe(object, write, where.toString()));
        }

    }

    /** Which workers read and which one wrote a piece of state. */
    private static final class Users {
        private int writer = -1;
        private long readers;

        /** Records the access; whether it shares the state with another worker's. */
        synchronized boolean conflicts(int worker, boolean write) {
            boolean conflict = writer >= 0 && writer != worker
                    || write && (readers & ~(1L << worker)) != 0;
            if (write) {
                writer = writer < 0 ? worker : writer;
            } else {
                readers |= 1L << worker;
            }
            return conflict;
        }
    }
}
