package dev.weft.scheduler.runtime.collections;

import dev.weft.scheduler.hooks.CollectionCalls;
import dev.weft.scheduler.hooks.Sites;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.runtime.Execution;
import dev.weft.scheduler.runtime.UnmodelledPrimitiveException;
import dev.weft.scheduler.runtime.pools.PoolModel;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * JDK collections (one execution's view of them): every call from instrumented code on a modelled collection, or on
 * a view or iterator of one, is one atomic step on the collection's location, then the real call runs with every
 * nested visible operation suppressed (the user's {@code hashCode}, {@code equals} and {@code compareTo}, the function
 * of {@code compute}): the call is the step, like a static initialiser is part of the step that triggers it. The
 * callbacks of traversals ({@code forEach}, {@code removeIf}) are the exception where the JDK holds no lock while
 * calling them ({@link #callsBackOpenly}).
 *
 * <ul>
 *   <li>Location: {@code Location.objectState(name)} for thread-safe collections, {@code Location.unsafeObject(name)}
 *   for the others; a view or iterator is an access to the collection it came from. Maps and sets are modelled key by
 *   key ({@link CollectionClasses#keying}): a call on one key ({@code get}, {@code put}, {@code compute},
 *   {@code contains}, {@code remove(k)}) touches that key's location ({@link MapKeys}), every other call the whole
 *   collection, which overlaps every key; on a collection that is not thread-safe, a change that adds or removes a
 *   key touches the whole collection too.</li>
 *   <li>Operation: {@code READ} for queries, iteration steps and making views; {@code WRITE} for mutators; the
 *   blocking calls of blocking queues are guarded ({@link CollectionStep}).</li>
 *   <li>Receivers the runtime does not model (user implementations of {@code Map}, Guava, views made in code the
 *   runtime did not see) run the real call with no scheduling point and their own visible operations.</li>
 * </ul>
 */
public final class CollectionModel {

    /** What a call does to its collection, as far as scheduling is concerned. */
    enum Call {
        READ, WRITE,
        /** blocks while the queue is empty; interruptible */
        TAKE,
        /** blocks while the queue is full; interruptible */
        PUT,
        /** a timed call of a blocking queue: never blocks in the model (it may time out); interruptible */
        TIMED,
        /** fails closed */
        UNMODELLED;

        static Call of(int code) {
            return switch (code & CollectionCalls.ACCESS_MASK) {
                case CollectionCalls.READ -> READ;
                case CollectionCalls.WRITE -> WRITE;
                case CollectionCalls.TAKE -> TAKE;
                case CollectionCalls.PUT -> PUT;
                default -> UNMODELLED;
            };
        }
    }

    private final Execution execution;
    /** Views and iterators → the collection whose state they show. */
    private final Map<Object, Object> owners = new IdentityHashMap<>();

    public CollectionModel(Execution execution) {
        this.execution = execution;
        execution.garbageCollection.holdsObjects(owners);
    }

    /**
     * The hook before a bracketed call; {@code key} is the call's key for a {@link CollectionCalls#KEYED} call, else
     * {@code null}. A keyed call on a collection modelled key by key touches that key only; a call on one of its views
     * (a {@code keySet()}, whose {@code remove(k)} is keyed, or a {@code values()}, whose is not) the whole collection.
     */
    void begin(ManagedThread self, Object receiver, Object key, int code, int site) throws InterruptedException {
        Object collection = self.classInitDepth > 0 ? null : collectionOf(receiver, code, site);
        if (collection != null && (code & CollectionCalls.ACCESS_MASK) != CollectionCalls.READ) {
            self.execution.journal.collectionWrite(collection, site); // the collection a view shows, for a view
        }
        if (collection != null) {
            if (CollectionClasses.kind(collection.getClass()) == CollectionClasses.Kind.SYNCHRONOUS_QUEUE
                    && (code & CollectionCalls.ACCESS_MASK) != CollectionCalls.READ) {
                throw new UnmodelledPrimitiveException("SynchronousQueue." + method(site) + " (only put, take,"
                        + " offer, poll, add, remove(), drainTo and queries are modelled)", site);
            }
            Location argument = (code & CollectionCalls.READS_ARGUMENT) != 0 ? argumentRead(self, key, site) : null;
            if (CollectionClasses.kind(collection.getClass()) == CollectionClasses.Kind.SYNCHRONIZED) {
                synchronizedStep(self, receiver, collection, Call.of(code), argument, site);
            } else if ((code & CollectionCalls.ENTRY) != 0) {
                entryStep(self, receiver, collection, Call.of(code), site);
            } else {
                if (CollectionClasses.kind(collection.getClass()) == CollectionClasses.Kind.SYNCHRONIZED_CHANGES) {
                    holdMonitorIfSynchronized(self, receiver, collection, code, site);
                }
                boolean keyed = (code & CollectionCalls.KEYED) != 0
                        && (collection == receiver || BackedViews.keyedLikeItsBacking(receiver));
                if ((code & CollectionCalls.ADVANCES) != 0) {
                    step(self, collection, location(collection, self, Call.READ), Call.READ, argument, site, true);
                } else {
                    keyedStep(self, collection, keyed ? key : null, Call.of(code), argument, site);
                }
            }
        }
        enter(self, collection == null || callsBackOpenly(collection, code) ? null : collection);
    }

    /**
     * A call on a synchronized collection ({@link SynchronizedCollections}), or on a view or iterator of one. The
     * collection and its synchronized views take the monitor first, as their real methods do, so a call waits while
     * another thread holds it (in its own {@code synchronized} block, or in a call); then the call is one step on the
     * state the monitor guards, an access of an object that is not thread-safe. An iterator (and any other view that is
     * not itself synchronized) takes no monitor: its steps are ordered against the other threads' calls only if the
     * iterating thread holds the monitor, as the JDK's documentation asks, and are a data race otherwise. Calls on one
     * collection are ordered by its monitor whatever their keys, so they are not modelled key by key.
     */
    private void synchronizedStep(ManagedThread self, Object receiver, Object collection, Call call,
                                  Location argument, int site) throws InterruptedException {
        holdCallMonitor(self, synchronizedMutexOf(receiver, site), site);
        step(self, collection, location(collection, self, call), call, argument, site);
    }

    /** The mutex of {@code receiver} when it is a synchronized collection or view, else {@code null}. */
    private static Object synchronizedMutexOf(Object receiver, int site) {
        return CollectionClasses.kind(receiver.getClass()) == CollectionClasses.Kind.SYNCHRONIZED
                ? SynchronizedCollections.mutexOf(receiver, site)
                : null;
    }

    /** Takes {@code mutex} (if any) for the call, as its real method does; {@link #end} gives it back. */
    private void holdCallMonitor(ManagedThread self, Object mutex, int site) throws InterruptedException {
        if (mutex != null) {
            execution.monitors.enter(self, mutex, site);
            self.callMonitor = mutex;
        }
    }

    /**
     * A call on a {@code Properties} ({@link CollectionClasses.Kind#SYNCHRONIZED_CHANGES}), or on a view of it, takes
     * the monitor its real method takes: the object's own for a {@code synchronized} method of it, the view's mutex
     * (the object again) for a call on one of its synchronized views, none for the rest (its queries, an iterator's
     * steps). A user's {@code synchronized (props) { ... }} then holds back other threads' changes, and not their
     * reads, as on a JVM.
     */
    private void holdMonitorIfSynchronized(ManagedThread self, Object receiver, Object collection, int code, int site)
            throws InterruptedException {
        if (receiver != collection) {
            holdCallMonitor(self, synchronizedMutexOf(receiver, site), site);
            return;
        }
        CollectionCalls.Signature signature = virtualCallee(code, site);
        if (signature != null
                && CollectionClasses.isSynchronized(receiver.getClass(), signature.name(), signature.descriptor())) {
            holdCallMonitor(self, receiver, site);
        }
    }

    /**
     * {@code getValue}/{@code setValue} of an entry an iterator of {@code map} returned: a read or a change of the
     * entry's key. A concurrent map's entry (a {@code Properties}' too) holds a copy of the value that only the entry's
     * own {@code setValue} changes (and writes through to the map), so reading it reads nothing shared.
     */
    private void entryStep(ManagedThread self, Object entry, Object map, Call call, int site)
            throws InterruptedException {
        CollectionClasses.Kind kind = CollectionClasses.kind(map.getClass());
        if (call == Call.READ && (kind == CollectionClasses.Kind.THREAD_SAFE
                || kind == CollectionClasses.Kind.SYNCHRONIZED_CHANGES)) {
            return;
        }
        keyedStep(self, map, ((Map.Entry<?, ?>) entry).getKey(), call, null, site);
    }

    /**
     * The whole of the collection a call reads as its argument ({@code addAll(other)}), for the call's own step to
     * read too, or {@code null}. A synchronized collection is read in a step of its own just before, under its
     * monitor, as the JDK copies it ({@code toArray}) before the call changes anything.
     */
    private Location argumentRead(ManagedThread self, Object argument, int site) throws InterruptedException {
        Object read = argument == null ? null : collectionOf(argument, null, null);
        if (read == null) {
            return null;
        }
        if (CollectionClasses.kind(read.getClass()) == CollectionClasses.Kind.SYNCHRONIZED) {
            argumentAccessed(self, argument, false, site);
            return null;
        }
        return location(read, self, Call.READ);
    }

    /**
     * Whether the callbacks of a traversal ({@code list.forEach(Thread::start)}, {@code map.forEach}) run as the
     * caller's own steps rather than inside the call's step: where the JDK holds no lock while it calls them (the
     * collections that are not thread-safe, and the read-only traversals of the lock-free concurrent ones), another
     * thread may really run between two callbacks, and what the callbacks do (start a thread, take a lock) must stay
     * under control. Blocking queues and copy-on-write mutators hold their lock, so their callbacks stay inside.
     */
    private static boolean callsBackOpenly(Object collection, int code) {
        if ((code & CollectionCalls.TRAVERSAL) == 0) {
            return false;
        }
        CollectionClasses.Kind kind = CollectionClasses.kind(collection.getClass());
        return kind == CollectionClasses.Kind.UNSAFE || kind == CollectionClasses.Kind.ARRAY
                || kind == CollectionClasses.Kind.THREAD_SAFE
                        && (code & CollectionCalls.ACCESS_MASK) == CollectionCalls.READ;
    }

    /**
     * The step of a call on {@code key} of the collection, or on the whole collection when {@code key} is
     * {@code null} or the collection is not modelled key by key ({@link CollectionClasses.Keying}). A change of one
     * key of a collection that is not thread-safe is announced as a change of the whole collection (it may add or
     * remove a key); {@link #end} tells its step whether it kept the structure, and its event is then a change of
     * the key alone (the event is made once the thread has run on, as a compare-and-set's is).
     */
    private void keyedStep(ManagedThread self, Object collection, Object key, Call call, Location argument,
                           int site) throws InterruptedException {
        Location whole = location(collection, self, call);
        CollectionClasses.Keying keying = key == null
                ? CollectionClasses.Keying.NONE
                : CollectionClasses.keying(collection.getClass());
        if (keying == CollectionClasses.Keying.NONE) {
            step(self, collection, whole, call, argument, site);
            return;
        }
        Location keyLocation = execution.mapKeys.of(self, whole, collection, key);
        if (keying == CollectionClasses.Keying.BY_KEY || call == Call.READ || keyLocation.equals(whole)) {
            step(self, collection, keyLocation, call, argument, site);
            return;
        }
        CollectionStep step = new CollectionStep(self, whole, collection, call, null, argument, site);
        step.narrowTo(keyLocation);
        pause(self, step, collection, call, site);
        self.structureCheck = step;
        self.sizeBeforeCall = sizeOf(collection);
    }

    private static int sizeOf(Object collection) {
        return collection instanceof Map<?, ?> map ? map.size() : ((java.util.Collection<?>) collection).size();
    }

    /** The hook after a bracketed call returned or threw. */
    void end(ManagedThread self, int site) {
        boolean outermostModelled = self.collectionDepth == self.suppressedAtDepth;
        end(self);
        if (outermostModelled && self.callMonitor != null) {
            Object mutex = self.callMonitor;
            self.callMonitor = null;
            if (!execution.abandoned()) {
                execution.monitors.exit(self, mutex, site);
            }
        }
    }

    private void end(ManagedThread self) {
        if (self.structureCheck != null && self.collectionDepth == self.suppressedAtDepth) {
            self.structureCheck.structureKept(sizeOf(self.callCollection) == self.sizeBeforeCall);
            self.structureCheck = null;
        }
        if (self.collectionDepth == self.suppressedAtDepth) {
            self.classInitDepth--;
            self.suppressedAtDepth = 0;
            self.callCollection = null;
        }
        self.collectionDepth--;
    }

    /**
     * A JDK constructor or static helper reads ({@code new ArrayList<>(shared)}, {@code List.copyOf(shared)},
     * {@code Collections.max(shared)}) or changes ({@code Collections.sort(shared)}) a collection given as an
     * argument: one step on the whole collection, right before the call, with nothing of the caller's in between. A
     * synchronized collection is read or changed under its monitor, as its own methods do.
     */
    void argumentAccessed(ManagedThread self, Object argument, boolean writes, int site) throws InterruptedException {
        Object collection = self.classInitDepth > 0 || argument == null ? null : collectionOf(argument, null, null);
        if (collection == null) {
            return;
        }
        if (writes) {
            self.execution.journal.collectionWrite(collection, site); // the collection a view shows, for a view
        }
        Call call = writes ? Call.WRITE : Call.READ;
        if (CollectionClasses.kind(collection.getClass()) != CollectionClasses.Kind.SYNCHRONIZED) {
            step(self, collection, location(collection, self, call), call, null, site);
            return;
        }
        Object mutex = SynchronizedCollections.mutexOf(collection, site);
        execution.monitors.enter(self, mutex, site);
        try {
            step(self, collection, location(collection, self, call), call, null, site);
        } finally {
            if (!execution.abandoned()) {
                execution.monitors.exit(self, mutex, site);
            }
        }
    }

    /** The outermost modelled call returned a view or iterator of its collection. */
    void viewReturned(ManagedThread self, Object view) {
        if (view != null && self.callCollection != null && self.collectionDepth == self.suppressedAtDepth) {
            owners.put(view, self.callCollection);
        }
    }

    /**
     * The outermost modelled call, an iterator's {@code next}, returned {@code element}: when the iterator is one of
     * a map's (its entries), the entry is the map's, and its {@code getValue}/{@code setValue} are calls on the map.
     */
    void entryReturned(ManagedThread self, Object element) {
        if (element instanceof Map.Entry<?, ?> && self.callCollection instanceof Map<?, ?>) {
            viewReturned(self, element);
        }
    }

    /**
     * A whole call made by a hook that replaces it (the queue methods): the step, then {@code real} with nested
     * operations suppressed.
     *
     * @param changes for a mutator that may change nothing ({@code poll} of an empty queue), whether it will change
     *                the collection, asked when the step is performed; {@code null} when it always does
     */
    <T> T call(ManagedThread self, Object collection, Call call, BooleanSupplier changes, int site, RealCall<T> real)
            throws InterruptedException {
        return call(self, collection, call, changes, null, site, real);
    }

    /**
     * As {@link #call(ManagedThread, Object, Call, BooleanSupplier, int, RealCall)}; the step is announced on the
     * whole collection and, when {@code part} is not {@code null}, its event is an access of the part it tells (an
     * idle pool worker's take, {@link PoolModel#takenBy}; a queue's slots, {@link QueueSlots}).
     */
    <T> T call(ManagedThread self, Object collection, Call call, BooleanSupplier changes, CollectionStep.Part part,
               int site, RealCall<T> real) throws InterruptedException {
        if (self.classInitDepth == 0) {
            CollectionStep step = new CollectionStep(self, location(collection, self, call), collection, call, changes,
                    site);
            if (part != null) {
                step.touches(part);
            }
            pause(self, step, collection, call, site);
        }
        enter(self, collection);
        try {
            return real.run();
        } finally {
            end(self);
        }
    }

    /** A real call that may throw what the replaced call throws. */
    @FunctionalInterface
    interface RealCall<T> {
        T run() throws InterruptedException;
    }

    /**
     * The method the call at {@code site} names, or {@code null} for a non-virtual call ({@code super.put(k, v)}),
     * which runs the JDK's implementation whatever the receiver's class.
     */
    private static CollectionCalls.Signature virtualCallee(int code, int site) {
        return (code & CollectionCalls.NON_VIRTUAL) != 0 ? null : CollectionCalls.signature(site);
    }

    /** The collection a bracketed call on {@code receiver} accesses, or {@code null} if it is not modelled. */
    private Object collectionOf(Object receiver, int code, int site) {
        CollectionCalls.Signature signature = virtualCallee(code, site);
        return signature == null
                ? collectionOf(receiver, null, null)
                : collectionOf(receiver, signature.name(), signature.descriptor());
    }

    /**
     * The collection a call of {@code name descriptor} on {@code receiver} accesses, or {@code null} if it is not
     * one the runtime models or the method is a user subclass's override ({@code name == null}: the JDK's method is
     * called, whatever the receiver's class).
     */
    public Object collectionOf(Object receiver, String name, String descriptor) {
        Object owner = owners.get(receiver);
        if (owner != null) {
            return owner;
        }
        Object backing = BackedViews.backingOf(receiver);
        if (backing != null) {
            Object viewed = collectionOf(backing, null, null);
            if (viewed != null) {
                owners.put(receiver, viewed);
            }
            return viewed;
        }
        Class<?> type = receiver.getClass();
        if (CollectionClasses.kind(type) == CollectionClasses.Kind.NONE
                || name != null && CollectionClasses.overrides(type, name, descriptor)) {
            return null;
        }
        return receiver;
    }

    /**
     * The whole of a modelled collection, as its calls access it. A synchronized collection's state is named after the
     * monitor that guards it ({@link SynchronizedCollections}), so a map and its synchronized views are one state; it
     * is an object that is not thread-safe, its calls being ordered by the monitor only.
     */
    public Location location(Object collection, ManagedThread self) {
        return location(collection, self, Call.WRITE);
    }

    /**
     * As {@link #location(Object, ManagedThread)}, for a call of this kind: the shared-state watch hears a call that
     * only reads as a read (a list made before the test that every execution only iterates is no state the executions
     * change; heard as a write, it sent the test to one worker).
     */
    private Location location(Object collection, ManagedThread self, Call call) {
        boolean write = call != Call.READ;
        return switch (CollectionClasses.kind(collection.getClass())) {
            case UNSAFE -> Location.unsafeObject(execution.names.nameOf(collection, self, write));
            case SYNCHRONIZED -> Location.unsafeObject(
                    execution.names.nameOf(SynchronizedCollections.mutexOf(collection, -1), self, write));
            case ARRAY -> Location.arrayElements(execution.names.nameOf(collection, self, write));
            default -> Location.objectState(execution.names.nameOf(collection, self, write));
        };
    }

    private static void step(ManagedThread self, Object collection, Location location, Call call,
                             Location argument, int site) throws InterruptedException {
        step(self, collection, location, call, argument, site, false);
    }

    /** @param advances whether the call moves the thread's own iterator on ({@link CollectionStep#advancing}) */
    private static void step(ManagedThread self, Object collection, Location location, Call call,
                             Location argument, int site, boolean advances) throws InterruptedException {
        CollectionStep step = new CollectionStep(self, location, collection, call, null, argument, site);
        pause(self, advances ? step.advancing() : step, collection, call, site);
    }

    /**
     * Pauses the thread at the step until it is performed. Whatever decides the step's event (a narrower location) is
     * set before: the event of a step whose thread is then told to throw is made without the thread running on.
     */
    private static void pause(ManagedThread self, CollectionStep step, Object collection, Call call, int site)
            throws InterruptedException {
        if (call == Call.UNMODELLED) {
            CollectionCalls.Signature signature = CollectionCalls.signature(site);
            boolean timed = signature != null && signature.descriptor().contains("Ljava/util/concurrent/TimeUnit;");
            throw new UnmodelledPrimitiveException(collection.getClass().getName() + "." + method(site)
                    + (timed ? " with a timeout" : ""), site);
        }
        self.pauseAt(step);
        self.throwIfTold();
    }

    /** Counts the call; when it is modelled, suppresses what it does inside. */
    private static void enter(ManagedThread self, Object collection) {
        self.collectionDepth++;
        if (collection != null && self.classInitDepth == 0) {
            self.classInitDepth++;
            self.suppressedAtDepth = self.collectionDepth;
            self.callCollection = collection;
        }
    }

    private static String method(int site) {
        String member = Sites.get(site).member();
        return member.substring(member.lastIndexOf('.') + 1);
    }
}
