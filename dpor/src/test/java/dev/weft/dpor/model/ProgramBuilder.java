package dev.weft.dpor.model;

import dev.weft.scheduler.model.Location;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Writes a {@link ModelProgram} readably:
 *
 * <pre>{@code
 * ProgramBuilder p = ProgramBuilder.program("inc(2)");
 * CellRef x = p.shared("x");
 * for (int i = 0; i < 2; i++) {
 *     p.thread("T" + (i + 1), t -> { Reg r = t.reg("r"); t.read(r, x); t.write(x, r.plus(1)); });
 * }
 * ModelProgram inc2 = p.build();
 * }</pre>
 *
 * Unless {@link #main} says otherwise, the main thread starts the workers in declaration order and then joins them
 * in the same order, as {@code ORACLES.md} assumes.
 */
public final class ProgramBuilder {

    /** The main thread, for the workers' code that interrupts it. */
    public static final ThreadHandle MAIN = new ThreadHandle(0, "main");

    private final String name;
    private final List<String> cellNames = new ArrayList<>();
    private final List<Location> cellLocations = new ArrayList<>();
    private final List<String> lockNames = new ArrayList<>();
    /** per lock: the semaphore's initial permits, or -1 for a lock */
    private final List<Integer> lockPermits = new ArrayList<>();
    private final List<ThreadCode> workers = new ArrayList<>();
    private ThreadCode main;
    private boolean spuriousWakeUps;

    private ProgramBuilder(String name) {
        this.name = name;
    }

    public static ProgramBuilder program(String name) {
        return new ProgramBuilder(name);
    }

    /** A plain shared variable (a field). */
    public CellRef shared(String variable) {
        return scalar(variable, Location.staticField("Shared", variable));
    }

    /** An atomic variable ({@code AtomicInteger}); only its kind of location differs from {@link #shared}. */
    public CellRef atomic(String variable) {
        return scalar(variable, Location.atomic(variable));
    }

    /**
     * An object that is not thread-safe ({@code HashMap}), as the runtime models it: each call one atomic access of
     * its {@link Location.Kind#UNSAFE_OBJECT} location, a read for a query, a write for a change. Its value stands
     * for whatever state the program cares about (a size, say).
     */
    public CellRef unsafeObject(String object) {
        return scalar(object, Location.unsafeObject(object));
    }

    public SharedArray array(String array, int length) {
        int base = cellNames.size();
        for (int i = 0; i < length; i++) {
            cellNames.add(array + "[" + i + "]");
            cellLocations.add(Location.arrayElement(array, i));
        }
        return new SharedArray(base, length, array);
    }

    /**
     * A thread-safe map from the keys 0..keys-1, as the runtime models a {@code ConcurrentHashMap}: each key a
     * location of its own within the whole object's {@link Location.Kind#OBJECT_STATE} location, so calls on two keys
     * commute and either conflicts with a call on the whole map ({@link ThreadBuilder#size},
     * {@link ThreadBuilder#clear}). The instructions on cells act on one key through {@link KeyedObject#key}: a read
     * is a get, a write a put, a CAS a putIfAbsent or replace, a getAndIncrement a merge.
     */
    public KeyedObject map(String map, int keys) {
        if (keys < 1) {
            throw new IllegalArgumentException("a map needs at least one key");
        }
        int base = cellNames.size();
        Location whole = Location.objectState(map);
        for (int k = 0; k < keys; k++) {
            cellNames.add(map + "[" + k + "]");
            cellLocations.add(Location.key(whole, Integer.toString(k)));
        }
        return new KeyedObject(base, keys, map);
    }

    public LockRef lock(String lock) {
        return addLock(lock, -1);
    }

    /**
     * A counting semaphore, as the runtime models {@code Semaphore}: {@link ThreadBuilder#lock} acquires a permit (a
     * {@code LOCK}, waiting while there is none), {@link ThreadBuilder#unlock} releases one (any thread may), and
     * {@link ThreadBuilder#tryLock} ({@code TRY_LOCK}, or {@code OBSERVE_LOCK} when it failed) and
     * {@link ThreadBuilder#available} ({@code OBSERVE_LOCK}) never wait.
     */
    public LockRef semaphore(String semaphore, int permits) {
        if (permits < 0) {
            throw new IllegalArgumentException("negative permits");
        }
        return addLock(semaphore, permits);
    }

    private LockRef addLock(String lock, int permits) {
        lockNames.add(lock);
        lockPermits.add(permits);
        return new LockRef(lockNames.size() - 1, 1, null, lock);
    }

    public LockArray locks(String array, int length) {
        int base = lockNames.size();
        for (int i = 0; i < length; i++) {
            lockNames.add(array + "[" + i + "]");
            lockPermits.add(-1);
        }
        return new LockArray(base, length, array);
    }

    /** Declares a worker thread; the main thread starts workers in declaration order (code 1, 2, ...). */
    public ThreadHandle thread(String label, Consumer<ThreadBuilder> body) {
        ThreadBuilder builder = new ThreadBuilder();
        body.accept(builder);
        workers.add(builder.finish(label));
        return new ThreadHandle(workers.size(), label);
    }

    /**
     * Declares a daemon worker thread: the default main thread starts it but does not join it, and the execution ends
     * without it once every other thread has ended ({@code Run#abandoned}).
     */
    public ThreadHandle daemonThread(String label, Consumer<ThreadBuilder> body) {
        ThreadHandle handle = thread(label, body);
        workers.set(handle.code() - 1, workers.get(handle.code() - 1).asDaemon());
        return handle;
    }

    /**
     * Lets a {@link ThreadBuilder#waitOn wait} wake without a notify, as the runtime does by default
     * ({@code weft.spuriousWakeups}): an offer that lapses ({@link dev.weft.scheduler.model.Operation#lapses()}).
     */
    public ProgramBuilder spuriousWakeUps() {
        spuriousWakeUps = true;
        return this;
    }

    /** Replaces the default main thread (start every worker, then join every worker) by this code. */
    public ProgramBuilder main(Consumer<ThreadBuilder> body) {
        ThreadBuilder builder = new ThreadBuilder();
        body.accept(builder);
        main = builder.finish("main");
        return this;
    }

    public ModelProgram build() {
        List<ThreadCode> threads = new ArrayList<>();
        threads.add(main != null ? main : defaultMain());
        threads.addAll(workers);
        return new ModelProgram(name, cellNames, cellLocations, lockNames, lockPermits, threads, spuriousWakeUps);
    }

    private ThreadCode defaultMain() {
        ThreadBuilder builder = new ThreadBuilder();
        for (int code = 1; code <= workers.size(); code++) {
            builder.start(new ThreadHandle(code, workers.get(code - 1).label()));
        }
        for (int code = 1; code <= workers.size(); code++) {
            if (!workers.get(code - 1).daemon()) {
                builder.join(new ThreadHandle(code, workers.get(code - 1).label()));
            }
        }
        return builder.finish("main");
    }

    private CellRef scalar(String variable, Location location) {
        cellNames.add(variable);
        cellLocations.add(location);
        return new CellRef(cellNames.size() - 1, 1, null, variable);
    }
}
